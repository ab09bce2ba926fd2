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

    func testNoPairsNoRuns() {
        XCTAssertTrue(KeyedPositions([])[7].isEmpty)
    }
}
