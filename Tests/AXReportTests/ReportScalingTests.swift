import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest
@testable import AXReport

/// The complexity claims of the report writers, checked by how the time grows
/// from n to 8n (`Scaling`).
final class ReportScalingTests: XCTestCase {
    /// A report of `n` screens, each with a relabel, a new unlabelled button and
    /// a reading-order regression: `ReportModel` sorts them, every format writes them.
    static func report(_ n: Int) -> DiffReport {
        DiffReport(screens: (0..<n).map { i in
            let screen = "Screen \(n - i)"
            return ScreenDiff(screen: screen, path: "Snapshots/S\(n - i).json", changes: [
                Change(kind: .labelChanged, screen: screen,
                       elements: [ElementRef(id: "f\(i)", label: "Card \(i)", role: .textField, index: 2)],
                       before: "Card number \(i)", after: "Card \(i)", message: "\"Card number \(i)\" is now called \"Card \(i)\""),
                Change(kind: .labelMissing, screen: screen,
                       elements: [ElementRef(id: "b\(i)", label: "", role: .button, index: 0, line: 3)],
                       after: "button", message: "A new button has no label <&> \"\(i)\""),
                Change(kind: .orderRegressed, screen: screen,
                       elements: [ElementRef(id: "r\(i)", label: "Try again", role: .button, index: 0, line: 12),
                                  ElementRef(id: nil, label: "Payment failed", role: .text, index: 1, line: 8)],
                       before: "Payment failed › Try again", after: "Try again › Payment failed",
                       message: "\"Try again\" is now read before \"Payment failed\""),
            ])
        }, snapshotsCompared: n)
    }

    /// `ReportModel.init` (O(n log n) in the changes) and each format's writer
    /// (`JSONDocument.rendered`, `HTMLEscape.text`, `String.oneLine`): linear
    /// in the report.
    func testEveryFormatIsLinearInTheChanges() {
        for format in Report.all {
            XCTAssertNil(Scaling.check("Report.\(format.name) of n screens", .linear, n: 20) { n in
                let diff = Self.report(n)
                return { _ = format.render(diff, ReportContext()) }
            })
        }
    }

    /// `ReportModel.shown`: O(n log n) for n changes of one screen that come
    /// in reverse report order (sorted), O(n) for n in order (kept as they are).
    func testChangesOfOneScreenAreSortedInNLogN() {
        func changes(_ n: Int, reversed: Bool) -> [Change] {
            (0..<n).map { k in
                let i = reversed ? n - 1 - k : k
                return Change(kind: .labelChanged, screen: "S",
                              elements: [ElementRef(id: "f\(i)", label: "Card \(i)", role: .textField, index: i)],
                              before: "Card number \(i)", after: "Card \(i)", message: "\"Card number \(i)\" is now called \"Card \(i)\"")
            }
        }
        for reversed in [true, false] {
            XCTAssertNil(Scaling.check("ReportModel.shown of n changes\(reversed ? " in reverse order" : " in order")", .linear, n: 2_000) { n in
                let list = changes(n, reversed: reversed)
                return { _ = ReportModel.shown(list) }
            })
        }
        // The two paths give the report's order.
        let shown = ReportModel.shown(changes(50, reversed: true))
        XCTAssertEqual(shown.map { $0.elements[0].index }, Array(0..<50))
        XCTAssertEqual(ReportModel.shown(changes(50, reversed: false)).map { $0.elements[0].index }, Array(0..<50))
    }

    /// `HTMLEscape.text`, `FNV1a.hex` and `String.isOneLine`: O(n) in the text.
    func testTextHelpersAreLinearInTheText() {
        func text(_ n: Int) -> String { String(repeating: "Pay <now> & \"save\" 👋 ", count: n / 24 + 1) }
        XCTAssertNil(Scaling.check("HTMLEscape.text", .linear, n: 100_000) { n in
            let t = text(n)
            return { _ = HTMLEscape.text(t) }
        })
        XCTAssertNil(Scaling.check("FNV1a.hex", .linear, n: 100_000) { n in
            let t = text(n)
            return { _ = FNV1a.hex(t) }
        })
        XCTAssertNil(Scaling.check("String.isOneLine", .linear, n: 1_000_000) { n in
            let t = text(n)
            return { _ = t.oneLine }
        })
        XCTAssertNil(Scaling.check("String.isOneLine, lines and tabs kept (escapedForTerminal)", .linear, n: 1_000_000) { n in
            let t = String(repeating: "  · order.changed\tPay <now> 👋\n", count: n / 32 + 1)
            return { _ = t.escapedForTerminal }
        })
    }

    /// `CommitPage.render`: O(s + c log c) per screen, linear in the screens.
    func testACommitPageIsLinearInItsScreens() {
        let site = SiteInfo(title: "Shop")
        func commit(_ n: Int) -> SiteCommit {
            SiteCommit(sha: String(repeating: "ab", count: 20), subject: "Move <things>", author: "A",
                       date: Date(timeIntervalSince1970: 1_767_225_600), report: Self.report(n))
        }
        XCTAssertTrue(CommitPage.render(commit(3), site: site).contains("Screen 3"))
        XCTAssertNil(Scaling.check("CommitPage.render of n screens", .linear, n: 20) { n in
            let c = commit(n)
            return { _ = CommitPage.render(c, site: site) }
        })
    }

    static func trend(_ n: Int) -> ScreenTrend {
        ScreenTrend(path: "Snapshots/Home.json", screen: "Home", points: (0..<n).map { i in
            TrendPoint(sha: String(repeating: "\(i % 10)", count: 40), timestamp: 1_767_225_600 + 60 * i,
                       stops: i % 17 == 0 ? nil : 20 + i % 7, errors: i % 3, warnings: i % 5)
        })
    }

    /// `ScreenPage.render`: O(n) in the points (its plot and its table).
    func testAScreenPageIsLinearInItsPoints() {
        let site = SiteInfo(title: "Shop")
        XCTAssertTrue(ScreenPage.render(Self.trend(5), subjects: [:], site: site).contains("Screen: Home"))
        XCTAssertNil(Scaling.check("ScreenPage.render of n points", .linear, n: 100) { n in
            let t = Self.trend(n)
            return { _ = ScreenPage.render(t, subjects: [:], site: site) }
        })
    }

    /// `TrendPlot.svg` and `chains` (O(n) in the points), and `SiteSlug.screen`
    /// (O(n) in the path).
    func testTheTrendPlotIsLinearInItsPoints() {
        XCTAssertTrue(TrendPlot.svg(Self.trend(50)).hasPrefix("<svg"))
        XCTAssertNil(Scaling.check("TrendPlot.svg of n points", .linear, n: 200) { n in
            let t = Self.trend(n)
            // Every point follows the one two before it: two chains through the history.
            let continues: [Int?] = (0..<n).map { $0 >= 2 ? $0 - 2 : nil }
            return { _ = TrendPlot.svg(t, continues: continues) }
        })
        XCTAssertNil(Scaling.check("SiteSlug.screen on a path of n characters", .linear, n: 40_000) { n in
            let path = String(repeating: "Snapshots/Ünïcode screen-", count: n / 25 + 1) + ".json"
            return { _ = SiteSlug.screen(path: path) }
        })
    }

    /// `SiteIndexPage.render`: O(c + s + b), so n of each take n times as long.
    func testTheSiteIndexIsLinearInCommitsScreensAndBranches() {
        let site = SiteInfo(title: "Shop")
        XCTAssertNil(Scaling.check("SiteIndexPage.render of n commits, screens and branches", .linear, n: 200) { n in
            let commits = (0..<n).map { i in
                SiteCommitSummary(sha: String(format: "%040x", i), subject: "Commit \(i)", author: "A", timestamp: 1_767_225_600 + 60 * i,
                                  errors: i % 3, warnings: i % 5, improvements: i % 7, headline: "")
            }
            let screens = (0..<n).map { i in
                ScreenTrend(path: "Snapshots/S\(i).json", screen: "S\(i)",
                            points: [TrendPoint(sha: commits[i].sha, timestamp: 0, stops: 4, errors: 0, warnings: 0)])
            }
            let branches = (0..<n).map { i in
                BranchVerdict(name: "feature/\(i)", tip: commits[i].sha, mergeBase: commits[0].sha, status: i % 2 == 0 ? .fails : .passes, errors: i % 2)
            }
            return { _ = SiteIndexPage.render(commits: commits, screens: screens, branches: branches, site: site) }
        })
    }

    /// `ReadingOrderLinks.init`: O(n + m + c·k) — a screen of n stops, one in ten moved.
    func testReadingOrderLinksAreLinearInTheStops() {
        func snapshot(_ n: Int, moved: Bool) -> Snapshot {
            var nodes = (0..<n).map { Node(id: "r\($0)", role: .button, label: "Row \($0)") }
            if moved {
                for i in stride(from: 0, to: n - 5, by: 10) { nodes.swapAt(i, i + 5) }
            }
            return Snapshot(screen: "List", platform: .ios, elements: nodes)
        }
        XCTAssertNil(Scaling.check("ReadingOrderLinks.init on n stops", .linear, n: 400) { n in
            let screen = ScreenDiffer.diff(old: snapshot(n, moved: false), new: snapshot(n, moved: true), path: "s.json")
            XCTAssertGreaterThan(screen.changes.count, 0, "the moves are reported")
            let before = screen.stopsBefore.map(\.spoken), after = screen.stopsAfter.map(\.spoken)
            return { _ = ReadingOrderLinks(screen, spokenBefore: before, spokenAfter: after) }
        })
    }
}
