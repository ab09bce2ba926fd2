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
        XCTAssertTrue(lines.first?.hasPrefix("axdiff: warning: git maintenance run --auto --quiet could not start: git is not on PATH (/nonexistent)") == true, backfill.err)
        XCTAssertTrue(backfill.err.hasSuffix("; git's maintenance is left for later\n"), backfill.err)
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 60)

        try repo.commit("one more", ["Snapshots/Late.json": screenJSON("Late", [("button", "Late")])])
        let round = try CLI.run(["watch", "--repo", repo.path, "--once"], env: noGit)
        XCTAssertEqual(round.code, 0, round.err)
        let warnings = (round.out + round.err).split(separator: "\n").filter { $0.contains("warning: git maintenance run --auto --quiet could not start: git is not on PATH") }
        XCTAssertEqual(warnings.count, 1, round.out + round.err)
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 61)
        try repo.git(["fsck", "--strict", "--no-progress"])
    }

    /// Too few file descriptors: the run fails (exit 2) with the error that stopped it, and the
    /// warning about git's maintenance, which could not start either, says only that — never
    /// that notes were written; a run that succeeds annotated everything, never "nothing to do"
    /// because the refs could not be listed. With enough descriptors the run writes every note.
    func testTooFewFileDescriptorsFailTheRunAndNoLineSaysTheNotesAreWritten() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else { throw XCTSkip("needs prlimit(1)") }
        let repo = try GitFixture(self)
        try HistoryGenerator.build(repo, count: 60)
        func backfill(files: Int) throws -> CLI.Result {
            try CLI.run(["--nofile=\(files):\(files)", CLI.binary.path, "backfill", "--repo", repo.path, "--batch", "10"],
                        executable: URL(fileURLWithPath: "/usr/bin/prlimit"))
        }
        // Every limit from 4 to 24 (what fails depends on the threads a run starts): each run
        // that fails says why, and no line says notes were written.
        var failed: [Int] = []
        var outcomes: [String] = []
        for files in 4...24 {
            let r = try backfill(files: files)
            outcomes.append("\(files): exit \(r.code)")
            if r.code == 0 {
                // Never "nothing to do" because a directory could not be listed.
                XCTAssertTrue(r.out.contains("annotated 60 commits"), "\(files) files: \(r.out)")
            } else {
                failed.append(files)
                XCTAssertEqual(r.code, 2, "\(files) files: \(r.err)")
                XCTAssertTrue(r.err.contains("Too many open files"), "\(files) files: \(r.err)")
            }
            XCTAssertFalse(r.err.contains("notes are written"), "\(files) files: \(r.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: repo.path + "/.git/refs/notes/axdiff.lock"), "\(files) files: no lock left")
            try? repo.git(["update-ref", "-d", "refs/notes/axdiff"])
        }
        print("file descriptor limits: \(outcomes.joined(separator: ", "))")
        XCTAssertFalse(failed.isEmpty, "some limit is too low for a run: \(outcomes)")
        let enough = try backfill(files: 256)
        XCTAssertEqual(enough.code, 0, enough.err)
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 60)
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
        while backfill.isRunning, repacks < 400 {
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

/// A watcher hands its rounds' writes to git's maintenance together (`MaintenanceSchedule`),
/// not after each commit: git, on `PATH` behind a wrapper that logs each call, is asked for
/// its maintenance after the first round (it wrote packs), then not during single-commit
/// rounds within the minute, then once when the watcher stops — and every note is there.
final class WatcherMaintenanceTests: XCTestCase {
    func testSingleCommitRoundsAreHandedToGitWhenTheWatcherStops() throws {
        let repo = try GitFixture(self)
        try HistoryGenerator.build(repo, count: 60)
        let bin = try CLI.tempDir(self)
        let calls = bin.appendingPathComponent("calls.log").path
        let real = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/git"
        let wrapper = bin.appendingPathComponent("git").path
        try "#!/bin/sh\necho \"$*\" >> '\(calls)'\nexec '\(real)' \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        func maintenanceCalls() -> Int {
            ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("maintenance run --auto") }.count
        }
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watcher = try Background(["watch", "--repo", repo.path, "--poll", "1"], environment: ["PATH": path])
        defer { watcher.signal(SIGKILL) }
        let first = try repo.git(["rev-parse", "main"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(repo.waitForNote(first, timeout: 60), watcher.output)
        // The first round wrote 60 notes; its hand-over comes right after its notes.
        let deadline = Date().addingTimeInterval(30)
        while maintenanceCalls() < 1, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(maintenanceCalls(), 1, watcher.output)
        for n in 0..<5 {
            let sha = try repo.commit("late \(n)", ["Snapshots/Late.json": screenJSON("Late", [("button", "Late \(n)")])])
            XCTAssertNotNil(repo.waitForNote(sha, timeout: 30), "commit \(n): \(watcher.output)")
        }
        XCTAssertEqual(maintenanceCalls(), 1, "single-commit rounds within the minute: \(watcher.output)")
        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 30), 0, watcher.output)
        XCTAssertEqual(maintenanceCalls(), 2, "once more when the watcher stops: \(watcher.output)")
        XCTAssertEqual(try HistoryGenerator.notes(repo).count, 65)
        try repo.git(["fsck", "--strict", "--no-progress"])
    }
}
