import AXDiff
@testable import AXReport
import Foundation
import XCTest

final class JSONReportTests: XCTestCase {
    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    func testChangesCarryEveryField() throws {
        let root = try parse(Report.json.render(Fixtures.mixed, Fixtures.plain))
        XCTAssertEqual(Set(root.keys), ["changes", "remarks", "summary", "tool"])
        XCTAssertEqual(root["tool"] as? String, "axdiff 0.1.0")
        let changes = try XCTUnwrap(root["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 8)
        for change in changes {
            XCTAssertEqual(Set(change.keys), ["kind", "severity", "screen", "path", "message", "wcag", "improvement",
                                              "accepted", "elements", "before", "after"])
        }
        // Report order: screens by path, then severity, kind, element.
        XCTAssertEqual(changes.map { $0["kind"] as? String }, [
            "order.regressed", "stops.increased", "group.merged", "label.changed",
            "label.missing", "name.duplicate", "stop.added", "screen.added",
        ])
        let regressed = changes[0]
        XCTAssertEqual(regressed["severity"] as? String, "error")
        XCTAssertEqual(regressed["screen"] as? String, "Checkout")
        XCTAssertEqual(regressed["path"] as? String, "Snapshots/Checkout.json")
        XCTAssertEqual(regressed["wcag"] as? [String], ["1.3.2", "2.4.3"])
        XCTAssertEqual(regressed["improvement"] as? Bool, false)
        XCTAssertEqual(regressed["before"] as? String, "Payment failed › Try again")
        let element = try XCTUnwrap((regressed["elements"] as? [[String: Any]])?.first)
        XCTAssertEqual(element["id"] as? String, "retry_button")
        XCTAssertEqual(element["label"] as? String, "Try again")
        XCTAssertEqual(element["role"] as? String, "button")
        XCTAssertEqual(element["index"] as? Int, 0)
        XCTAssertEqual(element["line"] as? Int, 12)

        XCTAssertTrue(changes[2]["improvement"] as? Bool == true)
        XCTAssertTrue(changes[2]["before"] is NSNull, "absent values are null, not missing")
        XCTAssertTrue(changes[4]["accepted"] as? Bool == true)
        XCTAssertTrue(((changes[4]["elements"] as? [[String: Any]])?.first?["id"]) as? String == "icGear")
        XCTAssertTrue(((changes[1]["elements"] as? [[String: Any]])?.isEmpty) == true)
    }

    func testAwkwardLabelsSurviveExactly() throws {
        let changes = try XCTUnwrap(try parse(Report.json.render(Fixtures.mixed, Fixtures.plain))["changes"] as? [[String: Any]])
        let hostile = "<script>alert(\"x\")</script> | `code` *bold* _it_ [link](x) & \\ \t\u{7}end"
        XCTAssertEqual(changes[3]["after"] as? String, hostile)
        XCTAssertEqual(changes[6]["after"] as? String, "Hello\nworld 👋 こんにちは")
        XCTAssertEqual(changes[4]["screen"] as? String, "Settings 設定")
    }

    func testSummaryCounts() throws {
        let summary = try XCTUnwrap(try parse(Report.json.render(Fixtures.mixed, Fixtures.plain))["summary"] as? [String: Any])
        XCTAssertEqual(summary as NSDictionary, [
            "errors": 1, "warnings": 2, "notes": 4, "improvements": 1, "accepted": 1, "screens": 3, "snapshots": 14,
        ] as NSDictionary)

        let gate = try parse(Report.json.render(Fixtures.mixed, Fixtures.gate))
        let gateSummary = try XCTUnwrap(gate["summary"] as? [String: Any])
        XCTAssertEqual(gateSummary["failOn"] as? String, "error")
        XCTAssertEqual(gateSummary["passed"] as? Bool, false)
        let commit = try XCTUnwrap(gate["commit"] as? [String: Any])
        XCTAssertEqual(commit["sha"] as? String, Fixtures.commit.sha)
        XCTAssertEqual(commit["subject"] as? String, "Move \"Try again\" <up> & away")
    }

    func testKeysAreSortedAtEveryLevel() throws {
        try ExternalTools.requirePython()
        let path = try ExternalTools.write(for: self, Report.json.render(Fixtures.mixed, Fixtures.withCommit), named: "report.json")
        let run = try ExternalTools.python("""
            import json, sys
            def check(pairs):
                keys = [k for k, _ in pairs]
                assert keys == sorted(keys), keys
                return dict(pairs)
            text = open(sys.argv[1], encoding="utf-8").read()
            doc = json.loads(text, object_pairs_hook=check)
            print(len(doc["changes"]))
            """, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "8\n")
    }

    func testEncoderEscapesAsJSONRequires() {
        let value = JSONDocument.object([
            "b": .string("quote \" backslash \\ slash / newline \n tab \t nul \u{0} esc \u{1B} del \u{7F} ls \u{2028}"),
            "a": .string("é 設定 👋"),
            "c": .array([]),
            "d": .object([:]),
            "e": .array([.int(-3), .bool(true), .null]),
            "B": .nullable(nil),
        ])
        XCTAssertEqual(value.rendered, #"""
            {
              "B": null,
              "a": "é 設定 👋",
              "b": "quote \" backslash \\ slash / newline \n tab \t nul \u0000 esc \u001b del \u007f ls \u2028",
              "c": [],
              "d": {},
              "e": [
                -3,
                true,
                null
              ]
            }

            """#)
    }

    func testMatchesPythonsOwnRendering() throws {
        // Python's json.dumps(indent=2, sort_keys=True, ensure_ascii=False) is the
        // reference for the layout; the reports contain no characters it escapes differently.
        try ExternalTools.requirePython()
        let text = Report.json.render(Fixtures.design, Fixtures.withCommit)
        let path = try ExternalTools.write(for: self, text, named: "report.json")
        let run = try ExternalTools.python("""
            import json, sys
            text = open(sys.argv[1], encoding="utf-8").read()
            sys.stdout.write(json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False) + "\\n")
            """, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, text)
    }
}
