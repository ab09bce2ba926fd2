import Foundation
import AXTestSupport
import XCTest

/// pre-push judges a push as the server's pre-receive will: against the
/// remote's tips, not a local branch ahead of them.
final class GateHookAgreementTests: XCTestCase {
    /// Local `main` holds a regressing commit that was never pushed; a new
    /// branch pushed from it brings that regression to the server.
    func testPrePushAndPreReceiveGiveOneVerdictOnANewBranchFromAnUnpushedMain() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.installHooks(in: setup.remote)
        try setup.local.git(["checkout", "-q", "main"])
        try setup.local.commit("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])
        try setup.local.git(["checkout", "-q", "-b", "feature"])
        try setup.local.commit("Copy edit", ["Snapshots/Cart.json": screenJSON("Cart", [("heading", "Cart"), ("button", "Pay")])])

        let prePush = try setup.push(["origin", "feature"])
        XCTAssertNotEqual(prePush.code, 0, prePush.err)
        XCTAssertTrue(prePush.err.contains("axdiff: refusing to push refs/heads/feature to refs/heads/feature on origin"), prePush.err)
        XCTAssertFalse(prePush.err.contains("passed the accessibility check"), prePush.err)
        XCTAssertTrue(prePush.err.contains("order.regressed"), prePush.err)
        XCTAssertTrue(prePush.err.contains("its merge base with main"), prePush.err)

        let preReceive = try setup.push(["--no-verify", "origin", "feature"])
        XCTAssertNotEqual(preReceive.code, 0, preReceive.err)
        XCTAssertTrue(preReceive.err.contains("remote: axdiff: rejecting refs/heads/feature: what a screen reader says regressed"), preReceive.err)
        XCTAssertTrue(preReceive.err.contains("order.regressed"), preReceive.err)
        XCTAssertNil(setup.remoteRef("refs/heads/feature"))

        // Both name the same failing changes.
        func failing(_ err: String) -> [String] {
            err.split(separator: "\n").map { $0.replacingOccurrences(of: "remote: ", with: "").replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                .filter { $0.hasPrefix("  ✗ ") }.sorted()
        }
        XCTAssertEqual(failing(prePush.err), failing(preReceive.err))
        XCTAssertEqual(failing(prePush.err).count, 1, prePush.err)

        // The trailer pre-push suggested lets the branch through both hooks.
        let trailer = try XCTUnwrap(prePush.err.range(of: #"`Axdiff-Accept: [^`]*`"#, options: .regularExpression)
            .map { String(prePush.err[$0].dropFirst().dropLast()) })
        XCTAssertEqual(trailer, "Axdiff-Accept: order.regressed Checkout#Try again")
        try setup.local.commit("Accept the retry order\n\n" + trailer)
        let accepted = try setup.push(["origin", "feature"])
        XCTAssertEqual(accepted.code, 0, accepted.err)
        XCTAssertTrue(accepted.err.contains("axdiff: refs/heads/feature passed the accessibility check"), accepted.err)
        XCTAssertNotNil(setup.remoteRef("refs/heads/feature"))
    }
}
