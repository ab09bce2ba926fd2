import Foundation
import XCTest
import AXTestSupport

/// `status`, `hooks uninstall`, `watch --log-format json` and `--color`, run as
/// a user runs them, on real repositories.
final class DaemonCommandsTests: XCTestCase {
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])

    func status(_ repo: GitFixture) throws -> [String] {
        let r = try CLI.run(["status", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        return r.out.split(separator: "\n").map(String.init)
    }

    func testStatusWithAndWithoutAWatcher() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try repo.git(["branch", "topic"])
        let third = try repo.commit("Docs", ["README.md": "hello\n"])

        var lines = try status(repo)
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertEqual(lines[0], "watcher: not running (none has run on this repository)")
        XCTAssertEqual(lines[1], "awaiting a note: 3 commits on refs/heads/*")
        XCTAssertEqual(lines[2], "last notes written: none yet (refs/notes/axdiff does not exist)")
        XCTAssertEqual(lines[3], "last error: none")

        let watcher = try Background(["watch", "--repo", repo.path, "--poll", "1"])
        defer { watcher.signal(SIGKILL) }
        XCTAssertNotNil(repo.waitForNote(third), watcher.output)
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
        lines = try status(repo)
        XCTAssertTrue(lines[0].hasPrefix("watcher: running, pid \(watcher.pid) on "), "\(lines)")
        XCTAssertTrue(lines[0].contains(host), "\(lines) should name \(host)")
        XCTAssertTrue(lines[0].contains(", since 20"), "\(lines)")
        XCTAssertEqual(lines[1], "awaiting a note: 0 commits on refs/heads/*")
        XCTAssertTrue(lines[2].hasPrefix("last notes written: 20") && lines[2].hasSuffix(", 3 notes in all)"), "\(lines)")

        watcher.signal(SIGTERM)
        XCTAssertEqual(watcher.waitForExit(timeout: 20), 0, watcher.output)
        try repo.commit("After", ["Snapshots/Checkout.json": good])
        lines = try status(repo)
        XCTAssertTrue(lines[0].hasPrefix("watcher: not running (the last one, pid \(watcher.pid) on "), "\(lines)")
        XCTAssertEqual(lines[1], "awaiting a note: 1 commit on refs/heads/*")
    }

    func testStatusShowsTheWatchersLastError() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        // A remote that does not exist: every round's fetch fails and is retried.
        let watcher = try Background(["watch", "--repo", repo.path, "--poll", "1", "--remote", "nowhere"])
        defer { watcher.signal(SIGKILL) }
        let deadline = Date().addingTimeInterval(20)
        while !watcher.output.contains("error: ") && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let logged = try XCTUnwrap(watcher.output.split(separator: "\n").first { $0.hasPrefix("error: ") }, watcher.output)
        let lines = try status(repo)
        XCTAssertTrue(lines[0].hasPrefix("watcher: running"), "\(lines)")
        XCTAssertTrue(lines[3].hasPrefix("last error: 20"), "\(lines)")
        XCTAssertTrue(lines[3].contains("nowhere"), "\(lines) should carry \(logged)")
        XCTAssertEqual(lines.count, 5, "\(lines)")
        XCTAssertTrue(lines[4].hasPrefix("remote 'nowhere' unreachable since 20"), "\(lines)")
    }

    func testHooksUninstallRestoresTheHookItReplaced() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        let mine = "#!/bin/sh\necho my own pre-push\n"
        try CLI.write(mine, to: hooks.appendingPathComponent("pre-push"))
        XCTAssertEqual(chmod(hooks.appendingPathComponent("pre-push").path, 0o755), 0)
        try CLI.write("#!/bin/sh\nexit 0\n", to: hooks.appendingPathComponent("post-receive"))

        // post-receive was replaced too and kept; then someone puts their own post-receive back by hand.
        XCTAssertEqual(try CLI.run(["hooks", "install", "--repo", repo.path, "--force"]).code, 0)
        XCTAssertEqual(try String(contentsOf: hooks.appendingPathComponent("pre-push.axdiff-old"), encoding: .utf8), mine)
        let handMade = "#!/bin/sh\necho hand-made\n"
        try CLI.write(handMade, to: hooks.appendingPathComponent("post-receive"))

        let r = try CLI.run(["hooks", "uninstall", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, r.out)
        XCTAssertTrue(lines[0].hasPrefix("restored ") && lines[0].hasSuffix("pre-push.axdiff-old"), r.out)
        XCTAssertTrue(lines[1].hasPrefix("removed ") && lines[1].hasSuffix("pre-receive"), r.out)
        XCTAssertTrue(lines[2].hasPrefix("left ") && lines[2].hasSuffix("post-receive: not written by axdiff"), r.out)
        XCTAssertEqual(try String(contentsOf: hooks.appendingPathComponent("pre-push"), encoding: .utf8), mine)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: hooks.appendingPathComponent("pre-push").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: hooks.appendingPathComponent("pre-push.axdiff-old").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: hooks.appendingPathComponent("pre-receive").path))
        XCTAssertEqual(try String(contentsOf: hooks.appendingPathComponent("post-receive"), encoding: .utf8), handMade)

        // Nothing of axdiff's left: a second uninstall changes nothing.
        let again = try CLI.run(["hooks", "uninstall", "--repo", repo.path])
        XCTAssertEqual(again.code, 0)
        XCTAssertFalse(again.out.contains("removed") || again.out.contains("restored"), again.out)
        XCTAssertEqual(try CLI.run(["hooks", "uninstall", "--force", "--repo", repo.path]).code, 2)
    }

    func testWatchLogsJSONLines() throws {
        let repo = try GitFixture(self)
        let first = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let second = try repo.commit("Drift \"quoted\"", ["Snapshots/Checkout.json": drifted])
        let r = try CLI.run(["watch", "--repo", repo.path, "--once", "--log-format", "json"])
        XCTAssertEqual(r.code, 0, r.err)
        let objects = try r.out.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String], String($0))
        }
        XCTAssertEqual(objects.map { $0["commit"] }, [String(first.prefix(7)), String(second.prefix(7))])
        XCTAssertEqual(objects.map { Set($0.keys) }, Array(repeating: ["commit", "level", "message", "time"], count: 2))
        XCTAssertTrue(objects[1]["message"]?.hasPrefix("1 error (") == true, "\(objects)")
        XCTAssertTrue(objects[1]["message"]?.hasSuffix("Drift \"quoted\"") == true, "\(objects)")
        XCTAssertTrue(objects[0]["message"]?.hasPrefix("1 minor change (") == true, "a note-severity change is not a git note: \(objects)")
        XCTAssertNotNil(ISO8601DateFormatter().date(from: objects[0]["time"] ?? ""))
    }

    func testColourOnATerminalOnlyAndNeverWhenPipedOrNO_COLOR() throws {
        let dir = try CLI.tempDir(self)
        let old = dir.appendingPathComponent("old.json"), new = dir.appendingPathComponent("new.json")
        try CLI.write(good, to: old)
        try CLI.write(drifted, to: new)
        let diff = "'\(CLI.binary.path)' diff '\(old.path)' '\(new.path)'"
        // script(1) gives the command a pseudo-terminal.
        func onTerminal(_ command: String, env: [String: String] = [:]) throws -> String {
            try CLI.run(["-q", "-e", "-c", command, "/dev/null"], env: env, executable: URL(fileURLWithPath: "/usr/bin/script")).out
        }
        let escape = "\u{1B}["
        let coloured = try onTerminal(diff, env: ["TERM": "xterm", "NO_COLOR": ""])
        XCTAssertTrue(coloured.contains("\u{1B}[1;31m✗ order.regressed\u{1B}[0m"), coloured.debugDescription)
        XCTAssertTrue(coloured.contains("\u{1B}[1maxdiff: "), coloured.debugDescription)
        XCTAssertFalse(try onTerminal(diff, env: ["TERM": "xterm", "NO_COLOR": "1"]).contains(escape), "NO_COLOR")
        XCTAssertFalse(try onTerminal(diff, env: ["TERM": "dumb"]).contains(escape), "TERM=dumb")
        XCTAssertFalse(try onTerminal(diff + " --color never", env: ["TERM": "xterm"]).contains(escape), "--color never")
        XCTAssertFalse(try onTerminal(diff + " --format markdown", env: ["TERM": "xterm"]).contains(escape), "only text is coloured")

        let piped = try CLI.run(["diff", old.path, new.path])
        XCTAssertEqual(piped.code, 1)
        XCTAssertFalse(piped.out.contains(escape), piped.out)
        let forced = try CLI.run(["diff", old.path, new.path, "--color", "always"])
        XCTAssertTrue(forced.out.contains(escape), forced.out)
        // Colour adds escapes and nothing else.
        XCTAssertEqual(forced.out.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression), piped.out)
    }
}
