import Foundation
import XCTest

/// `axdiff diff`, `speak` and `lint` run as a user runs them.
final class DiffCLITests: XCTestCase {
    let checkout = """
    {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": [
      {"role": "text", "label": "Payment failed"},
      {"id": "card_field", "role": "textField", "label": "Card number"},
      {"role": "button", "label": "Try again"},
      {"role": "button", "label": "Support"}
    ]}
    """
    let drifted = """
    {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": [
      {"role": "button", "label": "Try again"},
      {"role": "text", "label": "Payment failed"},
      {"id": "card_field", "role": "textField", "label": "Card number"},
      {"role": "button", "label": "Support"}
    ]}
    """

    func testSpeakPrintsTheTranscript() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write("""
        {"axsnapshot": 1, "screen": "Orders", "elements": [
          {"role": "heading", "label": "Sign in", "states": ["level=1"]},
          {"role": "image", "hidden": true},
          {"role": "container", "children": [{"role": "text", "label": "Order 1042"}, {"role": "button", "label": "Reorder order 1042"}]},
          {"role": "toggle", "label": "Wi-Fi", "value": "1", "states": ["disabled"]}
        ]}
        """, to: dir.appendingPathComponent("a.json"))
        let r = try CLI.run(["speak", "a.json"], cwd: dir)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out, "Sign in, heading\nOrder 1042\nReorder order 1042, button\nWi-Fi, on, switch button, dimmed\n")
    }

    func testRegressionExitsOneWithTheBeforeAndAfterOrder() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(checkout, to: dir.appendingPathComponent("old/Checkout.json"))
        try CLI.write(drifted, to: dir.appendingPathComponent("new/Checkout.json"))
        let r = try CLI.run(["diff", "old/Checkout.json", "new/Checkout.json"], cwd: dir)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.out.hasPrefix("axdiff: 1 error"), r.out)
        XCTAssertTrue(r.out.contains("order.regressed  \"Try again\" is now read before \"Payment failed\""), r.out)
        XCTAssertTrue(r.out.contains("before: Payment failed › Card number › Try again › Support"), r.out)
        XCTAssertTrue(r.out.contains("after:  Try again › Payment failed › Card number › Support"), r.out)
        XCTAssertEqual(r.err, "")
        // The reverse is a fix: an improvement, exit 0.
        let back = try CLI.run(["diff", "new/Checkout.json", "old/Checkout.json"], cwd: dir)
        XCTAssertEqual(back.code, 0)
        XCTAssertTrue(back.out.contains("order.improved"), back.out)
    }

    /// `diff` ends the process as soon as its report is written
    /// (`Console.end`): a report of a megabyte, many times stdout's buffer,
    /// must still arrive whole, with one change for each relabelled stop.
    func testALargeReportArrivesWholeBeforeTheProcessEnds() throws {
        let dir = try CLI.tempDir(self)
        func screen(_ suffix: String) -> String {
            let stops = (0..<2000).map { #"{"id": "r\#($0)", "role": "button", "label": "Order \#($0)\#(suffix)"}"# }
            return #"{"axsnapshot": 1, "screen": "Big", "platform": "ios", "elements": ["# + stops.joined(separator: ",\n") + "]}"
        }
        try CLI.write(screen(""), to: dir.appendingPathComponent("old.json"))
        try CLI.write(screen(" again"), to: dir.appendingPathComponent("new.json"))
        let r = try CLI.run(["diff", "old.json", "new.json", "--format", "json"], cwd: dir)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertGreaterThan(r.out.utf8.count, 1_000_000)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let changes = try XCTUnwrap(object["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 2000)
        XCTAssertEqual(Set(changes.compactMap { $0["kind"] as? String }), ["label.changed"])
        XCTAssertEqual((object["summary"] as? [String: Any])?["notes"] as? Int, 2000)
        XCTAssertEqual(r.err, "")
    }

    func testJSONIsDeterministicAndCarriesTheFields() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(checkout, to: dir.appendingPathComponent("old.json"))
        try CLI.write(drifted, to: dir.appendingPathComponent("new.json"))
        let a = try CLI.run(["diff", "old.json", "new.json", "--format", "json"], cwd: dir)
        let b = try CLI.run(["diff", "old.json", "new.json", "--format=json"], cwd: dir)
        XCTAssertEqual(a.out, b.out)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(a.out.utf8)) as? [String: Any])
        let changes = try XCTUnwrap(object["changes"] as? [[String: Any]])
        let first = try XCTUnwrap(changes.first)
        for key in ["kind", "severity", "screen", "message", "wcag", "improvement", "elements", "before", "after"] {
            XCTAssertNotNil(first[key], key)
        }
        XCTAssertEqual(first["kind"] as? String, "order.regressed")
        XCTAssertEqual((object["summary"] as? [String: Any])?["errors"] as? Int, 1)
    }

    func testDirectoriesPairByRelativePath() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(checkout, to: dir.appendingPathComponent("a/Checkout.json"))
        try CLI.write(checkout, to: dir.appendingPathComponent("b/Checkout.json"))
        try CLI.write(checkout.replacingOccurrences(of: "Checkout", with: "Gone"), to: dir.appendingPathComponent("a/sub/Gone.json"))
        try CLI.write(checkout.replacingOccurrences(of: "Checkout", with: "Fresh"), to: dir.appendingPathComponent("b/Fresh.json"))
        let r = try CLI.run(["diff", "a", "b", "--format", "json"], cwd: dir)
        XCTAssertEqual(r.code, 0, r.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let kinds = (object["changes"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\($0["path"] ?? "")" }
        XCTAssertTrue(kinds.contains("screen.added@Fresh.json"), "\(kinds)")
        XCTAssertTrue(kinds.contains("screen.removed@sub/Gone.json"), "\(kinds)")
        XCTAssertFalse(kinds.contains { $0.hasSuffix("@Checkout.json") }, "\(kinds)")
    }

    func testLintFlagsTheSmellsOfOneSnapshot() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write("""
        {"axsnapshot": 1, "screen": "Toolbar", "elements": [
          {"role": "button", "label": "square and arrow up"},
          {"role": "image"},
          {"role": "button", "label": "Close button"},
          {"role": "button", "label": "Reorder"}, {"role": "button", "label": "Reorder"}
        ]}
        """, to: dir.appendingPathComponent("t.json"))
        let r = try CLI.run(["lint", "t.json", "--format", "json"], cwd: dir)
        XCTAssertEqual(r.code, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let kinds = (object["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }.sorted()
        XCTAssertEqual(kinds, ["label.missing", "label.role-word", "name.duplicate", "stop.decorative"])
    }

    func testBadInputGivesOneClearLineAndExitTwo() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(checkout, to: dir.appendingPathComponent("ok.json"))
        let cases: [(String, Data, String)] = [
            ("truncated.json", Data(checkout.prefix(60).utf8), "truncated.json:1:61: unterminated string"),
            ("types.json", Data("{\"axsnapshot\": 1, \"elements\": [\n  {\"role\": \"text\",\n   \"label\": 42}]}".utf8),
             "types.json:3:13: expected a string for \"label\", found a number"),
            ("utf8.json", Data([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D]), "utf8.json:1:3: invalid UTF-8"),
            ("binary.json", Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), "binary.json:1:5: NUL byte"),
            ("empty.json", Data(), "empty.json: empty file"),
            ("deep.json", Data(("{\"axsnapshot\": 1, \"elements\": " + String(repeating: "[", count: 10_000)).utf8), "deep.json:1:"),
            ("prose.txt", Data("Dear reader,\nthis is a letter.\n".utf8), "not a snapshot in any known format (tried axsnapshot JSON"),
        ]
        for (name, data, expected) in cases {
            try data.write(to: dir.appendingPathComponent(name))
            let r = try CLI.run(["diff", "ok.json", name], cwd: dir, timeout: 30)
            XCTAssertEqual(r.code, 2, name)
            let lines = r.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(name): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("axdiff: "), r.err)
            XCTAssertTrue(r.err.contains(expected), "\(name): \(r.err)")
            XCTAssertTrue(r.out.contains("snapshot.unreadable"), "\(name): \(r.out)")
        }
        let speak = try CLI.run(["speak", "types.json"], cwd: dir)
        XCTAssertEqual(speak.code, 2)
        XCTAssertEqual(speak.err, "axdiff: types.json:3:13: expected a string for \"label\", found a number\n")
    }

    func testUsageErrors() throws {
        let r = try CLI.run(["diff", "only-one.json"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("axdiff: expected OLD and NEW"), r.err)
        XCTAssertTrue(r.err.contains("See 'axdiff help diff'"), r.err)
        XCTAssertEqual(try CLI.run(["diff", "a", "b", "--format", "pdf"]).code, 2)
        XCTAssertEqual(try CLI.run(["frobnicate"]).code, 2)
        let help = try CLI.run(["diff", "--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.out.contains("Usage: axdiff diff OLD NEW"))
    }

    func testConfigOverridesSeverityAndBadConfigIsExitTwo() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(checkout, to: dir.appendingPathComponent("old.json"))
        try CLI.write(drifted, to: dir.appendingPathComponent("new.json"))
        try CLI.write(#"{"severity": {"order.regressed": "warning"}}"#, to: dir.appendingPathComponent("soft.json"))
        XCTAssertEqual(try CLI.run(["diff", "old.json", "new.json", "--config", "soft.json"], cwd: dir).code, 0)
        try CLI.write(#"{"severity": {"order.regressed": "fatal"}}"#, to: dir.appendingPathComponent("bad.json"))
        let bad = try CLI.run(["diff", "old.json", "new.json", "--config", "bad.json"], cwd: dir)
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(bad.err, "axdiff: bad.json:1:34: expected one of error, warning, note, off for \"severity.order.regressed\"\n")
    }
}
