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

    func testValidatesAgainstTheOfficialSchema() throws {
        try ExternalTools.requirePython()
        let schema = try ExternalTools.schema("sarif-schema-2.1.0.json")
        var paths: [String] = []
        for (fixture, report) in [("design", Fixtures.design), ("mixed", Fixtures.mixed),
                                  ("empty", DiffReport(screens: [], snapshotsCompared: 0))] {
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
        XCTAssertEqual(run.stdout, "checked 6\n")
    }

    func testSarifToolsReadsIt() throws {
        try ExternalTools.requirePython()
        let path = try ExternalTools.write(for: self, Report.sarif.render(Fixtures.mixed, Fixtures.plain), named: "mixed.sarif")
        let command = ExternalTools.which("sarif") ? ["sarif"] : ["python3", "-m", "sarif"]
        let run = try ExternalTools.run(command + ["summary", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        // sarif-tools counts results by level, suppressed (accepted) ones included.
        XCTAssertTrue(run.stdout.contains("error: 2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("warning: 2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("note: 4"), run.stdout)
        XCTAssertTrue(run.stdout.contains("order.regressed"), run.stdout)
    }

    func testDriverAndRules() throws {
        let root = try parse(Fixtures.design, ReportContext(toolVersion: "axdiff 9.8.7"))
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        XCTAssertEqual(root["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let driver = try XCTUnwrap(((try run(root))["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "axdiff")
        XCTAssertEqual(driver["version"] as? String, "9.8.7")
        XCTAssertNotNil(driver["informationUri"] as? String)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ChangeKind.allCases.map(\.rawValue))

        let regressed = rules[0]
        XCTAssertEqual((regressed["shortDescription"] as? [String: Any])?["text"] as? String, ChangeKind.orderRegressed.summary)
        XCTAssertNotNil((regressed["fullDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertEqual((regressed["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        XCTAssertEqual(regressed["helpUri"] as? String, "https://www.w3.org/WAI/WCAG22/Understanding/meaningful-sequence.html")
        let help = try XCTUnwrap(regressed["help"] as? [String: String])
        XCTAssertTrue(help["text"]!.contains("1.3.2 Meaningful Sequence (Level A): https://www.w3.org/WAI/WCAG22/Understanding/meaningful-sequence.html"))
        XCTAssertTrue(help["markdown"]!.contains("[2.4.3 Focus Order](https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html)"))
        XCTAssertEqual((regressed["properties"] as? [String: Any])?["tags"] as? [String], ["accessibility", "wcag-1.3.2", "wcag-2.4.3"])

        let improved = rules[ChangeKind.allCases.firstIndex(of: .orderImproved)!]
        XCTAssertNil(improved["helpUri"], "no criterion, no help page")
        XCTAssertEqual((improved["defaultConfiguration"] as? [String: Any])?["level"] as? String, "note")
    }

    func testEveryCitedCriterionHasAnUnderstandingPage() {
        for kind in ChangeKind.allCases {
            XCTAssertEqual(kind.criteria.map(\.number), kind.wcag, "\(kind.rawValue) cites a criterion axdiff cannot link")
        }
        XCTAssertEqual(WCAGCriterion.numbered("3.3.1")?.understandingURL,
                       "https://www.w3.org/WAI/WCAG22/Understanding/error-identification.html")
        XCTAssertNil(WCAGCriterion.numbered("9.9.9"))
    }

    func testResults() throws {
        let results = try XCTUnwrap((try run(try parse(Fixtures.mixed)))["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 8)
        for result in results {
            let ruleID = try XCTUnwrap(result["ruleId"] as? String)
            XCTAssertEqual(result["ruleIndex"] as? Int, ChangeKind.allCases.firstIndex { $0.rawValue == ruleID })
            let uri = try XCTUnwrap(((((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
                as? [String: Any])?["artifactLocation"]) as? [String: Any])?["uri"] as? String)
            XCTAssertNotNil(uri.range(of: #"^[A-Za-z0-9._~/%-]+$"#, options: .regularExpression), uri)
        }
        XCTAssertEqual(results.map { $0["level"] as? String },
                       ["error", "warning", "note", "note", "error", "warning", "note", "note"])

        let regressed = results[0]
        XCTAssertEqual((regressed["message"] as? [String: Any])?["text"] as? String, "\"Try again\" is now read before \"Payment failed\"")
        let physical = try XCTUnwrap((regressed["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["region"] as? [String: Any])?["startLine"] as? Int, 12)
        XCTAssertNil(regressed["suppressions"])

        let accepted = results[4]
        XCTAssertEqual(accepted["ruleId"] as? String, "label.missing")
        let suppressions = try XCTUnwrap(accepted["suppressions"] as? [[String: Any]])
        XCTAssertEqual(suppressions.first?["kind"] as? String, "external")
        XCTAssertEqual(suppressions.first?["justification"] as? String, "Axdiff-Accept trailer")
        let settingsURI = (((accepted["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        XCTAssertEqual(settingsURI, "Snapshots/Settings%20%E8%A8%AD%E5%AE%9A.json")
        XCTAssertEqual(settingsURI?.removingPercentEncoding, "Snapshots/Settings 設定.json")
    }

    func testFingerprintsAreStableAndFollowTheElement() throws {
        // Known FNV-1a 64 test vectors.
        XCTAssertEqual(FNV1a.hex(""), "cbf29ce484222325")
        XCTAssertEqual(FNV1a.hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(FNV1a.hex("foobar"), "85944171f73967e8")

        let results = try XCTUnwrap((try run(try parse(Fixtures.mixed)))["results"] as? [[String: Any]])
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["axdiff/v1"] }
        XCTAssertEqual(prints.count, results.count)
        XCTAssertEqual(Set(prints).count, prints.count, "distinct changes, distinct fingerprints")
        XCTAssertEqual(prints[0], FNV1a.hex("order.regressed\u{1F}Checkout\u{1F}retry_button"))

        // The same element, moved elsewhere and reworded, is the same finding.
        let moved = Change(kind: .orderRegressed, screen: "Checkout",
                           elements: [ElementRef(id: "retry_button", label: "Retry", role: .button, index: 7)],
                           message: "Reworded")
        XCTAssertEqual(Report.fingerprint(moved), prints[0])
        let unlabelled = ElementRef(id: nil, label: "", role: .image, index: 2)
        XCTAssertNotEqual(Report.fingerprint(Change(kind: .labelMissing, screen: "S", elements: [unlabelled], message: "m")),
                          Report.fingerprint(Change(kind: .labelMissing, screen: "S", elements: [], message: "m")))
    }
}
