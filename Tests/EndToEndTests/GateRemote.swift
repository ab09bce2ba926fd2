import Foundation
import XCTest
import AXTestSupport

/// A clone and its bare remote (`origin`) for the gate's hook tests: `main`
/// holds a Checkout screen and is pushed before any hook is installed.
final class GateRemote {
    let local: GitFixture
    let remote: GitFixture

    static let checkout = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again"), ("button", "Support")])
    static let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number"), ("button", "Support")])
    static let renamed = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Retry payment"), ("button", "Support")])

    init(_ test: XCTestCase) throws {
        local = try GitFixture(test)
        remote = try GitFixture(test, bare: true)
        try local.commit("Checkout", ["Snapshots/Checkout.json": GateRemote.checkout])
        try local.git(["remote", "add", "origin", remote.path])
        let r = try push(["origin", "main"])
        XCTAssertEqual(r.code, 0, r.err)
    }

    /// The environment hooks see: axdiff is found through `AXDIFF` only.
    static var hookEnvironment: [String: String] { ["AXDIFF": CLI.binary.path] }

    func installHooks(in repo: GitFixture) throws {
        let r = try CLI.run(["hooks", "install", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
    }

    /// `git push ARGS` from the clone, with the hooks' environment.
    func push(_ args: [String]) throws -> CLI.Result {
        try CLI.run(["-C", local.path, "push"] + args, env: GateRemote.hookEnvironment, executable: URL(fileURLWithPath: "/usr/bin/git"))
    }

    /// A branch off main with the given commits (message, files), checked out.
    @discardableResult
    func branch(_ name: String, _ commits: [(String, [String: String])]) throws -> String {
        try local.git(["checkout", "-q", "-B", name, "main"])
        var head = ""
        for (message, files) in commits { head = try local.commit(message, files) }
        return head
    }

    /// The commit a ref points at on the remote, or nil.
    func remoteRef(_ name: String) -> String? {
        guard let r = try? CLI.run(["-C", remote.path, "rev-parse", "--verify", "--quiet", name + "^{commit}"],
                                   executable: URL(fileURLWithPath: "/usr/bin/git")), r.code == 0 else { return nil }
        return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
