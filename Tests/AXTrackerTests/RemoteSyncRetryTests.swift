@testable import AXTracker
import AXGit
import Foundation
import AXTestSupport
import XCTest

/// What `--remote` retries and what it does not: a push that fails on the way is tried
/// again; credentials the remote refuses are not (asking again gives the same answer, and
/// failed logins can lock the account). The remote is reached over ssh through a stand-in
/// for ssh (`core.sshCommand`) that counts its calls and answers as ssh does.
final class RemoteSyncRetryTests: XCTestCase {
    /// A clone of a bare remote, its commit annotated; fetching goes to the remote's folder,
    /// pushing over ssh to a host that the stand-in answers for with `stderr` and exit 255
    /// (git's probe of which ssh it is, `-G`, is answered as OpenSSH does and not counted).
    func setUp(sshAnswers stderr: String) throws -> (clone: GitFixture, calls: URL) {
        let remote = try GitFixture(self, bare: true)
        let clone = try GitFixture(self)
        try clone.commit("Add", ["Snapshots/Checkout.json": screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again")])])
        try clone.git(["remote", "add", "origin", remote.path])
        try clone.git(["push", "-q", "origin", "main"])
        try clone.git(["config", "remote.origin.pushurl", "ssh://git@example.invalid/shop.git"])
        let calls = clone.url.appendingPathComponent(".git/ssh-calls")
        let ssh = clone.url.appendingPathComponent(".git/fake-ssh")
        try Data("#!/bin/sh\n[ \"$1\" = -G ] && exit 0\necho \"$@\" >> '\(calls.path)'\nprintf '%s\\n' '\(stderr)' >&2\nexit 255\n".utf8).write(to: ssh)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ssh.path)
        try clone.git(["config", "core.sshCommand", ssh.path])
        return (clone, calls)
    }

    func sshCalls(_ calls: URL) -> Int {
        ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    func testRefusedCredentialsStopTheWatcherAtTheFirstPush() throws {
        let (clone, calls) = try setUp(sshAnswers: "git@example.invalid: Permission denied (publickey).")
        var lines: [String] = []
        let watcher = Watcher(options: .init(repositoryPath: clone.path, once: true, remote: "origin")) { lines.append($0) }
        XCTAssertThrowsError(try watcher.run()) { error in
            guard let refused = error as? RemoteAuthenticationFailure else { return XCTFail("not an authentication failure: \(error)") }
            XCTAssertEqual(refused.remote, "origin")
            XCTAssertTrue(refused.gitMessage.contains("Permission denied (publickey)"), refused.gitMessage)
            XCTAssertTrue(refused.description.contains("not retried"), refused.description)
            XCTAssertEqual(refused.description.split(whereSeparator: \.isNewline).count, 1, refused.description)
        }
        XCTAssertEqual(sshCalls(calls), 1, "the refused push was tried again")
        // The fetch (from the remote's folder) and the annotation happened; only the push was refused.
        XCTAssertNotNil(clone.note("HEAD"))
        XCTAssertEqual(lines.filter { $0.hasPrefix("error: ") }.count, 1, lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("retrying") }, lines.joined(separator: "\n"))
    }

    func testAPushThatFailsOnTheWayIsTriedAgain() throws {
        let (clone, calls) = try setUp(sshAnswers: "ssh: connect to host example.invalid port 22: Connection timed out")
        let repository = try Repository.open(path: clone.path)
        let annotator = Annotator(repository: repository, options: .init())
        try annotator.annotate(try annotator.pending(tips: [try XCTUnwrap(ObjectID(hex: clone.git(["rev-parse", "HEAD"])
            .trimmingCharacters(in: .whitespacesAndNewlines)))]))
        let sync = RemoteSync(remote: "origin", notesRef: "refs/notes/axdiff", directory: clone.path)
        XCTAssertThrowsError(try sync.push(repository)) { error in
            let failure = error as? GitCommand.Failure
            XCTAssertNotNil(failure, "\(error)")
            XCTAssertEqual(failure?.isAuthentication, false)
            XCTAssertTrue(failure?.stderr.contains("Connection timed out") == true, "\(error)")
        }
        XCTAssertEqual(sshCalls(calls), RemoteSync.pushAttempts)
    }

    func testRefusalsAreToldFromFailuresOnTheWay() {
        let refused = [
            "fatal: Authentication failed for 'https://example.com/shop.git/'",
            "fatal: could not read Username for 'https://example.com': terminal prompts disabled",
            "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.",
            "remote: HTTP Basic: Access denied\nfatal: Authentication failed for 'https://gitlab.com/x.git/'",
            "fatal: unable to access 'https://example.com/x.git/': The requested URL returned error: 403",
            "Host key verification failed.\nfatal: Could not read from remote repository.",
        ]
        let onTheWay = [
            "ssh: connect to host example.com port 22: Connection timed out\nfatal: Could not read from remote repository.",
            "fatal: unable to access 'https://example.com/x.git/': Could not resolve host: example.com",
            "error: RPC failed; HTTP 502 curl 22 The requested URL returned error: 502\nfatal: the remote end hung up unexpectedly",
            " ! [rejected]        refs/notes/axdiff -> refs/notes/axdiff (fetch first)\nerror: failed to push some refs",
            "fatal: early EOF",
        ]
        for text in refused {
            XCTAssertTrue(GitCommand.Failure(args: ["push"], status: 128, stderr: text).isAuthentication, text)
        }
        for text in onTheWay {
            XCTAssertFalse(GitCommand.Failure(args: ["push"], status: 128, stderr: text).isAuthentication, text)
        }
    }

    /// git writing more than a pipe holds to both streams: both read whole, no hang.
    func testBothStreamsAreReadWhole() throws {
        let repo = try GitFixture(self)
        let git = GitCommand(directory: repo.path)
        let noise = "!f() { head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o; exit $1; }; f"
        let out = try git.run(["-c", "alias.noise=\(noise)", "noise", "0"])
        XCTAssertEqual(out.count, 200_000)
        XCTAssertEqual(Set(out), ["o"])
        XCTAssertThrowsError(try git.run(["-c", "alias.noise=\(noise)", "noise", "3"])) { error in
            let failure = error as? GitCommand.Failure
            XCTAssertEqual(failure?.status, 3)
            XCTAssertEqual(failure?.stderr.count, 300_000)
        }
    }
}
