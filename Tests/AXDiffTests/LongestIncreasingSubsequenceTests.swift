@testable import AXDiff
import AXTestSupport
import XCTest

/// The packed runs of `LongestIncreasingSubsequence` (one integer a run)
/// against the `Run`s they stand in for, on seeded random sequences: the
/// same positions, ties broken by the preferred positions and then the
/// earliest, as a person would.
final class LongestIncreasingSubsequenceTests: XCTestCase {
    func testPackedRunsChooseAsRunsDo() {
        let seed: UInt64 = 0x115
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<2_000 {
            let count = Int.random(in: 1...60, using: &rng)
            // Distinct values, some sequences nearly in order (few moves), some with gaps.
            var values = Array(0..<(count + Int.random(in: 0...count, using: &rng))).shuffled(using: &rng).prefix(count)
            if trial % 2 == 0 { values.sort() }
            var sequence = Array(values)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let (a, b) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
                sequence.swapAt(a, b)
            }
            let preferred = trial % 3 == 0 ? [] : (0..<count).map { _ in Bool.random(using: &rng) }
            var bound = 0
            for v in sequence where v >= bound { bound = v + 1 }
            XCTAssertEqual(LongestIncreasingSubsequence.packedPositions(sequence, preferring: preferred, bound: bound),
                           LongestIncreasingSubsequence.runPositions(sequence, preferring: preferred, bound: bound),
                           "seed \(seed) trial \(trial): \(sequence) preferring \(preferred)")
        }
    }

    func testPackedRunsOrderAsRunsBeat() {
        let seed: UInt64 = 0x116
        var rng = SeededGenerator(seed: seed)
        typealias Run = LongestIncreasingSubsequence.Run
        for _ in 0..<5_000 {
            func run() -> Run {
                Int.random(in: 0..<8, using: &rng) == 0 ? .none
                    : Run(length: Int.random(in: 1...4, using: &rng), weight: Int.random(in: 0...2, using: &rng),
                          end: Int.random(in: 0...5, using: &rng))
            }
            let (a, b) = (run(), run())
            let pack = { (r: Run) in r.end < 0 ? 0 : LongestIncreasingSubsequence.PackedRun.make(length: r.length, weight: r.weight, end: r.end) }
            XCTAssertEqual(a.beats(b), pack(a) > pack(b), "seed \(seed): \(a) against \(b)")
        }
    }
}
