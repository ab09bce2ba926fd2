import AXTestSupport
import XCTest
@testable import AXHistory

/// `BatchSchedule.next`: O(threads) — with 8× the threads, a whole schedule of the same
/// batches per thread costs at most 8× per step (`Scaling`, linear in the threads).
final class BatchScheduleScalingTests: XCTestCase {
    func testAStepIsLinearInTheThreads() {
        XCTAssertNil(Scaling.check("BatchSchedule.next with n threads", .linear, n: 16) { threads in
            // The same number of steps at both sizes: 4,096 batches, every thread taking turns.
            return {
                var schedule = BatchSchedule(batches: 4_096, threads: threads, lookahead: 8_192)
                var done = 0, t = 0
                while done < 4_096 {
                    if case .analyse = schedule.next(for: t, taken: 0) { done += 1 }
                    t = (t + 1) % threads
                }
            }
        })
        // Every batch is handed out once.
        var schedule = BatchSchedule(batches: 100, threads: 3, lookahead: 1_000)
        var seen: [Int] = []
        for step in 0..<400 {
            if case .analyse(let index) = schedule.next(for: step % 3, taken: 0) { seen.append(index) }
        }
        XCTAssertEqual(seen.sorted(), Array(0..<100))
    }
}
