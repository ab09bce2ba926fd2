import AXDiff
import AXGit
import AXHistory
import AXGate
import AXTestSupport
import XCTest

/// The gate on real repositories: the branch's net change, trailers in the range,
/// the base and its fallbacks, and what makes the question unanswerable.
final class GateTests: XCTestCase {
    let checkout = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again"), ("button", "Support")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number"), ("button", "Support")])
    let renamed = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Retry payment"), ("button", "Support")])

    /// main: Checkout and Cart; `feature` branches off it.
    private func fixture() throws -> GitFixture {
        let git = try GitFixture(self)
        try git.commit("Checkout and cart", [
            "Snapshots/Checkout.json": checkout,
            "Snapshots/Cart.json": screenJSON("Cart", [("heading", "Cart"), ("button", "Pay")]),
        ])
        try git.git(["checkout", "-q", "-b", "feature"])
        return git
    }

    private func check(_ git: GitFixture, _ options: Gate.Options = Gate.Options()) throws -> GateVerdict {
        try Gate(repository: try Repository.open(path: git.path)).check(options)
    }

    private func failingKinds(_ verdict: GateVerdict) -> [String] {
        verdict.failing.map { "\($0.change.kind.rawValue)@\($0.change.screen)" }
    }

    func testARegressedBranchFailsWithTheNetChange() throws {
        let git = try fixture()
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        // A later commit on the branch that restores Cart's bytes changes nothing in the net effect.
        try git.commit("Touch cart", ["Snapshots/Cart.json": screenJSON("Cart", [("heading", "Cart"), ("button", "Checkout")])])
        try git.commit("Untouch cart", ["Snapshots/Cart.json": screenJSON("Cart", [("heading", "Cart"), ("button", "Pay")])])
        let verdict = try check(git)
        XCTAssertTrue(verdict.fails)
        XCTAssertEqual(failingKinds(verdict), ["order.regressed@Checkout"])
        XCTAssertEqual(verdict.report.screens.map(\.path), ["Snapshots/Checkout.json"])
        XCTAssertEqual(verdict.report.snapshotsCompared, 2)
        XCTAssertEqual(verdict.suggestedTrailers.map(\.text), ["Axdiff-Accept: order.regressed Checkout#Try again"])
        XCTAssertTrue(verdict.report.remarks.contains { $0.contains("its merge base with main (3 commits)") }, "\(verdict.report.remarks)")
    }

    func testATrailerInTheRangeAcceptsAndTheChangeStaysInTheReport() throws {
        let git = try fixture()
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try git.commit("Accept the new order\n\nAxdiff-Accept: order.regressed Checkout")
        let verdict = try check(git)
        XCTAssertFalse(verdict.fails)
        XCTAssertEqual(verdict.accepts.map(\.kind), [.orderRegressed])
        let change = try XCTUnwrap(verdict.report.allChanges.first { $0.kind == .orderRegressed })
        XCTAssertTrue(change.accepted)
    }

    func testATrailerOutsideTheRangeOrForAnotherScreenDoesNotAccept() throws {
        let git = try GitFixture(self)
        try git.commit("Checkout", ["Snapshots/Checkout.json": checkout])
        // On main, before the branch: not in merge-base..REV.
        try git.commit("Old acceptance\n\nAxdiff-Accept: order.regressed Checkout")
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try git.commit("Wrong screen\n\nAxdiff-Accept: order.regressed Cart\nAxdiff-Accept: order.changed Checkout")
        let verdict = try check(git)
        XCTAssertTrue(verdict.fails)
        XCTAssertEqual(failingKinds(verdict), ["order.regressed@Checkout"])
        XCTAssertEqual(verdict.accepts.count, 2)
    }

    func testBenignChangesPass() throws {
        let git = try fixture()
        try git.commit("Rename a button", ["Snapshots/Checkout.json": renamed])
        let verdict = try check(git)
        XCTAssertFalse(verdict.fails)
        XCTAssertTrue(verdict.report.allChanges.contains { $0.kind == .labelChanged }, "\(verdict.report.allChanges.map(\.kind))")
    }

    func testFailOnFromTheConfigurationAtTheRevisionDecides() throws {
        let git = try fixture()
        try git.commit("Rename and tighten", ["Snapshots/Checkout.json": renamed, ".axdiff.json": #"{"failOn": "note"}"#])
        let verdict = try check(git)
        XCTAssertTrue(verdict.fails)
        XCTAssertTrue(verdict.report.remarks.contains { $0.contains("configuration changed on this branch") }, "\(verdict.report.remarks)")
        // --config wins over the committed file.
        XCTAssertFalse(try check(git, Gate.Options(configOverride: RepositoryConfig())).fails)
    }

    func testTheVerdictIgnoresNotes() throws {
        let git = try fixture()
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try git.git(["notes", "--ref=axdiff", "add", "-m", "axdiff: no snapshot changed\nAxdiff-Errors: 0\nAxdiff-Warnings: 0"])
        XCTAssertTrue(try check(git).fails)
    }

    func testBaseFallsBackToARemoteTrackingBranch() throws {
        let git = try fixture()
        let base = try git.git(["rev-parse", "main"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try git.git(["update-ref", "refs/remotes/upstream/trunk", base])
        try git.git(["update-ref", "refs/remotes/origin/feature/trunk", "HEAD"]) // not "trunk" of any remote
        let verdict = try check(git, Gate.Options(base: "trunk"))
        XCTAssertEqual(verdict.mergeBase?.hex, base)
        XCTAssertTrue(verdict.fails)
        // The configured base branch falls back the same way.
        try git.git(["branch", "-q", "-m", "main", "old-main"])
        try git.git(["update-ref", "refs/remotes/origin/main", base])
        XCTAssertEqual(try check(git).mergeBase?.hex, base)
    }

    func testUnanswerableQuestionsThrowOneLine() throws {
        let git = try fixture()
        try git.commit("Drift", ["Snapshots/Checkout.json": drifted])
        XCTAssertThrowsError(try check(git, Gate.Options(base: "no-such-branch"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown base 'no-such-branch'"), "\(error)")
        }
        XCTAssertThrowsError(try check(git, Gate.Options(revision: "no-such-rev"))) { error in
            XCTAssertTrue("\(error)".contains("unknown revision 'no-such-rev'"), "\(error)")
        }
        try git.commit("Break the config", [".axdiff.json": #"{"failOn": "sometimes"}"#])
        XCTAssertThrowsError(try check(git)) { error in
            XCTAssertTrue("\(error)".hasPrefix(".axdiff.json:1:12: expected one of error, warning, note, off for \"failOn\""), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testAMissingBaseBranchFailsUnlessAllowed() throws {
        let git = try fixture()
        try git.git(["branch", "-q", "-D", "main"])
        XCTAssertThrowsError(try check(git)) { error in
            XCTAssertTrue("\(error)".hasPrefix("base branch 'main' (baseBranch) not found"), "\(error)")
        }
        let verdict = try check(git, Gate.Options(allowMissingBase: true))
        XCTAssertFalse(verdict.fails)
        XCTAssertNil(verdict.mergeBase)
        // An explicit --base is never silently skipped.
        XCTAssertThrowsError(try check(git, Gate.Options(base: "main", allowMissingBase: true)))
    }

    func testUnrelatedHistoryIsComparedWithTheBaseTip() throws {
        let git = try fixture()
        let mainTip = try git.git(["rev-parse", "main"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The same screens as a new root, with the retry button now plain text: comparing with
        // nothing would pass it.
        try git.git(["checkout", "-q", "--orphan", "island"])
        try git.git(["rm", "-q", "-r", "-f", "."])
        let island = try git.commit("Island", [
            "Snapshots/Checkout.json": screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("text", "Try again"), ("button", "Support")]),
            "Snapshots/Cart.json": screenJSON("Cart", [("heading", "Cart"), ("button", "Pay")]),
        ])
        let verdict = try check(git)
        XCTAssertNil(verdict.mergeBase)
        XCTAssertEqual(verdict.comparedWith?.hex, mainTip)
        XCTAssertTrue(verdict.fails)
        XCTAssertEqual(failingKinds(verdict), ["role.changed@Checkout"])
        XCTAssertEqual(verdict.failing.first?.change.elements.map(\.label), ["Try again"])
        XCTAssertEqual(verdict.report.snapshotsCompared, 2)
        XCTAssertTrue(verdict.report.remarks.contains("no history in common with main: compared \(island.prefix(7)) with its tip \(mainTip.prefix(7)) (1 commit)"),
                      "\(verdict.report.remarks)")
        // The same old tip named as the base (what the pre-receive hook passes for an updated ref).
        let asHook = try check(git, Gate.Options(base: mainTip))
        XCTAssertEqual(failingKinds(asHook), ["role.changed@Checkout"])
    }

    func testUnreadableSnapshotsAtTheRevisionAreReportedButUnchangedOnesAreNotRead() throws {
        let git = try GitFixture(self)
        try git.commit("Broken from the start", ["Snapshots/Checkout.json": checkout, "Snapshots/Legacy.json": "{\"axsnapshot\": 1, \"elements\": ["])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Rename", ["Snapshots/Checkout.json": renamed])
        let clean = try check(git)
        XCTAssertEqual(clean.unreadable, [], "an unchanged blob is never read")
        XCTAssertFalse(clean.fails)
        try git.commit("Break", ["Snapshots/Checkout.json": "{\"axsnapshot\": 1, \"elements\": [{\"role\": 3}]}"])
        let broken = try check(git)
        XCTAssertEqual(broken.unreadable.count, 1)
        XCTAssertTrue(broken.unreadable[0].hasPrefix("Snapshots/Checkout.json:"), broken.unreadable[0])
        XCTAssertEqual(broken.report.allChanges.map(\.kind), [.snapshotUnreadable])
    }
}
