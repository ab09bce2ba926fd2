import AXSnapshot
import AXTestSupport
import Foundation
import XCTest
@testable import AXDiff

/// The complexity claims of matching, the rules and the configuration's
/// patterns, checked by how the time grows from n to 8n (`Scaling`): each
/// test names the claim it backs. Inputs are seeded.
final class DiffScalingTests: XCTestCase {

    func screen(_ nodes: [Node]) -> Snapshot { Snapshot(screen: "S", platform: .ios, elements: nodes) }

    /// `GroupMatcher`: a new stop whose label is thousands of words tries only
    /// the prefixes as long as some free part's name, so its cost follows the
    /// label's length (it was quadratic in it).
    func testAManyWordLabelIsLinearInItsWords() {
        let old = screen([Node(id: "pay", role: .button, label: "Pay"), Node(role: .text, label: "more more")])
        XCTAssertNil(Scaling.check("GroupMatcher on a label of n words", .linear, n: 1_000) { n in
            let new = screen([Node(role: .button, label: String(repeating: "more ", count: n))])
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }

    /// `ScreenDiffer.diff`, `Matcher` (O(n log n) expected), the id pass and the
    /// rules over every stop (`NameDuplicate`, `LabelRepeated`, `TargetSmall`,
    /// `StopsIncreased`, `ActionLost`): a screen of n framed stops with ids,
    /// seeded edits on 10 % of them — relabels, removals, additions, duplicate
    /// and repeated names, small targets, lost actions.
    func testDiffOfAnEditedScreenGrowsAsNLogN() {
        let seed: UInt64 = 21_04
        func version(_ n: Int, edited: Bool) -> Snapshot {
            var rng = SeededGenerator(seed: seed &+ UInt64(n))
            var nodes: [Node] = []
            for i in 0..<n {
                var node = Node(id: "s\(i)", role: i % 3 == 0 ? .button : .text, label: "Item \(i)",
                                frame: Frame(x: 16, y: Double(i * 48), width: 300, height: 44))
                if i % 7 == 0 { node.actions = ["Delete", "Share"] }
                if edited {
                    switch rng.next() % 40 {
                    case 0: node.label = "Renamed \(i)"
                    case 1: continue
                    case 2: node.label = "Item 1"
                    case 3: node.label = "Item \(i), Item \(i)"
                    case 4: node.frame = Frame(x: 16, y: Double(i * 48), width: 20, height: 20)
                    case 5: node.actions = []
                    default: break
                    }
                }
                nodes.append(node)
                if edited, rng.next() % 40 == 0 { nodes.append(Node(role: .button, label: "New \(i)")) }
            }
            return screen(nodes)
        }
        let check = ScreenDiffer.diff(old: version(1_000, edited: false), new: version(1_000, edited: true), path: "s.json")
        XCTAssertGreaterThan(check.changes.count, 50, "seed \(seed)")
        XCTAssertNil(Scaling.check("ScreenDiffer.diff on an edited screen", .linear, n: 500, seed: seed) { n in
            let (old, new) = (version(n, edited: false), version(n, edited: true))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }

    /// `LongestIncreasingSubsequence.positions`: O(n log v) on a seeded permutation.
    func testLongestIncreasingSubsequenceGrowsAsNLogN() {
        let seed: UInt64 = 7
        XCTAssertNil(Scaling.check("LongestIncreasingSubsequence.positions", .linear, n: 2_000, seed: seed) { n in
            var rng = SeededGenerator(seed: seed)
            let permutation = Array(0..<n).shuffled(using: &rng)
            return { _ = LongestIncreasingSubsequence.positions(permutation) }
        })
    }

    /// `VisualInversions.dominance`: O((k + q) log k) for k points and q queries.
    func testDominanceCountsGrowAsNLogN() {
        let seed: UInt64 = 11
        XCTAssertNil(Scaling.check("VisualInversions.dominance", .linear, n: 2_000, seed: seed) { n in
            var rng = SeededGenerator(seed: seed)
            let points = Array(0..<n).shuffled(using: &rng)
            let queries = (0..<n).map { _ in (s: Int.random(in: 0...n, using: &rng), v: Int.random(in: 0...n, using: &rng)) }
            return { _ = VisualInversions.dominance(points: points, queries: queries) }
        })
    }
}
