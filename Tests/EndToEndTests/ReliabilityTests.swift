import Foundation
import XCTest
import AXTestSupport

/// Crash safety and concurrent writers (the figures are in RELIABILITY.md).
final class ReliabilityTests: XCTestCase {
    /// Where each watcher is killed mid-backfill, in turn (`AXDIFF_TEST_PAUSE`, the
    /// annotator's test hook, stops it there): `packed` — its first notes commit's pack in
    /// place and held by its `.keep`, the notes ref not moved — or `written` — the ref just
    /// moved there, later batches being analysed on every core. Each run starts where the
    /// last one left. (A run's first notes commit holds at most the batches analysed ahead,
    /// 8 of 10 commits on two cores: four such never reach the end of 400 commits.)
    static let kills = ["packed", "written", "packed", "written", "written", "packed", "written", "packed"]
    static let commits = 400

    func testSIGKILLDuringBackfillLosesNothingAndLeavesNoStaleLock() throws {
        let clean = try GitFixture(self)
        try HistoryGenerator.build(clean, count: Self.commits)
        let crashed = try GitFixture(self)
        try crashed.git(["fetch", "-q", clean.path, "main:refs/heads/work"])

        let cleanRun = try CLI.run(["backfill", "--repo", clean.path])
        XCTAssertEqual(cleanRun.code, 0, cleanRun.err)
        let expected = try HistoryGenerator.notes(clean)
        XCTAssertEqual(expected.count, Self.commits)

        let packDirectory = URL(fileURLWithPath: crashed.path).appendingPathComponent(".git/objects/pack").path
        func files(_ keep: (String) -> Bool) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: packDirectory)) ?? []).filter(keep)
        }
        let packsBefore = files { $0.hasSuffix(".pack") }.count
        let pauses = try CLI.tempDir(self)
        var progress: [Int] = []
        for (k, place) in Self.kills.enumerated() {
            let before = try HistoryGenerator.notes(crashed)
            let watcher = try Background(["watch", "--repo", crashed.path, "--batch", "10"],
                                         environment: ["AXDIFF_TEST_PAUSE": pauses.path])
            let target = pauses.appendingPathComponent("\(place)-1").path
            let deadline = Date().addingTimeInterval(120)
            while !FileManager.default.fileExists(atPath: target), watcher.isRunning, Date() < deadline {
                // `packed-1` comes before `written-1`: let it pass when the target is the later
                // (only then: removing the target itself between the check and here lets it run on).
                if place != "packed" {
                    try? FileManager.default.removeItem(at: pauses.appendingPathComponent("packed-1"))
                }
                usleep(2_000)
            }
            let what = "kill \(k + 1) at \(place)-1"
            XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(what) reached: \(watcher.output)")
            let atPause = try HistoryGenerator.notes(crashed)
            watcher.signal(SIGKILL)
            XCTAssertNotNil(watcher.waitForExit(timeout: 30), what)
            try? FileManager.default.removeItem(atPath: target)
            // What the ref reached when the process stopped is what there is: nothing lost,
            // nothing half-added, every note the bytes of the uninterrupted run's.
            let after = try HistoryGenerator.notes(crashed)
            XCTAssertEqual(after, atPause, what)
            XCTAssertEqual(after.filter { expected[$0.key] != $0.value }.count, 0, "\(what): notes differ from the clean run's")
            if place == "packed" {
                XCTAssertEqual(after, before, "\(what): a pack the ref does not reach adds no note")
            } else {
                XCTAssertGreaterThan(after.count, before.count, "\(what): the notes commit the ref reached counts")
            }
            XCTAssertLessThan(after.count, Self.commits, "\(what), mid-backfill")
            _ = try crashed.git(["fsck", "--strict", "--no-progress"])
            progress.append(after.count)
        }
        print("notes after each SIGKILL (\(Self.kills.joined(separator: ", "))): \(progress)")
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
        let repo = try GitFixture(self)
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
