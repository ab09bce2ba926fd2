import AXDiff
import AXSnapshot
import XCTest

/// For random permutations, the reported moves are exactly n − LIS and
/// applying them to the old order gives the new one.
final class MovesPropertyTests: XCTestCase {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Length of the longest increasing subsequence, by the quadratic definition.
    func referenceLIS(_ a: [Int]) -> Int {
        var best = Array(repeating: 1, count: a.count)
        for i in a.indices { for j in 0..<i where a[j] < a[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }

    func withEveryPermutation(seed: UInt64, count: Int, _ body: (_ n: Int, _ perm: [Int], _ label: String) -> Void) {
        var rng = SplitMix64(state: seed)
        for trial in 0..<count {
            let n = Int.random(in: 0...40, using: &rng)
            var perm = Array(0..<n)
            // Mix full shuffles with a few local moves, which is what real diffs look like.
            if trial % 2 == 0 { perm.shuffle(using: &rng) } else if n > 1 {
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let x = perm.remove(at: Int.random(in: 0..<n, using: &rng))
                    perm.insert(x, at: Int.random(in: 0..<n, using: &rng))
                }
            }
            body(n, perm, "seed \(seed) trial \(trial) perm \(perm)")
        }
    }

    func testMovesAreMinimalAndReproduceTheNewOrder() {
        withEveryPermutation(seed: 42, count: 300) { n, perm, label in
            let old = (0..<n).map { S.text("Item \($0)") }
            let new = perm.map { old[$0] }
            let d = S.diff(old, new)
            XCTAssertEqual(d.moves.count, n - referenceLIS(perm), label)
            // Apply: take the old order, lift the moved stops out, insert each at its new place.
            let movedOld = Set(d.moves.map(\.from))
            var order = (0..<n).filter { !movedOld.contains($0) }
            for move in d.moves.sorted(by: { $0.to < $1.to }) { order.insert(move.from, at: move.to) }
            XCTAssertEqual(order, perm, label)
            // Every moved stop is reported by exactly one order change.
            let reported = d.changes.filter { $0.kind.rawValue.hasPrefix("order.") }.flatMap(\.elements).map(\.index)
            for move in d.moves { XCTAssertTrue(reported.contains(move.to), label) }
        }
    }
}
