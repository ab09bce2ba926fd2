import AXDiff
@testable import AXReport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class JUnitReportTests: XCTestCase {
    /// Every test case as junitparser reads it, one line each:
    /// `classname | name | file | result: message`, after a check that the
    /// suites' counts agree with their cases and that no two tests share an id.
    private func junitparser(_ xml: String) throws -> String {
        let path = try ExternalTools.write(for: self, xml, named: "junit.xml")
        let run = try ExternalTools.python("""
            import sys, junitparser
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            seen = set()
            for suite in xml:
                cases = list(suite)
                failed = [c for c in cases if any(isinstance(r, junitparser.Failure) for r in c.result)]
                skipped = [c for c in cases if any(isinstance(r, junitparser.Skipped) for r in c.result)]
                assert suite.tests == len(cases), (suite.name, suite.tests, len(cases))
                assert suite.failures == len(failed), (suite.name, suite.failures, len(failed))
                assert suite.skipped == len(skipped) == 0, ("no skipped cases", suite.name, suite.skipped, len(skipped))
                for c in cases:
                    key = (c.classname, c.name)
                    assert key not in seen, ("duplicate test id", key)
                    seen.add(key)
                    result = "passed"
                    if c.system_out: result += ": " + c.system_out.splitlines()[0]
                    for r in c.result:
                        result = type(r).__name__.lower() + ": " + (r.message or "")
                    print(c.classname, "|", c.name, "|", c._elem.get("file"), "|", result)
            """, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    func testTwoScreensOfOneNameOnTwoPlatformsAreTwoSetsOfTests() throws {
        try ExternalTools.requirePython()
        // The Android label loss is accepted, the iOS ones are not: the failing
        // iOS test must not hide behind the passing Android one of the same name.
        var report = Fixtures.twoPlatforms
        report.screens[0].changes[0].accepted = true
        XCTAssertEqual(report.screens[0].path, "Snapshots/android/Orders.json")
        XCTAssertEqual(try junitparser(Report.junit.render(report, Fixtures.gate)), """
            Snapshots/android/Orders.json | label.lost "Retry" (id retry_button) | Snapshots/android/Orders.json | passed: accepted by an Axdiff-Accept trailer: #retry_button lost its label "Retry"; TalkBack says only "button"
            Snapshots/android/Orders.json | stop.decorative "divider" | Snapshots/android/Orders.json | passed: warning, below error: A new image "divider" takes a stop
            Snapshots/ios/Orders.json | label.lost "Retry" (id retry_button) | Snapshots/ios/Orders.json | failure: #retry_button lost its label "Retry"; TalkBack says only "button"
            Snapshots/ios/Orders.json | label.lost "Retry" (id cancel_button) | Snapshots/ios/Orders.json | failure: #cancel_button lost its label "Retry"; TalkBack says only "button"

            """)
    }

    func testOneTestCasePerFailingChangeAndWarningsVisible() throws {
        try ExternalTools.requirePython()
        XCTAssertEqual(try junitparser(Report.junit.render(Fixtures.mixed, Fixtures.plain)), """
            Snapshots/Checkout.json | order.regressed "Try again" (id retry_button) | Snapshots/Checkout.json | failure: "Try again" is now read before "Payment failed"
            Snapshots/Checkout.json | stops.increased | Snapshots/Checkout.json | passed: warning, below error: The screen now takes 7 swipes instead of 5
            Snapshots/Settings 設定.json | label.missing unlabelled button (id icGear) | Snapshots/Settings 設定.json | passed: accepted by an Axdiff-Accept trailer: A new button has no label; VoiceOver says only "button"
            Snapshots/Settings 設定.json | name.duplicate "Reorder" (id a) | Snapshots/Settings 設定.json | passed: warning, below error: 2 buttons are called "Reorder"
            Snapshots/Welcome.json | accessibility check | Snapshots/Welcome.json | passed

            """)
        // A stricter gate fails the warnings; `off` fails nothing but hides nothing.
        let strict = try junitparser(Report.junit.render(Fixtures.mixed, ReportContext(failOn: .warning)))
        XCTAssertEqual(strict.components(separatedBy: "| failure:").count - 1, 3, strict)
        let off = try junitparser(Report.junit.render(Fixtures.mixed, ReportContext(failOn: .off)))
        XCTAssertEqual(off.components(separatedBy: "| failure:").count - 1, 0, off)
        // Warnings and errors that do not fail are passing cases that say why, never skipped ones.
        XCTAssertEqual(off.components(separatedBy: "| passed: error, the check fails on nothing").count - 1, 1, off)
        XCTAssertEqual(off.components(separatedBy: "| passed: warning, the check fails on nothing").count - 1, 2, off)
        // An empty report still has one passing test, as CI servers expect one.
        XCTAssertEqual(try junitparser(Report.junit.render(DiffReport(screens: [], snapshotsCompared: 3), Fixtures.plain)),
                       "axdiff | snapshots | None | passed: axdiff: no accessibility changes in 3 snapshots\n")
    }

    func testCaseNamesSayTheElementsNameNotAnIDThatReadsLikeASeverity() {
        let button = ElementRef(id: "error", label: "Retry payment", role: .button, index: 3)
        XCTAssertEqual(Report.junitName(Change(kind: .orderRegressed, screen: "Checkout", elements: [button], message: "m")),
                       "order.regressed \"Retry payment\" (id error)")
        let unlabelled = ElementRef(id: nil, label: "", role: .button, index: 3)
        XCTAssertEqual(Report.junitName(Change(kind: .labelLost, screen: "Checkout", elements: [unlabelled], before: "Share", after: "", message: "m")),
                       "label.lost \"Share\"", "a lost label names the stop by the label it had")
        XCTAssertEqual(Report.junitName(Change(kind: .labelMissing, screen: "Checkout", elements: [unlabelled], message: "m")),
                       "label.missing unlabelled button")
        XCTAssertEqual(Report.junitName(Change(kind: .stopsIncreased, screen: "Checkout", message: "m")), "stops.increased")
    }

    func testRepeatedNamesAreNumberedAndCountsAreExact() throws {
        let seed: UInt64 = 42
        let report = Fixtures.many(seed: seed, changes: 900)
        let xml = Report.junit.render(report, Fixtures.gate)
        let collector = try collect(xml)
        let failing = report.allChanges.filter { !$0.accepted && $0.severity == .error }.count
        XCTAssertEqual(collector.failureMessages.count, failing, "seed \(seed)")
        XCTAssertEqual(collector.root["failures"], String(failing), "seed \(seed)")
        let ids = zip(collector.classnames, collector.testcases).map { "\($0)|\($1)" }
        XCTAssertEqual(Set(ids).count, ids.count, "seed \(seed): two tests share classname and name")
        XCTAssertEqual(collector.root["tests"], String(collector.testcases.count), "seed \(seed)")

        var names = JUnitNames()
        XCTAssertEqual(["a", "a", "a (2)", "a"].map { names.unique($0) }, ["a", "a (2)", "a (2) (2)", "a (3)"])
    }

    func testValidatesAgainstTheJUnitSchema() throws {
        guard ExternalTools.which("xmllint") else { throw XCTSkip("xmllint is not installed (apt-get install libxml2-utils)") }
        let schema = try ExternalTools.schema("junit.xsd")
        for report in [Fixtures.design, Fixtures.mixed, Fixtures.twoPlatforms, Fixtures.edges, DiffReport(screens: [], snapshotsCompared: 0)] {
            for context in [Fixtures.plain, Fixtures.gate] {
                // The vendored (Jenkins) schema predates the test case's `file`
                // attribute that GitLab reads; everything else must conform.
                let xml = Report.junit.render(report, context)
                    .replacingOccurrences(of: #" file="[^"]*">"#, with: ">", options: .regularExpression)
                let path = try ExternalTools.write(for: self, xml, named: "junit.xml")
                let run = try ExternalTools.run(["xmllint", "--noout", "--schema", schema, path])
                XCTAssertEqual(run.status, 0, run.stderr)
            }
        }
    }

    func testEscapesEverythingAndCountsAtTheTop() throws {
        let xml = Report.junit.render(Fixtures.mixed, Fixtures.withCommit)
        let collector = try collect(xml)
        XCTAssertEqual(collector.root, ["name": "axdiff", "tests": "5", "failures": "1", "errors": "0"])
        XCTAssertEqual(collector.suites, ["Snapshots/Checkout.json", "Snapshots/Settings 設定.json", "Snapshots/Welcome.json"])
        XCTAssertEqual(collector.classnames.first, "Snapshots/Checkout.json")
        XCTAssertFalse(collector.testcases.contains { $0.hasPrefix("screen.") })
        XCTAssertTrue(collector.text.contains("<script>alert(\"x\")</script> | `code`"), collector.text)
        XCTAssertTrue(collector.text.contains("screen.added  A new screen with 3 stops"))
        XCTAssertTrue(collector.text.contains("Snapshots/Checkout.json:12\n✗ order.regressed"), collector.text)
        XCTAssertEqual(collector.failureMessages, ["\"Try again\" is now read before \"Payment failed\""])
        XCTAssertFalse(xml.contains("<script>"))
    }

    private func collect(_ xml: String) throws -> Collector {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), String(describing: parser.parserError))
        return collector
    }
}

private final class Collector: NSObject, XMLParserDelegate {
    var root: [String: String] = [:]
    var suites: [String] = []
    var classnames: [String] = []
    var testcases: [String] = []
    var failureMessages: [String] = []
    var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "testsuites": root = attributes
        case "testsuite": suites.append(attributes["name"] ?? "?")
        case "testcase":
            classnames.append(attributes["classname"] ?? "?")
            testcases.append(attributes["name"] ?? "?")
        case "failure": failureMessages.append(attributes["message"] ?? "?")
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}
