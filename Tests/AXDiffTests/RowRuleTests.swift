import AXTestSupport
import XCTest
@testable import AXDiff
@testable import AXSnapshot

/// The 7 pt row rule (`RowRule.tolerance`) pinned at its edges — tops 7 apart
/// share a row, 7.01 apart do not — in each place that forms rows: the visual
/// order's sort and its fast path, the diff that judges order by them, and
/// the layout direction inferred from mirrored rows.
final class RowRuleTests: XCTestCase {
    /// `first` is left of `second` and `dy` higher: in one row `second` is read
    /// after `first`, in two rows before it.
    func order(dy: Double) -> (sorted: [String], fastPathKeeps: Bool) {
        let frames = ["Right": Frame(x: 200, y: 100, width: 80, height: 20), "Left": Frame(x: 10, y: 100 + dy, width: 80, height: 20)]
        let files = ["Right", "Left"]
        return (VisualOrder.sortVisually(files, frame: { frames[$0] }, direction: .ltr),
                VisualOrder.isInVisualOrder([0, 1], frame: { frames[files[$0]] }, direction: .ltr))
    }

    func testTopsSevenPointsApartShareARow() {
        let o = order(dy: 7)
        XCTAssertEqual(o.sorted, ["Left", "Right"])
        XCTAssertFalse(o.fastPathKeeps)
    }

    func testTopsSevenPointZeroOneApartAreTwoRows() {
        let o = order(dy: 7.01)
        XCTAssertEqual(o.sorted, ["Right", "Left"])
        XCTAssertTrue(o.fastPathKeeps)
    }

    /// The same edges through the whole diff: reading the lower-left item first
    /// is against the layout only when it shares the row.
    func testTheDiffJudgesOrderByTheSameEdges() {
        func regressions(_ dy: Double) -> Int {
            let right = S.text("Right", y: 100, x: 200), left = S.text("Left", y: 100 + dy, x: 10)
            return S.diff([left, right], [right, left]).all(.orderRegressed).count
        }
        XCTAssertEqual(regressions(7), 1)
        XCTAssertEqual(regressions(7.01), 0)
    }

    /// Two icons in a row, the first in file order to the right of the next: a
    /// mirrored row, so right to left — when their tops are within the rule.
    func testMirroredRowsAreSeenWithinTheSameEdges() {
        func direction(_ dy: Double) -> LayoutDirection {
            LayoutDirectionInference.direction(locale: nil, elements: [
                Node(role: .image, frame: Frame(x: 300, y: 100, width: 40, height: 40)),
                Node(role: .image, frame: Frame(x: 10, y: 100 + dy, width: 40, height: 40)),
            ])
        }
        XCTAssertEqual(direction(7), .rtl)
        XCTAssertEqual(direction(7.01), .ltr)
    }

    /// For random siblings (tops on a 0.5 grid so that gaps of exactly 7 are
    /// common, some without a frame), whenever the fast path says "already in
    /// visual order" the sort returns the siblings as they are, so a version's
    /// ranks are the same whichever of the two decides. (The fast path may
    /// decline a case the sort then keeps, tops that rise within a row: it
    /// costs a sort, not a wrong order.)
    func testTheFastPathAndTheSortAgree() {
        let seed: UInt64 = 20_261_206
        var rng = SeededGenerator(seed: seed)
        var kept = 0, sorted = 0
        for round in 0..<4_000 {
            let n = Int.random(in: 2...6, using: &rng)
            let direction: LayoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
            var frames: [Frame?] = []
            var top = 0.0
            for _ in 0..<n {
                // Mostly non-decreasing tops with steps around the tolerance, so both answers occur.
                top += [0, 0.5, 6.5, 7, 7, 7.5, 14, -0.5, -7][Int.random(in: 0..<9, using: &rng)]
                let x = Double(Int.random(in: 0...8, using: &rng)) * 20
                frames.append(Int.random(in: 0..<50, using: &rng) == 0 ? nil : Frame(x: x, y: top, width: Double(Int.random(in: 1...4, using: &rng)) * 20, height: 20))
            }
            let items = Array(0..<n)
            let fast = VisualOrder.isInVisualOrder(items, frame: { frames[$0] }, direction: direction)
            let order = VisualOrder.sortVisually(items, frame: { frames[$0] }, direction: direction)
            if fast {
                XCTAssertEqual(order, items, "seed \(seed), round \(round): frames \(frames), \(direction)")
                if order != items { return }
                kept += 1
            } else if order != items {
                sorted += 1
            }
        }
        // Both answers were exercised, so agreement means something.
        XCTAssertGreaterThan(kept, 400, "seed \(seed)")
        XCTAssertGreaterThan(sorted, 400, "seed \(seed)")
    }
    /// The sort against the plain one it replaced (items sorted with their
    /// frames, kept here as the reference), on seeded siblings with shared
    /// tops and edges, NaN and infinite edges, and both directions: the same
    /// order every time.
    func testTheSortMatchesSortingTheItemsWithTheirFrames() {
        func reference(_ items: [Int], frame: (Int) -> Frame?, direction: LayoutDirection) -> [Int] {
            guard items.count > 1 else { return items }
            let framed: [(path: Int, frame: Frame, offset: Int)] = items.enumerated().compactMap { offset, path in
                frame(path).map { (path, $0, offset) }
            }
            guard framed.count == items.count else { return items }
            let byTop = framed.sorted { $0.frame.y != $1.frame.y ? $0.frame.y < $1.frame.y : $0.offset < $1.offset }
            var rowed: [(row: Int, path: Int, frame: Frame, offset: Int)] = []
            var row = -1
            var rowTop = -Double.infinity
            for item in byTop {
                if row < 0 || item.frame.y - rowTop > VisualOrder.rowTolerance {
                    row += 1
                    rowTop = item.frame.y
                }
                rowed.append((row, item.path, item.frame, item.offset))
            }
            rowed.sort { a, b in
                if a.row != b.row { return a.row < b.row }
                if direction == .rtl {
                    return a.frame.maxX != b.frame.maxX ? a.frame.maxX > b.frame.maxX : a.offset < b.offset
                }
                return a.frame.x != b.frame.x ? a.frame.x < b.frame.x : a.offset < b.offset
            }
            return rowed.map(\.path)
        }
        let seed: UInt64 = 0x50_27
        var rng = SeededGenerator(seed: seed)
        let edges: [Double] = [0, 0, 3, 7, 7.5, 14, 20, 40, -5, .nan, .infinity, -.infinity]
        var moved = 0
        for round in 0..<3_000 {
            let n = Int.random(in: 0...40, using: &rng)
            let direction: LayoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
            let frames: [Frame?] = (0..<n).map { _ in
                if Int.random(in: 0..<200, using: &rng) == 0 { return nil }
                return Frame(x: edges[Int.random(in: 0..<edges.count, using: &rng)] * Double(Int.random(in: 1...3, using: &rng)),
                             y: edges[Int.random(in: 0..<edges.count, using: &rng)] * Double(Int.random(in: 1...3, using: &rng)),
                             width: edges[Int.random(in: 0..<edges.count, using: &rng)], height: 20)
            }
            let items = frames.indices.map { $0 * 3 + 1 }
            let frame = { (item: Int) in frames[(item - 1) / 3] }
            let got = VisualOrder.sortVisually(items, frame: frame, direction: direction)
            XCTAssertEqual(got, reference(items, frame: frame, direction: direction), "seed \(seed), round \(round): \(frames), \(direction)")
            if got != items { moved += 1 }
        }
        XCTAssertGreaterThan(moved, 1_000, "seed \(seed)")
    }

    /// The sort by top that keeps the run in order and sorts only what is
    /// set aside, against sorting every entry, on seeded siblings: long runs
    /// with a few tops moved (as a list with moved rows), tops in no order,
    /// shared tops, ±0, infinities and NaN.
    func testSortingByTopMatchesSortingEveryEntry() {
        let seed: UInt64 = 0x70_95
        var rng = SeededGenerator(seed: seed)
        let odd: [Double] = [0, -0.0, .infinity, -.infinity, .nan]
        var setAside = 0
        for round in 0..<2_000 {
            let n = Int.random(in: 0...300, using: &rng)
            let moves = Int.random(in: 0...(round % 3 == 0 ? n : 4), using: &rng)
            var tops = (0..<n).map { Double($0 / Int.random(in: 1...3, using: &rng)) * 52 }
            for _ in 0..<moves where n > 0 {
                let top = Int.random(in: 0..<30, using: &rng) == 0
                    ? odd[Int.random(in: 0..<odd.count, using: &rng)] : Double(Int.random(in: -10...(n * 52), using: &rng))
                tops[Int.random(in: 0..<n, using: &rng)] = top
            }
            let frames = tops.map { Frame(x: 0, y: $0, width: 10, height: 10) }
            let got = VisualOrder.sortedByTop(frames)
            let expected = frames.enumerated().map { (top: $0.element.y, offset: $0.offset) }
                .sorted { $0.top != $1.top ? $0.top < $1.top : $0.offset < $1.offset }
            XCTAssertEqual(got.map(\.offset), expected.map(\.offset), "seed \(seed), round \(round): \(tops)")
            XCTAssertEqual(got.map(\.top.bitPattern), expected.map(\.top.bitPattern), "seed \(seed), round \(round)")
            if got.map(\.offset) != Array(0..<n) { setAside += 1 }
        }
        XCTAssertGreaterThan(setAside, 1_000, "seed \(seed)")
    }
}
