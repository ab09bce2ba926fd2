import AXTestSupport
import Foundation
import XCTest

/// Code scanning shows a result on a pull request only on a line the pull
/// request added or edited: on a branch of each snapshot format, every SARIF
/// result of `axdiff check` must lie on lines `git diff -U0` calls added.
final class SARIFChangedLinesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ relative: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// A repository whose main holds `before` and whose `feature` branch holds `after`.
    private func branch(_ before: [String: String], _ after: [String: String], config: String? = nil) throws -> GitFixture {
        let repo = try GitFixture(self)
        var files = before
        if let config { files[".axdiff.json"] = config }
        try repo.commit("Before", files)
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.commit("After", after)
        return repo
    }

    /// The lines `git diff -U0 RANGE` marks added, by path.
    private func addedLines(_ repo: GitFixture, range: String = "main...feature") throws -> [String: Set<Int>] {
        var added: [String: Set<Int>] = [:]
        var path: String?
        for line in try repo.git(["diff", "-U0", "--no-color", range]).split(separator: "\n") {
            if line.hasPrefix("+++ ") {
                path = line.hasPrefix("+++ b/") ? String(line.dropFirst(6)) : nil
            } else if line.hasPrefix("@@"), let path {
                // @@ -a[,b] +c[,d] @@
                let new = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("+") }).dropFirst()
                let parts = new.split(separator: ",").compactMap { Int($0) }
                let start = try XCTUnwrap(parts.first), count = parts.count > 1 ? parts[1] : 1
                added[path, default: []].formUnion(start..<(start + count))
            }
        }
        return added
    }

    private struct Result {
        var rule: String
        var uri: String
        var startLine: Int, endLine: Int
        var startColumn: Int?, endColumn: Int?
        var fingerprint: String?
    }

    private func sarif(_ repo: GitFixture, _ args: [String] = ["check"], exit: Int32 = 1) throws -> [Result] {
        let r = try CLI.run(args + ["--repo", repo.path, "--format", "sarif"])
        XCTAssertEqual(r.code, exit, r.err)
        try validate(r.out)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        return try XCTUnwrap(run["results"] as? [[String: Any]]).map { result in
            let physical = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let region = try XCTUnwrap(physical["region"] as? [String: Any])
            let start = try XCTUnwrap(region["startLine"] as? Int)
            return Result(rule: try XCTUnwrap(result["ruleId"] as? String),
                          uri: try XCTUnwrap((physical["artifactLocation"] as? [String: Any])?["uri"] as? String),
                          startLine: start, endLine: region["endLine"] as? Int ?? start,
                          startColumn: region["startColumn"] as? Int, endColumn: region["endColumn"] as? Int,
                          fingerprint: (result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"])
        }
    }

    /// The official SARIF 2.1.0 schema and sarif-tools accept it (CI installs both; only a
    /// machine without python3 skips this).
    private func validate(_ sarif: String) throws {
        guard (try? CLI.run(["sh", "-c", "command -v python3"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.code == 0 else { return }
        let dir = try CLI.tempDir(self)
        let file = dir.appendingPathComponent("check.sarif")
        try CLI.write(sarif, to: file)
        let schema = Self.root.appendingPathComponent("Tests/AXReportTests/Schemas/sarif-schema-2.1.0.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            validator = jsonschema.validators.validator_for(schema)
            errors = list(validator(schema).iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))))
            for e in errors: print("/".join(map(str, e.absolute_path)), e.message)
            sys.exit(1 if errors else 0)
            """
        let checked = try CLI.run(["python3", "-c", script, schema, file.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(checked.code, 0, checked.out + checked.err)
        let summary = try CLI.run(["sarif", "summary", file.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(summary.code, 0, summary.err)
    }

    /// Every result on added lines, with both columns; returns the results.
    @discardableResult
    private func assertOnChangedLines(_ repo: GitFixture, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Result] {
        let added = try addedLines(repo)
        let results = try sarif(repo)
        for result in results {
            let lines = Set(result.startLine...max(result.startLine, result.endLine))
            XCTAssertTrue(lines.isSubset(of: added[result.uri] ?? []),
                          "\(what): \(result.rule) on \(result.uri) lines \(lines.sorted()), added \((added[result.uri] ?? []).sorted())",
                          file: file, line: line)
            XCTAssertNotNil(result.startColumn, "\(what): \(result.rule)", file: file, line: line)
            XCTAssertNotNil(result.endColumn, "\(what): \(result.rule)", file: file, line: line)
            XCTAssertNotNil(result.fingerprint, "\(what): \(result.rule)", file: file, line: line)
        }
        return results
    }

    func testRecordedJSONResultsAreOnChangedLines() throws {
        let names = ["absolute", "card", "grid", "row"]
        var before: [String: String] = [:], after: [String: String] = [:]
        for name in names {
            before["Snapshots/web/\(name).json"] = try text("Config/examples/pairs/recorded/\(name)-before.json")
            after["Snapshots/web/\(name).json"] = try text("Config/examples/pairs/recorded/\(name)-after.json")
        }
        // The cart button's name became an identifier: only its label line changes.
        let card = try XCTUnwrap(after["Snapshots/web/card.json"])
        XCTAssertTrue(card.contains("\"label\": \"Add Jasmine tea to cart\""))
        after["Snapshots/web/card.json"] = card.replacingOccurrences(of: "\"label\": \"Add Jasmine tea to cart\"", with: "\"label\": \"btn_cart_add\"")
        let results = try assertOnChangedLines(try branch(before, after), "recorded JSON")
        XCTAssertEqual(results.map(\.rule).sorted(), ["label.lost"] + Array(repeating: "order.regressed", count: 6))
        let lost = try XCTUnwrap(results.first { $0.rule == "label.lost" })
        let lines = after["Snapshots/web/card.json"]!.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[lost.startLine - 1].trimmingCharacters(in: .whitespaces), "\"label\": \"btn_cart_add\",",
                       "the lost label's region is its label line, the one line that changed")
        XCTAssertEqual(lost.startColumn, 11, "from the first non-blank character")
        XCTAssertEqual(lost.endColumn, lines[lost.startLine - 1].utf16.count + 1)
    }

    func testARIAResultsAreOnChangedLines() throws {
        var before: [String: String] = [:], after: [String: String] = [:]
        for name in ["card", "share", "soup"] {
            before["Snapshots/\(name).aria.yml"] = try text("Config/examples/pairs/web/\(name)-before.aria.yml")
            after["Snapshots/\(name).aria.yml"] = try text("Config/examples/pairs/web/\(name)-after.aria.yml")
        }
        let results = try assertOnChangedLines(try branch(before, after), "ARIA")
        XCTAssertEqual(results.map(\.rule).sorted(), ["group.split", "label.lost", "order.regressed", "stop.decorative", "stops.increased"])
    }

    func testXCUITestResultsAreOnChangedLinesAndARemovedStopWhereItWas() throws {
        let path = "Tests/AXSnapshotTests/Fixtures/corpus/xcuitest-debugdescription/testpilot-test-app-tabbar.txt"
        let old = try text(path)
        var lines = old.components(separatedBy: "\n").map { $0.replacingOccurrences(of: ", label: 'Profile'", with: "") }
        lines.removeAll { $0.contains("'See more'") }
        let news = try XCTUnwrap(lines.firstIndex { $0.contains("label: 'News'") })
        let moved = Array(lines[news...(news + 1)])
        lines.removeSubrange(news...(news + 1))
        let watch = try XCTUnwrap(lines.firstIndex { $0.contains("label: 'Watch'") })
        lines.insert(contentsOf: moved, at: watch + 2)
        // A removed stop is a note by default; as a warning it is a result, placed where it was.
        let repo = try branch(["Snapshots/TabBar.txt": old], ["Snapshots/TabBar.txt": lines.joined(separator: "\n")],
                              config: #"{"severity": {"stop.removed": "warning"}}"#)
        let results = try assertOnChangedLines(repo, "XCUITest")
        XCTAssertEqual(results.map(\.rule).sorted(), ["label.lost", "order.regressed", "stop.removed"])
        let lost = try XCTUnwrap(results.first { $0.rule == "label.lost" })
        XCTAssertTrue(lines[lost.startLine - 1].contains("{{316.0, 770.0}"), "the Profile button's own line: \(lines[lost.startLine - 1])")
    }

    func testALayoutShiftKeepsEveryAlertsFingerprint() throws {
        let before = try text("Config/examples/pairs/web/share-before.aria.yml")
        let after = try text("Config/examples/pairs/web/share-after.aria.yml")
        let repo = try branch(["Snapshots/share.aria.yml": before], ["Snapshots/share.aria.yml": after])
        let first = try sarif(repo)
        // Lines inserted above every element move each one down.
        let banner = "- banner:\n  - text: Free shipping\n"
        try repo.commit("Banner", ["Snapshots/share.aria.yml": banner + after])
        let second = try assertOnChangedLines(repo, "shifted")
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.map(\.fingerprint), second.map(\.fingerprint), "the same alert after a layout shift")
        XCTAssertNotEqual(first.map(\.startLine), second.map(\.startLine), "the region moved with the element")
    }

    func testShowPlacesACommitsResultsOnTheLinesItChanged() throws {
        var before: [String: String] = [:], after: [String: String] = [:]
        for name in ["card", "share"] {
            before["Snapshots/\(name).aria.yml"] = try text("Config/examples/pairs/web/\(name)-before.aria.yml")
            after["Snapshots/\(name).aria.yml"] = try text("Config/examples/pairs/web/\(name)-after.aria.yml")
        }
        let repo = try branch(before, after)
        let added = try addedLines(repo, range: "feature~1..feature")
        let results = try sarif(repo, ["show", "--compute", "feature"], exit: 0)
        XCTAssertEqual(results.map(\.rule).sorted(), ["label.lost", "order.regressed"])
        for result in results {
            XCTAssertTrue(Set(result.startLine...result.endLine).isSubset(of: added[result.uri] ?? []), "\(result.rule) at \(result.startLine)")
            XCTAssertNotNil(result.startColumn)
        }
    }
}
