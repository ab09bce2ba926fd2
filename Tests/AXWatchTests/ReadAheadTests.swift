@testable import AXWatch
import AXGit
import Foundation
import XCTest

final class ReadAheadTests: XCTestCase {
    /// Planned and read ahead, or not: the same notes, commit by commit (the history has
    /// unreadable snapshots and docs-only commits among the changes).
    func testReadingAheadChangesNoNote() throws {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: ParallelAnalysisTests.history)
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
        _ = try repo.git(["fast-import", "--quiet"], stdin: ParallelAnalysisTests.history)
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

/// How the pool's threads claim batches: runs of consecutive batches (warm caches) while
/// many are left, single batches at the end (no thread finishing long after the others).
final class AnalyzerClaimTests: XCTestCase {
    func testClaimsShrinkTowardsTheEnd() {
        typealias Run = AnalyzerPool.Run
        // 20 batches (5,000 commits in batches of 250) for two threads, claimed in turn.
        var remaining = 20, claims: [Int] = []
        while remaining > 0 {
            let claim = Run.claim(remaining: remaining, threads: 2)
            claims.append(claim)
            remaining -= claim
        }
        XCTAssertEqual(claims, [4, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1])
        XCTAssertLessThan(claims.count, 20, "fewer cold starts than one batch per claim")
        XCTAssertEqual(Run.claim(remaining: 1_000, threads: 2), Run.longestClaim, "bounded, so the lookahead bounds memory")
        XCTAssertEqual(Run.claim(remaining: 3, threads: 16), 1)
        XCTAssertEqual(Run.claim(remaining: 0, threads: 0), 1)
    }
}
