import AXTestSupport
import XCTest
@testable import AXDiff

/// `VisualInversions.dominance` against counting each point, for kept stops
/// read in the order they are seen and for kept stops in any order.
final class VisualInversionsTests: XCTestCase {
    func testDominanceCountsEveryPointBelowAndLeftOfAQuery() {
        var rng = SeededGenerator(seed: 0xD0)
        for round in 0..<200 {
            let n = Int(rng.next() % 30)
            let points = round % 2 == 0 ? Array(0..<n) : Array(0..<n).shuffled(using: &rng)
            let queries = (0..<20).map { _ in (s: Int(rng.next() % UInt64(n + 3)) - 1, v: Int(rng.next() % UInt64(n + 3)) - 1) }
            let counted = queries.map { q in points.indices.filter { $0 < q.s && points[$0] < q.v }.count }
            XCTAssertEqual(VisualInversions.dominance(points: points, queries: queries), counted, "round \(round)")
        }
    }
}
