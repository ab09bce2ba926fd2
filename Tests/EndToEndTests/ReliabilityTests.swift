import Foundation
import XCTest

/// Crash safety and concurrent writers (the figures are in RELIABILITY.md).
final class ReliabilityTests: XCTestCase {
    func testSIGKILLDuringBackfillLosesNothingAndLeavesNoStaleLock() throws {
        let clean = try GitRepo(self)
        try HistoryGenerator.build(clean, count: 1000)
        let crashed = try GitRepo(self)
        try crashed.git(["fetch", "-q", clean.path, "main:refs/heads/work"])

        let cleanRun = try CLI.run(["backfill", "--repo", clean.path])
        XCTAssertEqual(cleanRun.code, 0, cleanRun.err)
        let expected = try HistoryGenerator.notes(clean)
        XCTAssertEqual(expected.count, 1000)

        let packDirectory = URL(fileURLWithPath: crashed.path).appendingPathComponent(".git/objects/pack").path
        func files(_ keep: (String) -> Bool) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: packDirectory)) ?? []).filter(keep)
        }
        let packsBefore = files { $0.hasSuffix(".pack") }.count
        // The notes ref as a file (the watcher writes it loose), read without a git process.
        let refFile = URL(fileURLWithPath: crashed.path).appendingPathComponent(".git/refs/notes/axdiff").path
        func notesTip() -> String? { try? String(contentsOfFile: refFile, encoding: .utf8) }
        var rng = SystemRandomNumberGenerator()
        var progress: [Int] = []
        for _ in 0..<20 {
            let before = notesTip()
            let watcher = try Background(["watch", "--repo", crashed.path, "--batch", "20"])
            // Killed once it has written a batch, a random moment later: mid-backfill, with
            // later batches being analysed on every core and a pack perhaps half written —
            // whatever this machine's speed (a fixed delay either killed it before its first
            // note or after its last). The kills add up on one repository.
            let deadline = Date().addingTimeInterval(10)
            while notesTip() == before, Date() < deadline { usleep(500) }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.015, using: &rng))
            watcher.signal(SIGKILL)
            _ = watcher.waitForExit(timeout: 10)
            progress.append(try HistoryGenerator.notes(crashed).count)
        }
        // The kills must have landed during the backfill, not after it.
        let midway = progress.filter { $0 < 1000 }.count
        XCTAssertGreaterThanOrEqual(midway, 10, "notes after each kill: \(progress)")
        print("notes after each SIGKILL: \(progress)")
        let kills = progress.count
        // The next start is not blocked by the dead holders' lock, and finishes the job.
        let finish = try CLI.run(["watch", "--repo", crashed.path, "--once"])
        XCTAssertEqual(finish.code, 0, finish.err)
        XCTAssertEqual(try HistoryGenerator.notes(crashed), expected, "after \(kills) kills")
        _ = try crashed.git(["fsck", "--strict"])
        // What the killed runs left half-written was removed by the runs after them: no
        // temporary file, no `.keep` holding a pack forever, no pack without its index. The
        // packs themselves are git's to consolidate: `git gc` leaves one.
        XCTAssertEqual(files { $0.hasPrefix("tmp_") || $0.hasSuffix(".keep") }, [])
        let packs = files { $0.hasSuffix(".pack") }
        XCTAssertEqual(Set(packs.map { $0.dropLast(5) }), Set(files { $0.hasSuffix(".idx") }.map { $0.dropLast(4) }))
        print("packs after \(kills) kills: \(packs.count), \(packsBefore) of them fetched")
        try crashed.git(["gc", "-q"])
        XCTAssertEqual(files { $0.hasSuffix(".pack") }.count, 1)
        XCTAssertEqual(try HistoryGenerator.notes(crashed), expected, "after git gc")
    }

    func testConcurrentBackfillsAndHandWrittenNotesLoseNothing() throws {
        let repo = try GitRepo(self)
        try HistoryGenerator.build(repo, count: 300)
        let commits = try repo.git(["rev-list", "main"]).split(separator: "\n").map(String.init)
        // The first 20 by id: spread over the history, and the same every run.
        let byHand = Array(commits.sorted().prefix(20))

        let one = try Background(["backfill", "--repo", repo.path, "--batch", "10"])
        let two = try Background(["backfill", "--repo", repo.path, "--batch", "7"])
        for sha in byHand {
            try repo.git(["notes", "--ref=axdiff", "add", "-f", "-m", "reviewed by hand", sha])
        }
        XCTAssertEqual(one.waitForExit(timeout: 120), 0, one.output)
        XCTAssertEqual(two.waitForExit(timeout: 120), 0, two.output)
        // `git notes add` moves the ref without compare-and-swap, so it can drop a
        // batch axdiff published between git's read and git's write. axdiff never
        // drops git's note; what git dropped has no note, so the next round redoes it.
        let again = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(again.code, 0, again.err)
        print("after the concurrent run, a second backfill: \(again.out)")

        let notes = try HistoryGenerator.notes(repo)
        XCTAssertEqual(Set(notes.keys), Set(commits), "every commit has a note")
        for sha in byHand {
            XCTAssertEqual(repo.note(sha), "reviewed by hand\n", "a hand-written note was lost")
        }
        let list = try repo.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n")
        XCTAssertEqual(list.count, commits.count, "no commit has two notes")
        _ = try repo.git(["fsck", "--strict"])
        // The notes ref's history is one connected line of commits from the first batch.
        let roots = try repo.git(["rev-list", "--max-parents=0", "refs/notes/axdiff"]).split(separator: "\n")
        XCTAssertEqual(roots.count, 1)
    }
}
