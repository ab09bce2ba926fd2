import AXDiff
import AXReport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class JUnitReportTests: XCTestCase {
    /// Suites as junitparser reads them: name, tests, failures, and the names
    /// of the failed test cases.
    private func junitparser(_ xml: String) throws -> String {
        let path = try ExternalTools.write(for: self, xml, named: "junit.xml")
        let run = try ExternalTools.python("""
            import sys, junitparser
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                cases = list(suite)
                failed = [c.name for c in cases if any(isinstance(r, junitparser.Failure) for r in c.result)]
                assert suite.tests == len(cases), (suite.name, suite.tests, len(cases))
                assert suite.failures == len(failed), (suite.name, suite.failures, failed)
                print(suite.name, suite.tests, suite.failures, ",".join(failed))
            """, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    func testJunitparserReadsSuitesAndFailures() throws {
        try ExternalTools.requirePython()
        XCTAssertEqual(try junitparser(Report.junit.render(Fixtures.mixed, Fixtures.plain)), """
            Checkout 19 1 order.regressed
            Settings 設定 19 0 \n\
            Welcome 19 0 \n
            """)
        // An empty report still has one passing test, as CI servers expect one.
        XCTAssertEqual(try junitparser(Report.junit.render(DiffReport(screens: [], snapshotsCompared: 3), Fixtures.plain)),
                       "axdiff 1 0 \n")
    }

    func testGateThresholdDecidesWhatFails() throws {
        try ExternalTools.requirePython()
        let strict = ReportContext(failOn: .warning)
        XCTAssertEqual(try junitparser(Report.junit.render(Fixtures.mixed, strict)), """
            Checkout 19 2 order.regressed,stops.increased
            Settings 設定 19 1 name.duplicate
            Welcome 19 0 \n
            """)
        let off = ReportContext(failOn: .off)
        XCTAssertEqual(try junitparser(Report.junit.render(Fixtures.mixed, off)), """
            Checkout 19 0 \n\
            Settings 設定 19 0 \n\
            Welcome 19 0 \n
            """)
    }

    func testValidatesAgainstTheJUnitSchema() throws {
        guard ExternalTools.which("xmllint") else { throw XCTSkip("xmllint is not installed (apt-get install libxml2-utils)") }
        let schema = try ExternalTools.schema("junit.xsd")
        for report in [Fixtures.design, Fixtures.mixed, DiffReport(screens: [], snapshotsCompared: 0)] {
            for context in [Fixtures.plain, Fixtures.gate] {
                let path = try ExternalTools.write(for: self, Report.junit.render(report, context), named: "junit.xml")
                let run = try ExternalTools.run(["xmllint", "--noout", "--schema", schema, path])
                XCTAssertEqual(run.status, 0, run.stderr)
            }
        }
    }

    func testEscapesEverythingAndCountsAtTheTop() throws {
        let xml = Report.junit.render(Fixtures.mixed, Fixtures.withCommit)
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), String(describing: parser.parserError))
        XCTAssertEqual(collector.root, ["name": "axdiff", "tests": "57", "failures": "1", "errors": "0"])
        XCTAssertEqual(collector.suites, ["Checkout", "Settings 設定", "Welcome"])
        XCTAssertEqual(collector.classnames.first, "axdiff.Checkout")
        XCTAssertFalse(collector.testcases.contains { $0.hasPrefix("screen.") })
        XCTAssertTrue(collector.text.contains("<script>alert(\"x\")</script> | `code`"), collector.text)
        XCTAssertTrue(collector.text.contains("screen.added  A new screen with 3 stops"))
        XCTAssertEqual(collector.failureMessages, ["\"Try again\" is now read before \"Payment failed\""])
        XCTAssertFalse(xml.contains("<script>"))
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
