import Foundation
import XCTest
import AXTestSupport

/// The watcher when something keeps failing: a missing blob fails every round, a remote
/// goes away. Rounds are retried with back-off (not at once, forever), a repeated error is
/// logged once with its count, and local annotation goes on whatever the remote does.
final class WatchOutageTests: XCTestCase {
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])

    func status(_ repo: GitFixture) throws -> [String] {
        let r = try CLI.run(["status", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        return r.out.split(separator: "\n").map(String.init)
    }

    /// How many rounds in a row failed, as the watcher's lock file counts them (`status`).
    func failedRounds(_ repo: GitFixture) throws -> Int {
        let line = try XCTUnwrap(try status(repo).first { $0.hasPrefix("last error: ") })
        guard line != "last error: none" else { return 0 }
        guard let range = line.range(of: #"\((\d+) times in a row\)"#, options: .regularExpression) else { return 1 }
        return Int(line[range].dropFirst().prefix { $0.isNumber }) ?? -1
    }

    func testAFailingRoundIsRetriedWithBackOffAndItsErrorLoggedOnce() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        // On a branch of its own, so that no later `git add` in the work tree writes the blob again.
        try repo.git(["checkout", "-q", "-b", "broken"])
        let broken = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try repo.git(["checkout", "-q", "main"])
        // The drifted snapshot's blob is gone (a loose object deleted): every round fails on it.
        let blob = try repo.git(["rev-parse", "\(broken):Snapshots/Checkout.json"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))

        let watcher = try Background(["watch", "--repo", repo.path, "--poll", "30"])
        defer { watcher.signal(SIGKILL) }
        XCTAssertNotNil(repo.waitForNote(first), watcher.output)
        Thread.sleep(forTimeInterval: 6)
        let rounds = try failedRounds(repo)
        print("failing rounds in 6 s with --poll 30: \(rounds); log lines: \(watcher.output.split(separator: "\n").count)")
        // At once, forever, this was thousands of rounds; with back-off from 1 s, doubling, a handful.
        XCTAssertGreaterThanOrEqual(rounds, 2, "the failing round was not retried\n\(watcher.output)")
        XCTAssertLessThanOrEqual(rounds, 10, watcher.output)
        let errors = watcher.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        XCTAssertEqual(errors.count, 1, "a repeated error is logged once\n\(watcher.output)")
        XCTAssertTrue(errors.first?.contains(String(broken.prefix(7))) == true || errors.first?.contains("Snapshots/Checkout.json") == true,
                      watcher.output)
        XCTAssertLessThanOrEqual(watcher.output.split(separator: "\n").count, 5, watcher.output)

        // A real change (a new commit) is annotated without waiting out the back-off, the
        // broken commit still failing beside it.
        let next = try repo.commit("Rename", ["Snapshots/Other.json": good.replacingOccurrences(of: "Checkout", with: "Other")])
        XCTAssertNotNil(repo.waitForNote(next), watcher.output)
        XCTAssertNil(repo.note(broken))
        XCTAssertTrue(watcher.isRunning, watcher.output)
        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 20), 0, watcher.output)
        // The run of identical errors is told with its count when the watcher stops.
        XCTAssertTrue(watcher.output.contains("error repeated "), watcher.output)
    }

    func testAnUnreachableRemoteDoesNotStopLocalAnnotation() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let remote = try GitFixture(self, bare: true)
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "origin", "main"])
        // Every git process the watcher starts says so here (git's own trace).
        let trace = repo.url.appendingPathComponent(".git/trace")
        let watcher = try Background(["watch", "--repo", repo.path, "--remote", "origin", "--poll", "30"],
                                     environment: ["GIT_TRACE": trace.path])
        defer { watcher.signal(SIGKILL) }
        func fetches() -> Int {
            ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains("built-in: git fetch") }.count
        }
        let deadline = Date().addingTimeInterval(30)
        while (try? remote.git(["notes", "--ref=axdiff", "show", first])) == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertNotNil(try? remote.git(["notes", "--ref=axdiff", "show", first]), watcher.output)

        // The remote goes away: local commits are annotated all the same.
        let away = remote.url.deletingLastPathComponent().appendingPathComponent(remote.url.lastPathComponent + "-away")
        try FileManager.default.moveItem(at: remote.url, to: away)
        let fetchesBefore = fetches()
        let outage = Date()
        let a = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        XCTAssertNotNil(repo.waitForNote(a), watcher.output)
        let b = try repo.commit("Back", ["Snapshots/Checkout.json": good])
        XCTAssertNotNil(repo.waitForNote(b), watcher.output)
        let lines = try status(repo)
        XCTAssertTrue(lines.contains { $0.hasPrefix("remote 'origin' unreachable since 20") }, "\(lines)")
        Thread.sleep(forTimeInterval: max(0, 6 - Date().timeIntervalSince(outage)))
        // Tried again with back-off: a handful of fetches, where retrying at once made a thousand.
        let attempts = fetches() - fetchesBefore
        print("git fetch processes in a 6 s outage: \(attempts)")
        XCTAssertGreaterThanOrEqual(attempts, 1, watcher.output)
        XCTAssertLessThanOrEqual(attempts, 10, watcher.output)
        // One line per run of identical errors: the remote may vanish between the fetch of the
        // branches and that of the notes, so the first failure may be the second fetch's.
        XCTAssertLessThanOrEqual(watcher.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count, 2, watcher.output)

        // It comes back: the notes written meanwhile reach it, and status no longer names it.
        try FileManager.default.moveItem(at: away, to: remote.url)
        let back = Date().addingTimeInterval(90)
        while (try? remote.git(["notes", "--ref=axdiff", "show", b])) == nil && Date() < back { Thread.sleep(forTimeInterval: 0.2) }
        XCTAssertNotNil(try? remote.git(["notes", "--ref=axdiff", "show", a]), watcher.output)
        XCTAssertNotNil(try? remote.git(["notes", "--ref=axdiff", "show", b]), watcher.output)
        XCTAssertTrue(watcher.output.contains("remote 'origin' answers again after "), watcher.output)
        XCTAssertFalse(try status(repo).contains { $0.hasPrefix("remote ") })
        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 20), 0, watcher.output)
        _ = try remote.git(["fsck", "--strict"])
    }

    func testAPushTheRemoteDeclinesIsRetriedWithBackOffAndNamedByStatus() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let remote = try GitFixture(self, bare: true)
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "origin", "main"])
        // The remote takes no notes: its pre-receive hook declines every push.
        let hook = remote.url.appendingPathComponent("hooks/pre-receive")
        try CLI.write("#!/bin/sh\necho 'notes are not taken here' >&2\nexit 1\n", to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let trace = repo.url.appendingPathComponent(".git/trace")
        let watcher = try Background(["watch", "--repo", repo.path, "--remote", "origin", "--poll", "30"],
                                     environment: ["GIT_TRACE": trace.path])
        defer { watcher.signal(SIGKILL) }
        XCTAssertNotNil(repo.waitForNote(first), watcher.output)
        let second = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        XCTAssertNotNil(repo.waitForNote(second), watcher.output)
        Thread.sleep(forTimeInterval: 6)
        let pushes = ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.contains("built-in: git push") }.count
        print("git push processes in 6 s against a remote that declines: \(pushes)")
        // Declined is declined: one push per attempt (not 8), attempts spaced by the back-off.
        XCTAssertGreaterThanOrEqual(pushes, 1, watcher.output)
        XCTAssertLessThanOrEqual(pushes, 8, watcher.output)
        let errors = watcher.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        XCTAssertEqual(errors.count, 1, watcher.output)
        XCTAssertTrue(errors.first?.contains("[remote rejected] (pre-receive hook declined)") == true, watcher.output)
        let lines = try status(repo)
        XCTAssertTrue(lines.contains { $0.hasPrefix("remote 'origin' refuses the notes since 20") }, "\(lines)")
        XCTAssertNil(try? remote.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n").first, "the remote took notes")
        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 20), 0, watcher.output)
    }
}
