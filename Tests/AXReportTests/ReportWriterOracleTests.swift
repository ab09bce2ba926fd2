import AXDiff
import AXTestSupport
@testable import AXReport
import XCTest

/// The text, Markdown, JUnit, JSON and SARIF reports write into a byte
/// buffer; each must give the bytes of the writer it replaced
/// (`StringReportWriters`, `TreeReportWriters`) for every report and context:
/// the fixtures, seeded reports of many changes, and seeded reports whose
/// every string is hostile.
final class ReportWriterOracleTests: XCTestCase {
    static let formats: [(Report, (DiffReport, ReportContext) -> String)] = [
        (.text, StringReportWriters.text), (.markdown, StringReportWriters.markdown), (.junit, StringReportWriters.junit),
        (.json, TreeReportWriters.json), (.sarif, TreeReportWriters.sarif),
    ]

    /// A string of the escape test's pieces: controls, CR LF, markup and Markdown punctuation, combining marks.
    private static func hostile(_ rng: inout SeededGenerator) -> String {
        ReportBytesTests.randomString(&rng)
    }

    /// A report whose screen names, paths, labels, ids, messages, orders and remarks are hostile strings.
    static func hostileReport(_ rng: inout SeededGenerator) -> DiffReport {
        let kinds = ChangeKind.allCases
        var screens: [ScreenDiff] = []
        for _ in 0..<Int(rng.next() % 4) {
            let name = rng.next() % 5 == 0 ? "" : hostile(&rng)
            var changes: [Change] = []
            // Sometimes more order changes than a screen lists.
            for i in 0..<Int(rng.next() % (rng.next() % 4 == 0 ? 30 : 6)) {
                let element = ElementRef(id: rng.next() % 2 == 0 ? hostile(&rng) : nil, label: rng.next() % 3 == 0 ? "" : hostile(&rng),
                                         role: .button, index: i, line: rng.next() % 3 == 0 ? nil : Int(rng.next() % 90))
                let severity: Severity = [.error, .warning, .note, .off][Int(rng.next() % 4)]
                var change = Change(kind: kinds[Int(rng.next() % UInt64(kinds.count))], screen: name,
                                    elements: rng.next() % 4 == 0 ? [] : [element],
                                    before: rng.next() % 2 == 0 ? hostile(&rng) : nil, after: rng.next() % 2 == 0 ? hostile(&rng) : nil,
                                    message: hostile(&rng), improvement: rng.next() % 5 == 0, severity: severity)
                change.accepted = rng.next() % 6 == 0
                change.line = rng.next() % 2 == 0 ? Int(rng.next() % 50) : nil
                if rng.next() % 3 == 0 {
                    let names = (0..<Int(1 + rng.next() % 4)).map { _ in hostile(&rng) }
                    change.beforeWindow = OrderWindow(names: names, focus: Int(rng.next() % 5), cutBefore: rng.next() % 2 == 0,
                                                      cutAfter: rng.next() % 2 == 0, onScreen: rng.next() % 2 == 0)
                }
                if rng.next() % 3 == 0 {
                    change.afterWindow = OrderWindow(names: [hostile(&rng)], focus: 0, cutBefore: false, cutAfter: rng.next() % 2 == 0)
                }
                changes.append(change)
            }
            screens.append(ScreenDiff(screen: name, path: "Snapshots/" + hostile(&rng) + ".json", changes: changes))
        }
        return DiffReport(screens: screens, snapshotsCompared: Int(rng.next() % 6),
                          remarks: (0..<Int(rng.next() % 3)).map { _ in hostile(&rng) })
    }

    static func hostileContext(_ rng: inout SeededGenerator, for report: DiffReport) -> ReportContext {
        let commit = rng.next() % 2 == 0 ? nil
            : ReportContext.Commit(sha: hostile(&rng), subject: [nil, "", hostile(&rng)][Int(rng.next() % 3)])
        let failOn: Severity? = [nil, .error, .warning, .note, .off][Int(rng.next() % 5)]
        var context = ReportContext(commit: commit, toolVersion: "axdiff " + hostile(&rng), failOn: failOn)
        context.suggestedTrailers = (0..<Int(rng.next() % 3)).map { _ in "Axdiff-Accept: " + hostile(&rng) }
        for screen in report.screens where rng.next() % 2 == 0 {
            context.wireframes[screen.path] = "wireframes/" + hostile(&rng) + ".svg"
        }
        return context
    }

    private func assertOracle(_ report: DiffReport, _ context: ReportContext, _ what: @autoclosure () -> String) {
        for (format, oracle) in Self.formats {
            let expected = oracle(report, context)
            let bytes = format.bytes(report, context)
            if bytes != Array(expected.utf8) {
                XCTFail("\(format.name) of \(what()): expected\n\(expected)\ngot\n\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    func testTheFixturesAreTheOraclesBytes() {
        var trailers = Fixtures.gate
        trailers.suggestedTrailers = ["Axdiff-Accept: order.regressed Checkout", "Axdiff-Accept: label.lost\nforged"]
        trailers.wireframes = [Fixtures.checkoutPath: "wireframes/check out#1.svg"]
        let contexts = [("plain", Fixtures.plain), ("commit", Fixtures.withCommit), ("gate", Fixtures.gate), ("trailers", trailers),
                        ("warning", ReportContext(failOn: .warning)), ("off", ReportContext(failOn: .off))]
        var reports = [("design", Fixtures.design), ("mixed", Fixtures.mixed), ("twoPlatforms", Fixtures.twoPlatforms),
                       ("edges", Fixtures.edges), ("none", DiffReport(screens: [], snapshotsCompared: 0)),
                       ("unchanged", DiffReport(screens: [], snapshotsCompared: 5))]
        for seed: UInt64 in 1...4 {
            reports.append(("many \(seed)", Fixtures.many(seed: seed, changes: 300)))
            reports.append(("many open \(seed)", Fixtures.many(seed: seed, changes: 120, openOnly: true)))
        }
        for (name, report) in reports {
            for (contextName, context) in contexts {
                assertOracle(report, context, "\(name) in \(contextName)")
            }
        }
    }

    func testSeededHostileReportsAreTheOraclesBytes() {
        let seed: UInt64 = 0x0B17E5_0F_1E
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let report = Self.hostileReport(&rng)
            let context = Self.hostileContext(&rng, for: report)
            assertOracle(report, context, "round \(round), seed \(seed)")
        }
    }
}
