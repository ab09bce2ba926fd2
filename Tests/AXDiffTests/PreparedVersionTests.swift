@testable import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// A prepared version carries facts of its version alone (visual ranks, id
/// fingerprints), made once and reused when the version is the old side of
/// the next diff. They must equal what is computed afresh, and a diff must not
/// depend on whether a version was kept or prepared for it.
final class PreparedVersionTests: XCTestCase {
    /// A screen of sections with frames, ids drawn from a small pool (so
    /// some repeat), some stops without id or frame, rows that share a top.
    static func randomScreen(_ rng: inout SeededGenerator, rtl: Bool) -> Snapshot {
        var sections: [Node] = []
        for s in 0..<Int.random(in: 1...6, using: &rng) {
            var children: [Node] = []
            for k in 0..<Int.random(in: 1...8, using: &rng) {
                let id = Int.random(in: 0..<4, using: &rng) == 0 ? nil : "id\(Int.random(in: 0..<20, using: &rng))"
                let y = Int.random(in: 0..<5, using: &rng) == 0 ? nil : Double(s * 200 + Int.random(in: 0..<6, using: &rng) * 4)
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
            body(Self.randomScreen(&rng, rtl: rtl), Self.randomScreen(&rng, rtl: rtl), "seed \(seed) trial \(trial)")
        }
    }

    func testPreparedFactsEqualFreshlyComputedOnes() {
        var framed = 0
        withEveryScreenPair(seed: 11, count: 200) { old, _, label in
            let prepared = PreparedVersion(old)
            let tree = old.stopTree()
            XCTAssertEqual(prepared.stops, tree.stops, label)
            XCTAssertEqual(prepared.visualRanks, VisualOrder.ranks(tree: tree, direction: old.layoutDirection), label)
            if prepared.visualRanks != nil { framed += 1 }
            // The reference: every id's print, sorted by (print, reading order).
            let reference: [IDPrints.Entry] = tree.stops.indices.compactMap { i -> IDPrints.Entry? in
                guard let id = tree.stops[i].id, !id.isEmpty, let p = IDPrints.fingerprint(ContiguousArray(id.utf8)) else { return nil }
                return IDPrints.Entry(print: p, stop: i)
            }.sorted { ($0.print, $0.stop) < ($1.print, $1.stop) }
            XCTAssertEqual(prepared.idPrints?.entries, reference, label)
        }
        XCTAssertGreaterThan(framed, 150, "most screens have frames")
    }

    /// The counting sort of prints against a comparison sort, on prints that
    /// spread, that share their top bits (groups past 32 entries), that tie,
    /// and that come in order already (one id down a list's rows).
    func testPrintsSortLikeAComparisonSort() {
        let seed: UInt64 = 0x1D_5027
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<300 {
            let count = Int.random(in: 0...400, using: &rng)
            let pool = [UInt64](repeating: 0, count: Int.random(in: 1...40, using: &rng)).map { _ in rng.next() }
            let entries = (0..<count).map { i -> IDPrints.Entry in
                switch trial % 4 {
                case 0: return IDPrints.Entry(print: rng.next(), stop: i)
                case 1: return IDPrints.Entry(print: rng.next() >> 20, stop: i)  // one group: top bits all zero
                case 2: return IDPrints.Entry(print: pool.sorted()[i * pool.count / max(count, 1)] >> 20, stop: i)  // in order
                default: return IDPrints.Entry(print: pool[Int.random(in: 0..<pool.count, using: &rng)], stop: i)
                }
            }
            let expected = entries.sorted { ($0.print, $0.stop) < ($1.print, $1.stop) }
            XCTAssertEqual(IDPrints.sorted(entries), expected, "seed \(seed) trial \(trial), \(count) entries")
        }
    }

    /// Walking a history, each version is the new side of one diff and then,
    /// kept, the old side of the next: the same diff as preparing both afresh.
    func testAKeptVersionDiffsAsAFreshOne() {
        var rng = SeededGenerator(seed: 12)
        for history in 0..<40 {
            let rtl = history % 3 == 0
            var keptSnapshot = Self.randomScreen(&rng, rtl: rtl)
            var kept = PreparedVersion(keptSnapshot)
            for step in 0..<5 {
                let label = "seed 12 history \(history) step \(step)"
                let next = Self.randomScreen(&rng, rtl: rtl)
                let prepared = PreparedVersion(next, expectedStops: kept.stops.count)
                let walked = ScreenDiffer.diff(old: kept, new: prepared, path: "S.json", policy: DiffPolicy())
                let fresh = ScreenDiffer.diff(old: keptSnapshot, new: next, path: "S.json")
                XCTAssertEqual(walked.changes, fresh.changes, label)
                XCTAssertEqual(walked.matchedOld, fresh.matchedOld, label)
                XCTAssertEqual(walked.moves.map(\.from), fresh.moves.map(\.from), label)
                XCTAssertEqual(walked.moves.map(\.to), fresh.moves.map(\.to), label)
                XCTAssertEqual(walked.visualMoves.map(\.from), fresh.visualMoves.map(\.from), label)
                kept = prepared
                keptSnapshot = next
            }
        }
    }

    func testNonASCIIIdHasNoPrintsAndStillMatchesByID() {
        let old = S.screen([S.button("Buy", id: "caf\u{E9}", y: 0), S.button("Sell", id: "k", y: 50)])
        let new = S.screen([S.button("Sell now", id: "k", y: 0), S.button("Buy now", id: "caf\u{E9}", y: 50)])
        XCTAssertNil(PreparedVersion(old).idPrints)
        XCTAssertEqual(PreparedVersion(new).visualRanks, [0, 1])
        let diff = ScreenDiffer.diff(old: old, new: new, path: "S.json")
        XCTAssertEqual(diff.matchedOld, [1, 0])
    }
}
