import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// A stop tree carries facts of its version (`StopTree.Derived`: visual
/// ranks, id fingerprints) made when it is built and reused when the
/// version is the old side of the next diff. They must equal what the diff
/// computes without them, and a diff must not depend on which it used.
final class DerivedTreeTests: XCTestCase {

    /// A screen of sections with frames, ids drawn from a small pool (so
    /// some repeat), some stops without id or frame, rows that share a top.
    func randomScreen(_ rng: inout SeededGenerator, rtl: Bool) -> Snapshot {
        var sections: [Node] = []
        for s in 0..<Int.random(in: 1...6, using: &rng) {
            var children: [Node] = []
            for k in 0..<Int.random(in: 1...8, using: &rng) {
                let id = Int.random(in: 0..<4, using: &rng) == 0 ? nil : "id\(Int.random(in: 0..<20, using: &rng))"
                let y = Int.random(in: 0..<5, using: &rng) == 0 ? nil : Double(s * 200 + Int.random(in: 0..<6, using: &rng) * 9)
                let x = Double(Int.random(in: 0..<4, using: &rng) * 90)
                children.append(k % 3 == 0 ? S.button("Add item \(k) to cart", id: id, y: y, x: x)
                                           : S.text("item \(k)", id: id, y: y, x: x))
            }
            children.shuffle(using: &rng)
            sections.append(S.group(children, y: Int.random(in: 0..<3, using: &rng) == 0 ? nil : Double(s * 200)))
        }
        if Bool.random(using: &rng) { sections.shuffle(using: &rng) }
        return S.screen(sections, rtl: rtl)
    }

    func withEveryScreenPair(seed: UInt64, count: Int, _ body: (Snapshot, Snapshot, String) -> Void) {
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<count {
            let rtl = trial % 3 == 0
            body(randomScreen(&rng, rtl: rtl), randomScreen(&rng, rtl: rtl), "seed \(seed) trial \(trial)")
        }
    }

    func testDerivedFactsEqualFreshlyComputedOnes() {
        withEveryScreenPair(seed: 11, count: 200) { old, _, label in
            let tree = old.stopTree()
            guard let derived = tree.derived else { return XCTFail("no derived facts: \(label)") }
            XCTAssertEqual(derived.direction, old.layoutDirection, label)
            XCTAssertEqual(derived.visualRanks, VisualOrder.ranks(tree: tree, direction: old.layoutDirection), label)
            // The reference: every id's print, sorted by (print, reading order).
            let reference: [IDPrints.Entry] = tree.stops.indices.compactMap { i -> IDPrints.Entry? in
                guard var id = tree.stops[i].id, !id.isEmpty, let p = id.withUTF8(IDPrints.fingerprint) else { return nil }
                return IDPrints.Entry(print: p, stop: i)
            }.sorted { ($0.print, $0.stop) < ($1.print, $1.stop) }
            XCTAssertEqual(derived.idPrints?.entries, reference, label)
            // The other direction is computed, not taken from the tree.
            let other: LayoutDirection = old.layoutDirection == .rtl ? .ltr : .rtl
            XCTAssertEqual(tree.visualRanks(direction: other), VisualOrder.ranks(tree: tree, direction: other), label)
        }
    }

    func testDiffIsTheSameWithOrWithoutDerivedFacts() {
        withEveryScreenPair(seed: 12, count: 200) { old, new, label in
            var (bareOld, bareNew) = (old.stopTree(), new.stopTree())
            let kept = ScreenDiffer.diff(old: old, oldTree: bareOld, new: new, newTree: bareNew, path: "S.json", config: Config())
            bareOld.derived = nil
            bareNew.derived = nil
            let fresh = ScreenDiffer.diff(old: old, oldTree: bareOld, new: new, newTree: bareNew, path: "S.json", config: Config())
            XCTAssertEqual(kept.changes, fresh.changes, label)
            XCTAssertEqual(kept.matchedOld, fresh.matchedOld, label)
            XCTAssertEqual(kept.moves.map(\.from), fresh.moves.map(\.from), label)
            XCTAssertEqual(kept.moves.map(\.to), fresh.moves.map(\.to), label)
        }
    }

    func testNonASCIIIdHasNoPrintsAndStillMatchesByID() {
        let old = S.screen([S.button("Buy", id: "caf\u{E9}", y: 0), S.button("Sell", id: "k", y: 50)])
        let new = S.screen([S.button("Sell now", id: "k", y: 0), S.button("Buy now", id: "caf\u{E9}", y: 50)])
        XCTAssertNil(old.stopTree().derived?.idPrints)
        XCTAssertNotNil(old.stopTree().derived)
        let diff = ScreenDiffer.diff(old: old, new: new, path: "S.json")
        XCTAssertEqual(diff.matchedOld, [1, 0])
    }
}
