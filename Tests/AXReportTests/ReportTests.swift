import AXDiff
import AXReport
import XCTest

final class ReportTests: XCTestCase {
    func testNamedFindsEveryFormat() {
        XCTAssertEqual(Report.all.map(\.name), ["text", "markdown", "json", "sarif", "junit", "svg"])
        for report in Report.all {
            XCTAssertEqual(Report.named(report.name)?.name, report.name)
        }
        XCTAssertEqual(Report.named("SARIF")?.name, "sarif")
        XCTAssertNil(Report.named("html"))
        XCTAssertNil(Report.named(""))
    }

    func testSummaryLine() {
        XCTAssertEqual(Report.summaryLine(Fixtures.design), "1 error, 1 warning, 1 improvement")
        XCTAssertEqual(Report.summaryLine(Fixtures.mixed), "1 error, 2 warnings, 1 improvement, 1 accepted")
        XCTAssertEqual(Report.summaryLine(DiffReport(screens: [], snapshotsCompared: 3)), "no changes")
        let notes = (1...2).map { Change(kind: .labelChanged, screen: "S", message: "changed \($0)") }
        XCTAssertEqual(Report.summaryLine(DiffReport(screens: [ScreenDiff(screen: "S", path: "S.json", changes: notes)],
                                                     snapshotsCompared: 1)), "2 notes")
        let errors = (1...3).map { Change(kind: .labelLost, screen: "S", message: "lost \($0)") }
        XCTAssertEqual(Report.summaryLine(DiffReport(screens: [ScreenDiff(screen: "S", path: "S.json", changes: errors + notes)],
                                                     snapshotsCompared: 1)), "3 errors")
    }

    func testRenderingTwiceGivesTheSameBytes() {
        let first = Fixtures.renderings, second = Fixtures.renderings
        XCTAssertEqual(first.count, 6 * 3 * 3)
        for (a, b) in zip(first, second) {
            XCTAssertEqual(Array(a.text.utf8), Array(b.text.utf8), a.name)
            XCTAssertTrue(a.text.hasSuffix("\n"), a.name)
            XCTAssertFalse(a.text.hasSuffix("\n\n"), a.name)
        }
    }

    func testContextOnlyAddsWhatItCarries() {
        // A note must not change with who runs the watcher: the plain text
        // ignores commit and version.
        XCTAssertEqual(Report.text.render(Fixtures.mixed, Fixtures.plain),
                       Report.text.render(Fixtures.mixed, ReportContext(commit: Fixtures.commit, toolVersion: "axdiff 9.9.9")))
    }
}
