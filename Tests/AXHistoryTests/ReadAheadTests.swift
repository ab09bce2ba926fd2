@testable import AXHistory
import AXGit
import Foundation
import AXTestSupport
import XCTest

final class ReadAheadTests: XCTestCase {
    /// Planned and read ahead, or not: the same notes, commit by commit (the history has
    /// unreadable snapshots and docs-only commits among the changes).
    func testReadingAheadChangesNoNote() throws {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: GitFixture.parallelHistory)
        let repository = try Repository.open(path: repo.path)
        let commits = try repository.commits(from: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
        XCTAssertEqual(commits.count, 70)
        let plain = CommitAnalyzer(repository: repository)
        let ahead = CommitAnalyzer(repository: try Repository.open(path: repo.path))
        var start = 0
        while start < commits.count {
            let window = commits[start..<min(start + 9, commits.count)]
            ahead.readAhead(window)
            for id in window {
                XCTAssertEqual(try ahead.analyze(id).note, try plain.analyze(id).note, "commit \(id.abbreviated())")
            }
            start = window.endIndex
        }
    }

    /// An analyser that drops the stops once the note is written (a backfill's): the same
    /// notes and counts, and no screen keeps its stops.
    func testDroppingStopsKeepsNotesAndCounts() throws {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: GitFixture.parallelHistory)
        let repository = try Repository.open(path: repo.path)
        let commits = try repository.commits(from: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
        let keeping = CommitAnalyzer(repository: repository)
        let dropping = CommitAnalyzer(repository: try Repository.open(path: repo.path), keepsStops: false)
        var keptStops = 0
        for id in commits {
            let (kept, dropped) = (try keeping.analyze(id), try dropping.analyze(id))
            XCTAssertEqual(dropped.note, kept.note, "commit \(id.abbreviated())")
            XCTAssertEqual([dropped.report.errors, dropped.report.warnings, dropped.report.improvements],
                           [kept.report.errors, kept.report.warnings, kept.report.improvements])
            XCTAssertEqual(dropped.report.screens.map(\.changes.count), kept.report.screens.map(\.changes.count))
            XCTAssertTrue(dropped.report.screens.allSatisfy { $0.stopsBefore.isEmpty && $0.stopsAfter.isEmpty && $0.matchedOld.isEmpty })
            keptStops += kept.report.screens.reduce(0) { $0 + $1.stopsAfter.count }
        }
        XCTAssertGreaterThan(keptStops, 0, "the keeping analyser does keep them")
    }

    func testHoldsAtMostItsBudgetAndGivesEachBlobOnce() throws {
        let readAhead = ReadAhead(maxBytes: 10)
        let a = try XCTUnwrap(ObjectID(hex: String(repeating: "a", count: 40)))
        let b = try XCTUnwrap(ObjectID(hex: String(repeating: "b", count: 40)))
        XCTAssertTrue(readAhead.store([1, 2, 3, 4, 5, 6], for: a))
        XCTAssertFalse(readAhead.store([1, 2, 3, 4, 5], for: b), "over the budget")
        XCTAssertEqual(readAhead.takeBlob(a), [1, 2, 3, 4, 5, 6])
        XCTAssertNil(readAhead.takeBlob(a), "taken once")
        XCTAssertTrue(readAhead.store([1, 2, 3, 4, 5], for: b), "room again")
        readAhead.clear()
        XCTAssertNil(readAhead.takeBlob(b))
    }
}

/// How the pool's threads share the batches (`BatchSchedule`), played out on a simulated clock:
/// each thread asks for its next batch when it is free, batches take the given time, and the
/// caller takes each result as soon as it and those before it are done.
final class BatchScheduleTests: XCTestCase {
    struct Outcome {
        var cold = 0                   // batches that did not follow the thread's previous one
        var analysed: [Int] = []       // every batch started, in order
        var finish: [Double] = []      // when each thread had nothing left
        var maxAhead = 0               // the farthest a started batch was past the first untaken one
    }

    func play(_ costs: [Double], threads: Int, lookahead: Int) -> Outcome {
        var schedule = BatchSchedule(batches: costs.count, threads: threads, lookahead: lookahead)
        var outcome = Outcome(finish: Array(repeating: 0, count: threads))
        var busy: [(index: Int, until: Double)?] = Array(repeating: nil, count: threads)
        var last: [Int?] = Array(repeating: nil, count: threads)
        var finished = Array(repeating: false, count: threads)
        var done = Set<Int>(), taken = 0, now = 0.0
        for _ in 0..<(10 * costs.count + 10) {
            for t in 0..<threads where busy[t] == nil && !finished[t] {
                switch schedule.next(for: t, taken: taken) {
                case .analyse(let i):
                    if last[t].map({ $0 + 1 != i }) ?? true { outcome.cold += 1 }
                    outcome.maxAhead = max(outcome.maxAhead, i - taken + 1)
                    outcome.analysed.append(i)
                    last[t] = i
                    busy[t] = (i, now + costs[i])
                case .wait:
                    break
                case .done:
                    finished[t] = true
                    outcome.finish[t] = now
                }
            }
            guard let t = busy.indices.filter({ busy[$0] != nil }).min(by: { (busy[$0]?.until ?? .infinity) < (busy[$1]?.until ?? .infinity) }),
                  let job = busy[t] else { break }
            now = job.until
            busy[t] = nil
            done.insert(job.index)
            while done.contains(taken) { taken += 1 }
        }
        XCTAssertEqual(finished, Array(repeating: true, count: threads), "every thread ran out of work")
        return outcome
    }

    func testAWholeBackfillIsSplitInOneRunPerThread() {
        // 5,000 commits in batches of 250, two threads, room for all of them.
        let even = play(Array(repeating: 1, count: 20), threads: 2, lookahead: 32)
        XCTAssertEqual(even.analysed.sorted(), Array(0..<20))
        XCTAssertEqual(even.cold, 2, "each thread starts cold once")
        XCTAssertEqual(even.finish[0], even.finish[1])
        // The first half twice as slow: the second thread takes over half of what is left, and
        // the two finish within one batch of each other.
        let uneven = play(Array(repeating: 2, count: 10) + Array(repeating: 1, count: 10), threads: 2, lookahead: 32)
        XCTAssertEqual(uneven.analysed.sorted(), Array(0..<20))
        XCTAssertLessThanOrEqual(uneven.cold, 5)
        XCTAssertLessThanOrEqual(abs(uneven.finish[0] - uneven.finish[1]), 2)
    }

    func testTheLookaheadBoundsHowFarAheadThreadsGo() {
        let outcome = play(Array(repeating: 1, count: 40), threads: 2, lookahead: 8)
        XCTAssertEqual(outcome.analysed.sorted(), Array(0..<40))
        XCTAssertLessThanOrEqual(outcome.maxAhead, 8)
        XCTAssertEqual(BatchSchedule(batches: 40, threads: 2, lookahead: 8).chunk, 4)
        XCTAssertEqual(play([], threads: 2, lookahead: 8).analysed, [])
        XCTAssertEqual(play([1, 1, 1], threads: 1, lookahead: 1).analysed, [0, 1, 2], "one thread goes in order")
    }

    /// Any sizes and costs: every batch once, the lookahead kept, no thread left idle while
    /// another has two batches to go, and no deadlock (every thread finishes).
    func testRandomSchedulesAnalyseEveryBatchOnceWithinTheLookahead() {
        var seed: UInt64 = 0x5EED
        func random(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            let count = random(60), threads = 1 + random(4), lookahead = 1 + random(40)
            let costs = (0..<count).map { _ in Double(1 + random(5)) }
            let outcome = play(costs, threads: threads, lookahead: lookahead)
            XCTAssertEqual(outcome.analysed.sorted(), Array(0..<count), "\(count) batches, \(threads) threads, lookahead \(lookahead)")
            XCTAssertLessThanOrEqual(outcome.maxAhead, lookahead)
        }
    }
}
