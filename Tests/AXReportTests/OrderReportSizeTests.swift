import AXDiff
import AXReport
import AXSnapshot
import AXTestSupport
import XCTest

/// A note stays small whatever the screen: at most 20 order changes per
/// screen are listed in the note, text and Markdown, each with a bounded
/// window; JSON keeps every change, and its size grows with the number of
/// moved stops, never with how far they moved.
final class OrderReportSizeTests: XCTestCase {
    /// A flat two-column list of `count` framed stops, and a version in which
    /// `moved` of them are read `distance` places later, frames unchanged.
    func diff(count: Int, moved: Int, distance: Int, seed: UInt64) -> ScreenDiff {
        func cell(_ i: Int) -> Node {
            Node(id: "cell_\(i)", role: .text, label: "Cell \(i)",
                 frame: Frame(x: Double(16 + (i % 2) * 180), y: Double((i / 2) * 52), width: 170, height: 44))
        }
        var rng = SeededGenerator(seed: seed)
        var order = Array(0..<count)
        let chosen = Array((0..<(count - distance - 1)).shuffled(using: &rng).prefix(moved)).sorted(by: >)
        for at in chosen {
            let x = order.remove(at: at)
            order.insert(x, at: min(order.count, at + distance))
        }
        let old = Snapshot(screen: "Grid", platform: .ios, elements: (0..<count).map(cell))
        let new = Snapshot(screen: "Grid", platform: .ios, elements: order.map(cell))
        return ScreenDiffer.diff(old: old, new: new, path: "Snapshots/Grid.json")
    }

    func render(_ d: ScreenDiff, _ format: Report) -> String {
        format.render(DiffReport(screens: [d], snapshotsCompared: 1), ReportContext(toolVersion: "axdiff test"))
    }

    func testNoteListsTwentyOrderChangesThenSaysHowManyMore() {
        let d = diff(count: 2_000, moved: 60, distance: 500, seed: 11)
        let order = d.changes.filter { $0.kind.isOrder }
        XCTAssertGreaterThan(order.count, 20, "seed 11")
        let note = render(d, .text)
        let listed = note.split(separator: "\n").filter { $0.contains(" order.") }
        XCTAssertEqual(listed.count, 20, note)
        XCTAssertTrue(note.contains("\n  and \(order.count - 20) more stops moved\n"), note)
        // The trailers still count every change.
        XCTAssertTrue(note.contains("Axdiff-Errors: \(d.changes.filter { $0.severity == .error }.count)\n"), note)
        let markdown = render(d, .markdown)
        XCTAssertTrue(markdown.contains("and \(order.count - 20) more stops moved"), markdown)
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("- ") && $0.contains("`order.") }.count, 20)
        // JSON keeps them all.
        let json = render(d, .json)
        XCTAssertEqual(json.components(separatedBy: "\"order.").count - 1, order.count)
    }

    func testRegressionsAreListedFirst() {
        // Some moves keep the layout (regressions), some come with the frames (changes).
        var d = diff(count: 400, moved: 30, distance: 100, seed: 5)
        let extra = diff(count: 400, moved: 30, distance: 100, seed: 6).changes.map { change -> Change in
            var c = change
            if c.kind == .orderRegressed { c.kind = .orderChanged; c.severity = .warning }
            return c
        }
        d.changes += extra
        let note = render(d, .text)
        let kinds = note.split(separator: "\n").filter { $0.contains(" order.") }
        XCTAssertEqual(kinds.count, 20)
        XCTAssertTrue(kinds.allSatisfy { $0.contains("order.regressed") }, note)
    }

    func testReportSizeDoesNotGrowWithTheDistanceOfTheMoves() {
        let seed: UInt64 = 2026
        let near = diff(count: 10_000, moved: 400, distance: 5, seed: seed)
        let far = diff(count: 10_000, moved: 400, distance: 5_000, seed: seed)
        let (nearOrder, farOrder) = (near.changes.filter { $0.kind.isOrder }.count, far.changes.filter { $0.kind.isOrder }.count)
        XCTAssertGreaterThan(nearOrder, 300, "seed \(seed)")
        XCTAssertGreaterThan(farOrder, 300, "seed \(seed)")
        let (nearNote, farNote) = (render(near, .text).utf8.count, render(far, .text).utf8.count)
        let (nearJSON, farJSON) = (render(near, .json).utf8.count, render(far, .json).utf8.count)
        // A note of 20 order changes, each a line and two windows of at most
        // seven names of at most 60 characters, fits in 20 × 1.5 KB.
        XCTAssertLessThan(farNote, 30_000, "seed \(seed)")
        XCTAssertLessThan(nearNote, 30_000, "seed \(seed)")
        // Per change, a far move costs what a near one does.
        let perNear = Double(nearJSON) / Double(nearOrder), perFar = Double(farJSON) / Double(farOrder)
        XCTAssertLessThan(perFar, perNear * 1.25, "seed \(seed): \(perNear) vs \(perFar) bytes per change")
        XCTAssertLessThan(farJSON, 1_048_576, "seed \(seed)")
    }
}
