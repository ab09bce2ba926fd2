import AXTestSupport
import XCTest
@testable import AXDiff

/// `KeyedPositions` against the plain dictionary of arrays it replaced.
final class KeyedPositionsTests: XCTestCase {
    func testRunsMatchADictionaryOfArrays() {
        for seed: UInt64 in [1, 0x5EED, 20261206] {
            var rng = SeededGenerator(seed: seed)
            var pairs: [(key: UInt64, position: Int)] = []
            var expected: [UInt64: [Int]] = [:]
            // Few distinct keys, so runs are long and positions repeat under a key.
            for position in 0..<2_000 {
                for _ in 0..<Int(rng.next() % 4) {
                    let key = rng.next() % 37 == 0 ? UInt64.max : rng.next() % 50
                    pairs.append((key, position))
                    if expected[key]?.last != position { expected[key, default: []].append(position) }
                }
            }
            let table = KeyedPositions(pairs)
            for key in Set(expected.keys).union([UInt64(51), 0x1234]) {
                XCTAssertEqual(Array(table[key]), expected[key] ?? [], "key \(key), seed \(seed)")
            }
        }
    }

    /// Many distinct keys, so the table grows several times: random ones, ones
    /// that differ only in their high bits or only in their low bits.
    func testManyDistinctKeysMatchADictionaryOfArrays() {
        for seed: UInt64 in [2, 0xBEEF, 20261206] {
            var rng = SeededGenerator(seed: seed)
            var pairs: [(key: UInt64, position: Int)] = []
            var expected: [UInt64: [Int]] = [:]
            for position in 0..<5_000 {
                for _ in 0..<Int(1 + rng.next() % 3) {
                    let key: UInt64
                    switch rng.next() % 3 {
                    case 0: key = rng.next()
                    case 1: key = (rng.next() % 3_000) << 48
                    default: key = rng.next() % 3_000
                    }
                    pairs.append((key, position))
                    if expected[key]?.last != position { expected[key, default: []].append(position) }
                }
            }
            let table = KeyedPositions(pairs)
            for key in expected.keys {
                XCTAssertEqual(Array(table[key]), expected[key] ?? [], "key \(key), seed \(seed)")
                XCTAssertTrue(table.contains(key), "key \(key), seed \(seed)")
            }
            for _ in 0..<1_000 {
                let absent = rng.next()
                if expected[absent] == nil {
                    XCTAssertTrue(table[absent].isEmpty, "key \(absent), seed \(seed)")
                    XCTAssertFalse(table.contains(absent), "key \(absent), seed \(seed)")
                }
            }
        }
    }

    func testNoPairsNoRuns() {
        XCTAssertTrue(KeyedPositions([])[7].isEmpty)
        XCTAssertFalse(KeyedPositions([]).contains(7))
    }
}
