import AXDiff
@testable import AXReport
import AXSnapshot
import Foundation
import XCTest

final class SARIFReportTests: XCTestCase {
    private func parse(_ report: DiffReport, _ context: ReportContext = Fixtures.plain) throws -> [String: Any] {
        let text = Report.sarif.render(report, context)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func run(_ root: [String: Any]) throws -> [String: Any] {
        let runs = try XCTUnwrap(root["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        return runs[0]
    }

    private func results(_ report: DiffReport, _ context: ReportContext = Fixtures.plain) throws -> [[String: Any]] {
        try XCTUnwrap((try run(try parse(report, context)))["results"] as? [[String: Any]])
    }

    private func physical(_ result: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    }

    private func uri(_ result: [String: Any]) throws -> String {
        try XCTUnwrap((try physical(result)["artifactLocation"] as? [String: Any])?["uri"] as? String)
    }

    private func startLine(_ result: [String: Any]) throws -> Int {
        try XCTUnwrap((try physical(result)["region"] as? [String: Any])?["startLine"] as? Int)
    }

    /// Every report these tests build, for the checks every output must pass.
    private var allReports: [(String, DiffReport)] {
        [("design", Fixtures.design), ("mixed", Fixtures.mixed), ("platforms", Fixtures.twoPlatforms),
         ("edges", Fixtures.edges), ("empty", DiffReport(screens: [], snapshotsCompared: 0))]
    }

    func testValidatesAgainstTheOfficialSchema() throws {
        try ExternalTools.requirePython()
        let schema = try ExternalTools.schema("sarif-schema-2.1.0.json")
        var paths: [String] = []
        for (fixture, report) in allReports {
            for context in [Fixtures.plain, Fixtures.gate] {
                paths.append(try ExternalTools.write(for: self, Report.sarif.render(report, context), named: "\(fixture).sarif"))
            }
        }
        let run = try ExternalTools.python("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            validator = jsonschema.validators.validator_for(schema)
            validator.check_schema(schema)
            failed = 0
            for path in sys.argv[2:]:
                for error in validator(schema, format_checker=validator.FORMAT_CHECKER).iter_errors(json.load(open(path, encoding="utf-8"))):
                    failed += 1
                    print(path, "/".join(map(str, error.absolute_path)), error.message)
            print("checked", len(sys.argv) - 2)
            sys.exit(1 if failed else 0)
            """, [schema] + paths)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, "checked \(allReports.count * 2)\n")
    }

    /// The rules GitHub's "SARIF support for code scanning" states, checked in
    /// Python on the parsed file: relative URIs, `startLine` ≥ 1, a fingerprint
    /// and a known rule per result, a category, at most 5,000 results, rules
    /// with the metadata code scanning shows and at most 10 tags.
    private static let githubRules = """
        import json, sys, urllib.parse
        problems = []
        for path in sys.argv[1:]:
            doc = json.load(open(path, encoding="utf-8"))
            assert doc["version"] == "2.1.0"
            for run in doc["runs"]:
                rules = run["tool"]["driver"]["rules"]
                ids = [r["id"] for r in rules]
                if len(set(ids)) != len(ids): problems.append("duplicate rule ids")
                for r in rules:
                    for key in ("name", "shortDescription", "fullDescription", "helpUri", "help"):
                        if not r.get(key): problems.append(r["id"] + " lacks " + key)
                    props = r.get("properties", {})
                    if props.get("precision") not in ("very-high", "high", "medium", "low"): problems.append(r["id"] + " precision")
                    if props.get("problem.severity") not in ("error", "warning", "recommendation"): problems.append(r["id"] + " problem.severity")
                    if len(props.get("tags", [])) > 10: problems.append(r["id"] + " has more than 10 tags")
                auto = run.get("automationDetails", {}).get("id", "")
                if not auto.endswith("/") or len(auto) < 2: problems.append("automationDetails.id " + repr(auto))
                results = run["results"]
                if len(results) > 5000: problems.append("more than 5000 results")
                for res in results:
                    if res["ruleId"] not in ids: problems.append("unknown rule " + res["ruleId"])
                    if ids[res["ruleIndex"]] != res["ruleId"]: problems.append("ruleIndex")
                    if res["level"] not in ("error", "warning"): problems.append("level " + res["level"])
                    if not res.get("partialFingerprints"): problems.append("no fingerprint")
                    if "suppressions" in res: problems.append("suppressions are ignored by code scanning")
                    loc = res["locations"][0]["physicalLocation"]
                    uri = loc["artifactLocation"]["uri"]
                    parsed = urllib.parse.urlparse(uri)
                    if parsed.scheme or uri.startswith("/") or not uri: problems.append("not relative: " + uri)
                    line = loc["region"]["startLine"]
                    if not isinstance(line, int) or line < 1: problems.append("startLine " + repr(line))
        print("\\n".join(problems) if problems else "ok")
        """

    func testEveryResultFollowsGitHubsRules() throws {
        try ExternalTools.requirePython()
        var paths: [String] = []
        for (fixture, report) in allReports + [("many", Fixtures.many(seed: 19, changes: 900))] {
            for context in [Fixtures.plain, Fixtures.gate, ReportContext(category: "ios")] {
                paths.append(try ExternalTools.write(for: self, Report.sarif.render(report, context), named: "\(fixture).sarif"))
            }
        }
        let overLimit = Fixtures.many(seed: 19, changes: Report.sarifResultLimit + 300, openOnly: true)
        paths.append(try ExternalTools.write(for: self, Report.sarif.render(overLimit, Fixtures.gate), named: "over-limit.sarif"))
        let run = try ExternalTools.python(Self.githubRules, paths)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "ok\n")
    }

    func testSarifToolsReadsIt() throws {
        try ExternalTools.requirePython()
        let path = try ExternalTools.write(for: self, Report.sarif.render(Fixtures.mixed, Fixtures.plain), named: "mixed.sarif")
        let command = ExternalTools.which("sarif") ? ["sarif"] : ["python3", "-m", "sarif"]
        let run = try ExternalTools.run(command + ["summary", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        // Only the open error and the two warnings are alerts.
        XCTAssertTrue(run.stdout.contains("error: 1"), run.stdout)
        XCTAssertTrue(run.stdout.contains("warning: 2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("note: 0"), run.stdout)
        XCTAssertTrue(run.stdout.contains("order.regressed"), run.stdout)
        XCTAssertFalse(run.stdout.contains("label.missing"), "the accepted change is not an alert: \(run.stdout)")
    }

    func testDriverAndRulesComeFromTheKindList() throws {
        let root = try parse(Fixtures.design, ReportContext(toolVersion: "axdiff 9.8.7"))
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        let driver = try XCTUnwrap(((try run(root))["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "axdiff")
        XCTAssertEqual(driver["version"] as? String, "9.8.7")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ChangeKind.allCases.map(\.rawValue))
        XCTAssertEqual(Set(rules.compactMap { $0["name"] as? String }).count, ChangeKind.allCases.count, "names are distinct")

        for (kind, rule) in zip(ChangeKind.allCases, rules) {
            XCTAssertEqual((rule["shortDescription"] as? [String: Any])?["text"] as? String, kind.summary)
            XCTAssertEqual((rule["fullDescription"] as? [String: Any])?["text"] as? String, kind.help)
            let properties = try XCTUnwrap(rule["properties"] as? [String: Any])
            XCTAssertEqual(properties["problem.severity"] as? String,
                           ["error": "error", "warning": "warning", "note": "recommendation"][kind.defaultSeverity.rawValue])
            XCTAssertNotNil(properties["precision"] as? String)
            let helpUri = try XCTUnwrap(rule["helpUri"] as? String)
            if let criterion = kind.criteria.first {
                XCTAssertEqual(helpUri, criterion.understandingURL)
                XCTAssertTrue(helpUri.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"), helpUri)
            } else {
                XCTAssertEqual(helpUri, ReportContext.defaultInformationURI, "\(kind.rawValue) cites no criterion")
            }
        }
        let regressed = rules[0]
        XCTAssertEqual(regressed["name"] as? String, "OrderRegressed")
        XCTAssertEqual(regressed["helpUri"] as? String, "https://www.w3.org/WAI/WCAG22/Understanding/meaningful-sequence.html")
        XCTAssertEqual((regressed["properties"] as? [String: Any])?["tags"] as? [String], ["accessibility", "wcag-1.3.2", "wcag-2.4.3"])
        XCTAssertEqual((regressed["properties"] as? [String: Any])?["precision"] as? String, "high")
        XCTAssertEqual(ChangeKind.labelRoleWord.sarifName, "LabelRoleWord")
    }

    func testEveryCitedCriterionHasAnUnderstandingPage() {
        for kind in ChangeKind.allCases {
            XCTAssertEqual(kind.criteria.map(\.number), kind.wcag, "\(kind.rawValue) cites a criterion axdiff cannot link")
        }
        XCTAssertNil(WCAGCriterion.numbered("9.9.9"))
    }

    func testOnlyOpenErrorsAndWarningsAreAlerts() throws {
        let root = try parse(Fixtures.mixed)
        let results = try XCTUnwrap((try run(root))["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["order.regressed", "stops.increased", "name.duplicate"])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning", "warning"])
        XCTAssertTrue(results.allSatisfy { $0["suppressions"] == nil })
        let properties = try XCTUnwrap((try run(root))["properties"] as? [String: Any])
        XCTAssertEqual(properties["leftOut"] as? [String: Int], ["accepted": 1, "improvements": 1, "notes": 3])

        XCTAssertEqual(try uri(results[2]), "Snapshots/Settings%20%E8%A8%AD%E5%AE%9A.json")
        XCTAssertEqual(try uri(results[2]).removingPercentEncoding, "Snapshots/Settings 設定.json")
        XCTAssertEqual(try startLine(results[0]), 12)
        XCTAssertEqual(try startLine(results[1]), 1, "a change without an element points at the file's start")
    }

    func testUnreadableAndRemovedSnapshotsAndCategory() throws {
        let results = try self.results(Fixtures.edges, ReportContext(category: "ios"))
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["snapshot.unreadable", "screen.removed"])
        let unreadable = try physical(results[0])
        XCTAssertEqual((unreadable["artifactLocation"] as? [String: Any])?["uri"] as? String, "Snapshots/Broken.json")
        XCTAssertEqual(unreadable["region"] as? [String: Int], ["startLine": 3, "startColumn": 17])
        XCTAssertEqual(try uri(results[1]), ".", "the removed file does not exist: the repository root")
        XCTAssertEqual(try startLine(results[1]), 1)

        let id = { (context: ReportContext) in
            (((try self.run(try self.parse(Fixtures.edges, context)))["automationDetails"] as? [String: Any])?["id"] as? String)
        }
        XCTAssertEqual(try id(ReportContext(category: "ios")), "axdiff/ios/")
        XCTAssertEqual(try id(ReportContext(category: "android")), "axdiff/android/")
        XCTAssertEqual(try id(ReportContext(category: "web app/main")), "axdiff/web-app-main/")
        XCTAssertEqual(try id(Fixtures.plain), "axdiff/")
    }

    func testAChangePointsAtItsElementsLineInTheSnapshotFile() throws {
        let old = """
            {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": [
              {"id": "total", "role": "text", "label": "Total"},
              {"id": "retry_button", "role": "button", "label": "Try again"},
              {"id": "pay", "role": "button", "label": "Pay"}
            ]}
            """
        let new = """
            {"axsnapshot": 1, "screen": "Checkout", "platform": "ios",
             "elements": [
              {"id": "total", "role": "text", "label": "Total"},

              {"id": "pay", "role": "button", "label": "Pay"},
              {"id": "retry_button", "role": "button", "label": "icRetry"}
            ]}
            """
        let path = "Snapshots/Checkout.json"
        let before = try SnapshotReader.read(Array(old.utf8), file: path)
        let after = try SnapshotReader.read(Array(new.utf8), file: path)
        let diff = ScreenDiffer.diff(old: before, new: after, path: path)
        let lost = try XCTUnwrap(diff.changes.first { $0.kind == .labelLost })
        XCTAssertEqual(lost.elements.first?.id, "retry_button")
        let results = try self.results(DiffReport(screens: [diff], snapshotsCompared: 1))
        let result = try XCTUnwrap(results.first { $0["ruleId"] as? String == "label.lost" })
        XCTAssertEqual(try startLine(result), 6, "the line of retry_button in the new file")
        XCTAssertEqual(results.count, diff.changes.filter { $0.severity >= .warning && !$0.improvement }.count)
    }

    func testFingerprintsNameThePathTheKindAndTheElement() throws {
        XCTAssertEqual(FNV1a.hex(""), "cbf29ce484222325")
        XCTAssertEqual(FNV1a.hex("foobar"), "85944171f73967e8")

        let results = try self.results(Fixtures.twoPlatforms)
        XCTAssertEqual(results.count, 4)
        // The one fingerprint code scanning reads; it keys an alert across pushes.
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        XCTAssertEqual(prints.count, 4)
        XCTAssertEqual(Set(prints).count, 4, "the same kind and element on two platforms' Orders are two alerts")
        XCTAssertEqual(prints[0], FNV1a.hex("Snapshots/android/Orders.json\u{1F}label.lost\u{1F}retry_button") + ":1")

        // The same element, moved elsewhere and reworded, is the same alert.
        let moved = Change(kind: .labelLost, screen: "Orders",
                           elements: [ElementRef(id: "retry_button", label: "", role: .button, index: 9, line: 40)],
                           message: "Reworded")
        XCTAssertEqual(Report.fingerprint(moved, path: "Snapshots/android/Orders.json") + ":1", prints[0])
        // Rendering twice gives the same bytes.
        XCTAssertEqual(Report.sarif.render(Fixtures.twoPlatforms, Fixtures.gate), Report.sarif.render(Fixtures.twoPlatforms, Fixtures.gate))
    }

    func testMoreResultsThanGitHubShowsKeepTheMostSevere() throws {
        let report = Fixtures.many(seed: 7, changes: Report.sarifResultLimit + 300, openOnly: true)
        let open = report.allChanges.filter { !$0.accepted && !$0.improvement && $0.severity >= .warning }
        XCTAssertGreaterThan(open.count, Report.sarifResultLimit, "seed 7 must overflow the limit")
        let root = try parse(report)
        let results = try XCTUnwrap((try run(root))["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, Report.sarifResultLimit)
        let errors = open.filter { $0.severity == .error }.count
        XCTAssertEqual(results.filter { $0["level"] as? String == "error" }.count, min(errors, Report.sarifResultLimit), "seed 7")
        let leftOut = try XCTUnwrap(((try run(root))["properties"] as? [String: Any])?["leftOut"] as? [String: Int])
        XCTAssertEqual(leftOut["overLimit"], open.count - Report.sarifResultLimit)
    }
}
