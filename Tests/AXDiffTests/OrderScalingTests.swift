import AXDiff
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The complexity claims of the reading-order analysis and of matching by
/// frame, checked by how the work grows (`Scaling`): eight times the stops
/// must cost well under the 64 times a quadratic step would.
final class OrderScalingTests: XCTestCase {

    /// A flat two-column grid of `n` framed stops with 5 % read at random far places.
    func scattered(_ n: Int, seed: UInt64) -> (Snapshot, Snapshot) {
        func cell(_ i: Int) -> Node {
            Node(id: "c\(i)", role: .text, label: "Cell \(i)", frame: Frame(x: Double(16 + (i % 2) * 180), y: Double((i / 2) * 52), width: 170, height: 44))
        }
        var rng = SeededGenerator(seed: seed)
        var order = Array(0..<n)
        for _ in 0..<(n / 20) {
            let x = order.remove(at: Int.random(in: 0..<n, using: &rng))
            order.insert(x, at: Int.random(in: 0..<n, using: &rng))
        }
        return (Snapshot(screen: "Grid", platform: .ios, elements: (0..<n).map(cell)),
                Snapshot(screen: "Grid", platform: .ios, elements: order.map(cell)))
    }

    /// `OrderAnalysis.analyse`, `MovedStops`, `VisualInversions`, `CleanContainers`:
    /// O(n log n) whatever the moves.
    func testOrderAnalysisGrowsAsNLogNWhateverTheMoves() {
        let seed: UInt64 = 99
        let (old, new) = scattered(2_000, seed: seed)
        XCTAssertGreaterThan(ScreenDiffer.diff(old: old, new: new, path: "g.json").changes.count, 50, "seed \(seed)")
        XCTAssertNil(Scaling.check("OrderAnalysis.analyse on a scattered grid", .linear, n: 1_000, seed: seed) { n in
            let (old, new) = scattered(n, seed: seed)
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "g.json") }
        })
    }

    func testMatchingByFrameIsLinearInTheBucket() {
        // Every stop has the same role and frame (a stack of overlays) and a new label:
        // all of them are matched by frame, from one bucket.
        func screen(_ n: Int, _ prefix: String) -> Snapshot {
            Snapshot(screen: "Stack", platform: .ios, elements: (0..<n).map {
                Node(role: .image, label: "\(prefix) \($0 * 7 + 3) \(prefix)", frame: Frame(x: 0, y: 0, width: 390, height: 844))
            })
        }
        let changed = ScreenDiffer.diff(old: screen(1_000, "Alpha"), new: screen(1_000, "Omega"), path: "s.json").changes
        XCTAssertEqual(changed.filter { $0.kind == .labelChanged }.count, 1_000)
        XCTAssertNil(Scaling.check("Matcher by frame, one bucket of equal frames", .linear, n: 500) { n in
            let (old, new) = (screen(n, "Alpha"), screen(n, "Omega"))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }
}
