import AXSnapshot
import AXTestSupport
@testable import AXDiff
import XCTest

/// `UniqueKeys` counts keys as a `Dictionary` from key to index did, and the
/// `pairUnique` built on it pairs the stops the `Dictionary` one pairs.
final class UniqueKeysTests: XCTestCase {
    func testTheTableAnswersAsADictionary() {
        let seed: UInt64 = 0x0D1C_7AB1E
        var rng = SeededGenerator(seed: seed)
        for round in 0..<300 {
            let n = Int(rng.next() % 3_000)
            // Few distinct keys make duplicates; keys that differ only in
            // their low or only in their high bits crowd the slots.
            let spread = UInt64(1 + rng.next() % 4_000)
            let style = rng.next() % 3
            var table = UniqueKeys(capacity: Int(rng.next() % 64))
            var oracle: [UInt64: Int] = [:]
            for index in 0..<n {
                let raw = rng.next() % spread
                let key = style == 0 ? raw : (style == 1 ? raw << 48 : raw &* 0x1_0000_0001)
                table.add(key, index)
                oracle[key] = oracle[key] == nil ? index : -1
            }
            XCTAssertEqual(table.count, oracle.count, "round \(round), seed \(seed)")
            XCTAssertEqual(table.isEmpty, oracle.isEmpty, "round \(round), seed \(seed)")
            var seen: [UInt64: Int] = [:]
            table.forEach { key, index in seen[key] = index }
            XCTAssertEqual(seen, oracle, "round \(round), seed \(seed)")
            for _ in 0..<50 {
                let probe = rng.next() % (2 * spread)
                let key = style == 0 ? probe : (style == 1 ? probe << 48 : probe &* 0x1_0000_0001)
                XCTAssertEqual(table.index(of: key), oracle[key], "round \(round), key \(key), seed \(seed)")
            }
        }
    }

    /// A key the generic `pairUnique` takes (not a `UInt64`).
    private struct Boxed: Hashable { var key: UInt64 }

    func testPairingByHashesPairsWhatTheDictionaryPairs() {
        let seed: UInt64 = 0x9A1_2C0DE
        var rng = SeededGenerator(seed: seed)
        var paired = 0
        for round in 0..<400 {
            let count = { Int(rng.next() % 60) }
            let labels = (0..<(count() + 1)).map { "Label \($0)" }
            func stops(_ n: Int) -> [Stop] {
                let nodes = (0..<n).map { _ in Node(role: .button, label: labels[Int(rng.next() % UInt64(labels.count))]) }
                return Snapshot(screen: "S", platform: .ios, elements: nodes).stops
            }
            let (old, new) = (stops(count()), stops(count()))
            var start = Matching(oldCount: old.count, newCount: new.count)
            // Some stops paired by an earlier pass, which the pass leaves alone.
            for i in old.indices where rng.next() % 5 == 0 {
                let j = Int(rng.next() % UInt64(max(new.count, 1)))
                if j < new.count, start.newToOld[j] == nil { start.pair(old: i, new: j) }
            }
            // Some labels with no key, and a hash that two labels may share.
            let hash = { (stops: [Stop], i: Int) -> UInt64? in
                guard let n = UInt64(stops[i].label.dropFirst("Label ".count)), n % 10 != 3 else { return nil }
                return n % 23
            }
            let rejects = rng.next() % 3 == 0
            let accept = { (i: Int, j: Int) in !rejects || (i + j) % 2 == 0 }
            var byHashes = start, byDictionary = start
            AnchorPass.pairUnique(&byHashes, old: old, new: new, key: hash, accept: accept)
            AnchorPass.pairUnique(&byDictionary, old: old, new: new, key: { hash($0, $1).map(Boxed.init) }, accept: accept)
            XCTAssertEqual(byHashes.oldToNew, byDictionary.oldToNew, "round \(round), seed \(seed)")
            XCTAssertEqual(byHashes.newToOld, byDictionary.newToOld, "round \(round), seed \(seed)")
            paired += byHashes.oldToNew.compactMap { $0 }.count - start.oldToNew.compactMap { $0 }.count
        }
        XCTAssertGreaterThan(paired, 200, "the rounds pair stops, seed \(seed)")
    }
}
