import AXDiff
import AXSnapshot
import Foundation
import XCTest

/// The complexity claims of the reading-order analysis and of matching by
/// frame, checked by how the work grows: eight times the stops must cost
/// well under the 64 times a quadratic step would (the fastest of three runs
/// at each size, so that a busy machine does not decide).
final class OrderScalingTests: XCTestCase {
    typealias SplitMix64 = MovesPropertyTests.SplitMix64

    func fastest(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// A flat two-column grid of `n` framed stops with 5 % read at random far places.
    func scattered(_ n: Int, seed: UInt64) -> (Snapshot, Snapshot) {
        func cell(_ i: Int) -> Node {
            Node(id: "c\(i)", role: .text, label: "Cell \(i)", frame: Frame(x: Double(16 + (i % 2) * 180), y: Double((i / 2) * 52), width: 170, height: 44))
        }
        var rng = SplitMix64(state: seed)
        var order = Array(0..<n)
        for _ in 0..<(n / 20) {
            let x = order.remove(at: Int.random(in: 0..<n, using: &rng))
            order.insert(x, at: Int.random(in: 0..<n, using: &rng))
        }
        return (Snapshot(screen: "Grid", platform: .ios, elements: (0..<n).map(cell)),
                Snapshot(screen: "Grid", platform: .ios, elements: order.map(cell)))
    }

    func testOrderAnalysisGrowsAsNLogNWhateverTheMoves() {
        let seed: UInt64 = 99
        let (smallOld, smallNew) = scattered(2_000, seed: seed)
        let (largeOld, largeNew) = scattered(16_000, seed: seed)
        var moved = 0
        let small = fastest { moved = ScreenDiffer.diff(old: smallOld, new: smallNew, path: "g.json").changes.count }
        XCTAssertGreaterThan(moved, 50, "seed \(seed)")
        let large = fastest { _ = ScreenDiffer.diff(old: largeOld, new: largeNew, path: "g.json") }
        XCTAssertLessThan(large / small, 32, "seed \(seed): \(small) s at 2,000 stops, \(large) s at 16,000")
    }

    func testMatchingByFrameIsLinearInTheBucket() {
        // Every stop has the same role and frame (a stack of overlays) and a new label:
        // all of them are matched by frame, from one bucket.
        func screen(_ n: Int, _ prefix: String) -> Snapshot {
            Snapshot(screen: "Stack", platform: .ios, elements: (0..<n).map {
                Node(role: .image, label: "\(prefix) \($0 * 7 + 3) \(prefix)", frame: Frame(x: 0, y: 0, width: 390, height: 844))
            })
        }
        let (smallOld, smallNew) = (screen(1_000, "Alpha"), screen(1_000, "Omega"))
        let (largeOld, largeNew) = (screen(8_000, "Alpha"), screen(8_000, "Omega"))
        var changed = 0
        let small = fastest { changed = ScreenDiffer.diff(old: smallOld, new: smallNew, path: "s.json").changes.filter { $0.kind == .labelChanged }.count }
        XCTAssertEqual(changed, 1_000)
        let large = fastest { _ = ScreenDiffer.diff(old: largeOld, new: largeNew, path: "s.json") }
        XCTAssertLessThan(large / small, 32, "\(small) s at 1,000 stops, \(large) s at 8,000")
    }
}
