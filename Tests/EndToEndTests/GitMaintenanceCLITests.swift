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
}
