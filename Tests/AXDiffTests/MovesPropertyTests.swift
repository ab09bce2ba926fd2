import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// For random permutations, the reported moves are exactly n − LIS and
/// applying them to the old order gives the new one.
final class MovesPropertyTests: XCTestCase {
    /// Length of the longest increasing subsequence, by the quadratic definition.
    func referenceLIS(_ a: [Int]) -> Int {
        var best = Array(repeating: 1, count: a.count)
        for i in a.indices { for j in 0..<i where a[j] < a[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }

    func withEveryPermutation(seed: UInt64, count: Int, _ body: (_ n: Int, _ perm: [Int], _ label: String) -> Void) {
        var rng = SeededGenerator(seed: seed)
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

    /// Longest increasing subsequence length in O(n log n), checked against
    /// `referenceLIS` on the small lists above.
    func fastLIS(_ a: [Int]) -> Int {
        var tails: [Int] = []
        for x in a {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if tails[mid] < x { lo = mid + 1 } else { hi = mid } }
            if lo == tails.count { tails.append(x) } else { tails[lo] = x }
        }
        return tails.count
    }

    /// One order change per moved stop, on lists of up to 2,000 framed rows
    /// whose frames stay (every spoken move breaks the visual order) or follow
    /// the new order (every move is a plain `order.changed`).
    func testOneOrderChangePerMovedStopOnLargeFramedLists() {
        let seed: UInt64 = 20261201
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<24 {
            let n = Int.random(in: 2...2_000, using: &rng)
            var perm = Array(0..<n)
            switch trial % 3 {
            case 0: perm.shuffle(using: &rng)
            case 1:
                for _ in 0..<max(1, n / 20) {
                    let x = perm.remove(at: Int.random(in: 0..<n, using: &rng))
                    perm.insert(x, at: Int.random(in: 0..<n, using: &rng))
                }
            default:
                for _ in 0..<Int.random(in: 1...5, using: &rng) { perm.swapAt(Int.random(in: 0..<n, using: &rng), Int.random(in: 0..<n, using: &rng)) }
            }
            let label = "seed \(seed) trial \(trial) n \(n)"
            let relaid = trial % 2 == 1
            let place = Dictionary(uniqueKeysWithValues: perm.enumerated().map { ($1, Double($0) * 44) })
            func row(_ i: Int, y: Double) -> Node {
                Node(id: "r\(i)", role: .text, label: "Row \(i)", frame: Frame(x: 0, y: y, width: 390, height: 44))
            }
            let old = (0..<n).map { row($0, y: Double($0) * 44) }
            let new = perm.map { row($0, y: relaid ? (place[$0] ?? 0) : Double($0) * 44) }
            let d = S.diff(old, new)
            let order = d.changes.filter { $0.kind.isOrder }
            XCTAssertEqual(order.count, n - fastLIS(perm), label)
            XCTAssertEqual(d.moves.count, order.count, label)
            let moved = Set(d.moves.map(\.to))
            XCTAssertEqual(Set(order.compactMap { $0.elements.first?.index }), moved, label)
            XCTAssertTrue(order.allSatisfy { $0.elements.count == 1 }, label)
            XCTAssertTrue(order.allSatisfy { $0.kind == (relaid ? .orderChanged : .orderRegressed) }, label)
        }
    }

    /// With frames that move too, the order changes are exactly the spoken
    /// moves plus the visual moves, each about a different stop.
    func testSpokenAndVisualMovesEachGiveOneChange() {
        let seed: UInt64 = 7_331
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<60 {
            let n = Int.random(in: 2...300, using: &rng)
            var perm = Array(0..<n)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let x = perm.remove(at: Int.random(in: 0..<n, using: &rng))
                perm.insert(x, at: Int.random(in: 0..<n, using: &rng))
            }
            var y = (0..<n).map { Double($0) * 44 }
            for _ in 0..<Int.random(in: 0...3, using: &rng) { y[Int.random(in: 0..<n, using: &rng)] = Double(Int.random(in: 0..<(n * 44), using: &rng)) }
            let label = "seed \(seed) trial \(trial) n \(n) perm \(perm) y \(y)"
            func row(_ i: Int, _ top: Double) -> Node {
                Node(id: "r\(i)", role: .text, label: "Row \(i)", frame: Frame(x: 0, y: top, width: 390, height: 44))
            }
            let d = S.diff((0..<n).map { row($0, Double($0) * 44) }, perm.map { row($0, y[$0]) })
            let order = d.changes.filter { $0.kind.isOrder }
            XCTAssertEqual(d.moves.count, n - fastLIS(perm), label)
            XCTAssertEqual(order.count, d.moves.count + d.visualMoves.count, label)
            let named = order.compactMap { $0.elements.first?.index }
            XCTAssertEqual(Set(named).count, named.count, label)
            XCTAssertEqual(Set(named), Set(d.moves.map(\.to) + d.visualMoves.map(\.to)), label)
        }
    }
}
