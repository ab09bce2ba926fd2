import Foundation
import XCTest
import AXTestSupport

/// Two machines, one remote: each clone runs its own watcher with
/// `--remote origin`, commits are pushed from both, and every commit ends up
/// annotated exactly once on the remote.
final class RemoteSyncTests: XCTestCase {
    func clone(_ remote: GitFixture) throws -> GitFixture {
        let repo = try GitFixture(self)
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["fetch", "-q", "origin"])
        if (try? repo.git(["rev-parse", "--verify", "-q", "origin/main"])) != nil {
            try repo.git(["reset", "-q", "--hard", "origin/main"])
        }
        return repo
    }

    func testTwoWatchersShareOneRemote() throws {
        let remote = try GitFixture(self, bare: true)
        let seed = try GitFixture(self)
        try seed.commit("Add", ["Snapshots/Checkout.json": screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again")])])
        try seed.git(["push", "-q", remote.path, "main"])
        let a = try clone(remote), b = try clone(remote)
        let watchA = try Background(["watch", "--repo", a.path, "--remote", "origin", "--poll", "0.3"])
        let watchB = try Background(["watch", "--repo", b.path, "--remote", "origin", "--poll", "0.3"])
        defer { watchA.signal(SIGKILL); watchB.signal(SIGKILL) }

        var pushed: [String] = []
        for i in 0..<4 {
            let sha = try a.commit("A \(i)", ["Snapshots/A.json": screenJSON("A", [("button", "Step \(i)"), ("text", "Title")])])
            try a.git(["push", "-q", "origin", "main"])
            pushed.append(sha)
            try b.git(["checkout", "-q", "-B", "topic"])
            let shb = try b.commit("B \(i)", ["Snapshots/B.json": screenJSON("B", [("text", "Title"), ("button", "Go \(i)")])])
            try b.git(["push", "-q", "origin", "topic"])
            pushed.append(shb)
        }
        let all = Set(pushed + [try seed.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)])
        let deadline = Date().addingTimeInterval(60)
        var annotated: [String] = []
        while Date() < deadline {
            let list = (try? remote.git(["notes", "--ref=axdiff", "list"])) ?? ""
            annotated = list.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            if all.isSubset(of: Set(annotated)) { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        XCTAssertTrue(all.isSubset(of: Set(annotated)), "missing on the remote: \(all.subtracting(annotated))\nA:\n\(watchA.output)\nB:\n\(watchB.output)")
        XCTAssertEqual(annotated.count, Set(annotated).count, "a commit annotated twice on the remote")
        for sha in pushed {
            let note = try remote.git(["notes", "--ref=axdiff", "show", sha])
            XCTAssertTrue(note.hasPrefix("axdiff: "), note)
        }
        _ = try remote.git(["fsck", "--strict"])
        watchA.signal(SIGTERM)
        watchB.signal(SIGTERM)
        XCTAssertEqual(watchA.waitForExit(timeout: 20), 0, watchA.output)
        XCTAssertEqual(watchB.waitForExit(timeout: 20), 0, watchB.output)
    }
}
