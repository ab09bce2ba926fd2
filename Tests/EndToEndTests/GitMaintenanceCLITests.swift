import AXTestSupport
import Foundation
import XCTest

/// The end of a run as the command line shows it: git's maintenance that cannot run (git not
/// on `PATH`) is one warning line on stderr, for `backfill` and for a watcher's round, and
/// the run's notes and exit code are those of a run without it.
final class GitMaintenanceCLITests: XCTestCase {
    func testWithoutGitOnThePathTheRunWarnsOnceAndSucceeds() throws {
        let repo = try GitFixture(self)
        try HistoryGenerator.build(repo, count: 60)
        let noGit = ["PATH": "/nonexistent"]
        let backfill = try CLI.run(["backfill", "--repo", repo.path], env: noGit)
        XCTAssertEqual(backfill.code, 0, backfill.err)
        let lines = backfill.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, backfill.err)
        XCTAssertTrue(lines.first?.hasPrefix("axdiff: warning: git maintenance run --auto --quiet failed (127): ") == true, backfill.err)
        XCTAssertTrue(backfill.err.hasSuffix("; the notes are written, git's maintenance is left for later\n"), backfill.err)
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 60)

        try repo.commit("one more", ["Snapshots/Late.json": screenJSON("Late", [("button", "Late")])])
        let round = try CLI.run(["watch", "--repo", repo.path, "--once"], env: noGit)
        XCTAssertEqual(round.code, 0, round.err)
        let warnings = (round.out + round.err).split(separator: "\n").filter { $0.contains("warning: git maintenance run --auto --quiet failed (127)") }
        XCTAssertEqual(warnings.count, 1, round.out + round.err)
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 61)
        try repo.git(["fsck", "--strict", "--no-progress"])
    }

    /// git's merge running at any moment beside a backfill (a loop of `git repack -d
    /// --geometric=2`, bounded) loses no note: the backfill succeeds — its own merge at the end
    /// may lose the race with the loop's, which is a warning — and git finds every note.
    func testABackfillBesideALoopOfGeometricRepacksLosesNothing() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let repo = try GitFixture(self)
        try HistoryGenerator.build(repo, count: 1_500)
        let backfill = try Background(["backfill", "--repo", repo.path, "--batch", "10", "--jobs", "1"])
        var repacks = 0, failed = 0
        while backfill.process.isRunning, repacks < 400 {
            do { try repo.git(["repack", "-d", "-q", "--geometric=2"]) } catch { failed += 1 }
            repacks += 1
            usleep(20_000)
        }
        XCTAssertEqual(backfill.waitForExit(timeout: 300), 0, backfill.output)
        // Nothing on stderr but, perhaps, the warning that the run's own merge lost the race.
        let diagnostics = backfill.output.split(separator: "\n").filter { $0.hasPrefix("axdiff: ") }
        XCTAssertTrue(diagnostics.allSatisfy { $0.hasPrefix("axdiff: warning: git repack ") }, backfill.output)
        try repo.git(["fsck", "--strict", "--no-progress"])
        let listed = try repo.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n")
        XCTAssertEqual(listed.count, 1_500)
        let blobs = listed.map { $0.split(separator: " ")[0] }.joined(separator: "\n") + "\n"
        let check = try repo.git(["cat-file", "--batch-check"], stdin: blobs)
        XCTAssertEqual(check.split(separator: "\n").filter { $0.contains(" blob ") }.count, 1_500, check)
        XCTAssertFalse(check.contains("missing"), check)
        print("\(repacks) geometric repacks beside the backfill, \(failed) of them failed")
    }
}
