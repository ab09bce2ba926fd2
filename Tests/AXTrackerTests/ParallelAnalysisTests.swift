import AXGit
import AXTracker
import Foundation
import AXTestSupport
import XCTest

/// Commits analysed on several threads give what one thread gives.
final class ParallelAnalysisTests: XCTestCase {
    /// A bare repository holding `GitFixture.parallelHistory`, and a handle on it.
    func imported() throws -> (GitFixture, Repository) {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: GitFixture.parallelHistory)
        return (repo, try Repository.open(path: repo.path))
    }

    /// The history annotated on one thread, a notes commit per batch of 7: what every other
    /// way of annotating it must give.
    func annotatedOnOneThread() throws -> GitFixture {
        let (reference, single) = try imported()
        let one = Annotator(repository: single, options: .init(batchSize: 7, jobs: 1))
        try one.annotate(try one.pending(tips: try single.references(matching: ["refs/heads/*"]).map(\.commit)))
        return reference
    }

    /// Several threads analyse contiguous batches: the notes are those of one thread, written
    /// in history order — one notes commit per batch on one thread (analyses that keep their
    /// stops); on several, batches found analysed already when the one before them is written
    /// share its commit.
    func testParallelAnalysisWritesTheSameNotesAsOneThread() throws {
        var logs: [String] = []
        for jobs in [1, 3] {
            let (repo, repository) = try imported()
            let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: jobs))
            let pending = try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            XCTAssertEqual(pending.count, 70)
            var batches: [Int] = []
            let summary = try annotator.annotate(pending, perBatch: { batches.append($0.count) })
            XCTAssertEqual(summary.notesWritten, 70)
            XCTAssertGreaterThan(summary.unreadable, 0)
            XCTAssertEqual(batches, Array(repeating: 7, count: 10), "batches reported in order, each once")
            let notesCommits = try XCTUnwrap(Int(try repo.git(["rev-list", "--count", "refs/notes/axdiff"])
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            if jobs == 1 { XCTAssertEqual(notesCommits, 10) } else { XCTAssertTrue((1...10).contains(notesCommits), "\(notesCommits)") }
            _ = try repo.git(["fsck", "--strict"])
            logs.append(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
        }
        XCTAssertEqual(logs[0].components(separatedBy: "Axdiff-Errors:").count, 71)
        XCTAssertEqual(logs[0], logs[1])
    }

    /// Without stops in the analyses (a backfill), a run writes a batch per notes commit until
    /// it has written four, then a quarter of what it has written (`Annotator.writeUnit`):
    /// batches of 7 are written 7, 7, 7, 7, 7, 14 (a quarter of 35 is 8), 14 (of 49: 12) and
    /// the last 7 — the same notes as a commit per batch, in fewer notes commits.
    func testALongRunWritesGrowingGroupsOfBatches() throws {
        let reference = try annotatedOnOneThread()

        let (repo, repository) = try imported()
        let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: 1, keepsStops: false))
        XCTAssertEqual([0, 28, 35, 49, 63, 400].map(annotator.writeUnit(after:)), [7, 7, 8, 12, 15, 100])
        var written: [Int] = []
        var reported = 0
        let pending = try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
        let summary = try annotator.annotate(pending, perBatch: {
            reported += $0.count
            written.append(reported)
        })
        XCTAssertEqual(summary.notesWritten, 70)
        XCTAssertEqual(written, Array(stride(from: 7, through: 70, by: 7)), "every batch reported, in order")
        XCTAssertEqual(try repo.git(["rev-list", "--count", "refs/notes/axdiff"]), "8\n")
        XCTAssertEqual(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]),
                       try reference.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
        _ = try repo.git(["fsck", "--strict"])
    }

    /// Asked to stop while notes are being written and later batches are being analysed:
    /// the notes commit being written is finished (whole batches: the next one and any after
    /// it analysed already), nothing after it is written; a second run annotates the rest,
    /// and the notes are those of one thread.
    func testStoppingMidRunKeepsWholeBatchesAndResumes() throws {
        let reference = try annotatedOnOneThread()

        let (repo, repository) = try imported()
        let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: 3))
        let tips = try repository.references(matching: ["refs/heads/*"]).map(\.commit)
        var reported = 0
        let first = try annotator.annotate(try annotator.pending(tips: tips), shouldStop: { reported > 0 }) { reported += $0.count }
        XCTAssertEqual(first.notesWritten, reported)
        XCTAssertTrue(first.notesWritten >= 7 && first.notesWritten % 7 == 0, "whole batches, then stop: \(first.notesWritten)")
        let rest = try annotator.pending(tips: tips)
        XCTAssertEqual(rest.count, 70 - first.notesWritten)
        XCTAssertEqual(try annotator.annotate(rest).notesWritten, rest.count)
        _ = try repo.git(["fsck", "--strict"])
        XCTAssertEqual(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]),
                       try reference.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
    }

    /// A commit that cannot be analysed (here one that is not in the repository) gets no note
    /// and is named in the summary; every other commit, before and after it in its batch and
    /// in the batches after, is annotated — on one thread and on three.
    func testACommitThatCannotBeReadIsNamedAndTheOthersAreAnnotated() throws {
        for jobs in [1, 3] {
            let (_, repository) = try imported()
            let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: jobs))
            let pending = try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            let missing = try XCTUnwrap(ObjectID(hex: String(repeating: "ab", count: 20)))
            // The fifth batch (commits 28–34) holds the missing commit.
            let commits = Array(pending[..<30]) + [missing] + Array(pending[30...])
            var reported = 0
            let summary = try annotator.annotate(commits, perBatch: { reported += $0.count })
            XCTAssertEqual(summary.failures.map(\.commit), [missing], "jobs \(jobs)")
            XCTAssertTrue(summary.failures.first?.description.hasPrefix("commit \(missing.hex): ") == true,
                          "jobs \(jobs): \(String(describing: summary.failures.first))")
            XCTAssertEqual(reported, pending.count, "jobs \(jobs)")
            XCTAssertEqual(summary.notesWritten, pending.count, "jobs \(jobs)")
            XCTAssertEqual(try repository.annotatedCommits(), Set(pending), "jobs \(jobs)")
        }
    }
}
