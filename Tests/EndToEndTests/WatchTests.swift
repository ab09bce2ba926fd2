import Foundation
import XCTest
import AXTestSupport

/// The watcher as a user runs it: a background process over a real repository.
final class WatchTests: XCTestCase {
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])

    func testWatcherAnnotatesNewCommitsSurvivesHistoryRewritesAndStopsCleanly() throws {
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let watcher = try Background(["watch", "--repo", repo.path, "--poll", "1"])
        defer { watcher.signal(SIGKILL) }
        XCTAssertNotNil(repo.waitForNote(first), watcher.output)

        // A second watcher on the same repository is refused, naming the holder.
        let second = try CLI.run(["watch", "--repo", repo.path, "--once"])
        XCTAssertEqual(second.code, 2)
        XCTAssertTrue(second.err.contains("pid \(watcher.pid)"), second.err)

        let drift = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        let note = try XCTUnwrap(repo.waitForNote(drift), watcher.output)
        XCTAssertTrue(note.contains("order.regressed"), note)

        // Force-push style rewrite: the new tip is not a descendant of the old one.
        try repo.git(["reset", "-q", "--hard", first])
        let rewritten = try repo.commit("Rewrite", ["Snapshots/Checkout.json": good.replacingOccurrences(of: "Try again", with: "Retry")])
        XCTAssertNotNil(repo.waitForNote(rewritten), watcher.output)

        // A branch appears and is deleted; gc and pack-refs run underneath.
        try repo.git(["branch", "topic"])
        try repo.git(["branch", "-D", "topic"])
        try repo.git(["gc", "-q", "--prune=now"])
        try repo.git(["pack-refs", "--all"])
        let afterGC = try repo.commit("After gc", ["Snapshots/Other.json": good.replacingOccurrences(of: "Checkout", with: "Other")])
        XCTAssertNotNil(repo.waitForNote(afterGC), watcher.output)
        XCTAssertTrue(watcher.isRunning, watcher.output)

        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 20), 0, watcher.output)
        XCTAssertTrue(watcher.output.contains("stopping"), watcher.output)
        // One log line per commit annotated, with its time.
        XCTAssertTrue(watcher.output.contains("\(String(drift.prefix(7))) 1 error ("), watcher.output)
        _ = try repo.git(["fsck", "--strict"])
    }

    func testAKilledWatcherDoesNotBlockTheNextStart() throws {
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let watcher = try Background(["watch", "--repo", repo.path])
        XCTAssertNotNil(repo.waitForNote(first), watcher.output)
        watcher.signal(SIGKILL)
        XCTAssertNotNil(watcher.waitForExit(timeout: 10))
        let next = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        let once = try CLI.run(["watch", "--repo", repo.path, "--once"])
        XCTAssertEqual(once.code, 0, once.err)
        XCTAssertNotNil(repo.note(next))
    }

    func testNotARepositoryIsExitTwo() throws {
        let dir = try CLI.tempDir(self)
        let r = try CLI.run(["watch", "--repo", dir.path, "--once"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("axdiff: \(dir.path): "), r.err)
    }

    func testBackfillShowAndLog() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let drift = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        let none = try CLI.run(["show", "--repo", repo.path, drift])
        XCTAssertEqual(none.code, 2)
        XCTAssertTrue(none.err.contains("has no note"), none.err)
        let computed = try CLI.run(["show", "--repo", repo.path, "--compute", "--format", "json", drift])
        XCTAssertEqual(computed.code, 0, computed.err)
        XCTAssertTrue(computed.out.contains("\"order.regressed\""))

        let backfill = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(backfill.code, 0, backfill.err)
        XCTAssertEqual(backfill.out, "annotated 2 commits on refs/notes/axdiff: 1 error, 0 warnings, 0 improvements\n")
        XCTAssertEqual(try CLI.run(["backfill", "--repo", repo.path]).out, "annotated 0 commits on refs/notes/axdiff: 0 errors, 0 warnings, 0 improvements\n")
        let show = try CLI.run(["show", "--repo", repo.path, drift])
        XCTAssertEqual(show.out, repo.note(drift))
        let log = try CLI.run(["log", "--repo", repo.path])
        let lines = log.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix(String(drift.prefix(7)) + "  1E 0W 0I"), log.out)
        XCTAssertTrue(lines[0].hasSuffix("Drift"))
    }

    /// The demo's bundled story, in this checkout.
    private static let story = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/story").path

    func testDemoBuildsAndAnnotatesTheStory() throws {
        let dir = try CLI.tempDir(self)
        let examples = Self.story
        let r = try CLI.run(["demo", "--examples", examples, "--into", dir.appendingPathComponent("repo").path])
        XCTAssertEqual(r.code, 0, r.err)
        for expected in ["order.regressed", "label.lost", "group.split", "group.merged", "order.improved", "axdiff: no snapshot changed"] {
            XCTAssertTrue(r.out.contains(expected), expected)
        }
    }

    /// The demo runs git itself: without git on `PATH` it says so in one line, exit 2, and
    /// names the git command it could not start.
    func testDemoWithoutGitSaysSoInOneLine() throws {
        let dir = try CLI.tempDir(self)
        let examples = Self.story
        let r = try CLI.run(["demo", "--examples", examples, "--into", dir.appendingPathComponent("repo").path],
                            env: ["PATH": "/nonexistent"])
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(r.err.split(separator: "\n"), ["axdiff: git init -q -b main could not start: git is not on PATH (/nonexistent)"])
    }

    func testShallowCloneIsAnnotatedUpToItsBoundary() throws {
        let full = try GitFixture(self)
        try full.commit("Add", ["Snapshots/Checkout.json": good])
        try full.commit("Drift", ["Snapshots/Checkout.json": drifted])
        let tip = try full.commit("Back", ["Snapshots/Checkout.json": good])
        let shallow = try GitFixture(self)
        try shallow.git(["fetch", "-q", "--depth", "2", "file://" + full.path, "main:refs/heads/copy"])
        let r = try CLI.run(["watch", "--repo", shallow.path, "--once"])
        XCTAssertEqual(r.code, 0, r.err + r.out)
        XCTAssertTrue(try XCTUnwrap(shallow.note(tip)).contains("order.improved"))
        // The boundary commit is not compared and gets no note (one would pass for its analysis).
        let boundary = try shallow.git(["rev-parse", "copy~1"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNil(shallow.note(boundary))
    }

    func testReftableRepositoryIsRefusedWithAClearMessage() throws {
        let repo = try GitFixture(self)
        try repo.git(["config", "core.repositoryformatversion", "1"])
        try repo.git(["config", "extensions.refStorage", "reftable"])
        let r = try CLI.run(["watch", "--repo", repo.path, "--once"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("uses reftable, which libgit2 1.5 cannot read"), r.err)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
    }
}
