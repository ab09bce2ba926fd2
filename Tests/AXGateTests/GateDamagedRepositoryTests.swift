import AXGate
import AXGit
import AXTestSupport
import XCTest

/// A repository that cannot give a snapshot's blob is no verdict: the gate throws (exit 2)
/// instead of judging the branch as if the version were absent or unreadable.
final class GateDamagedRepositoryTests: XCTestCase {
    let checkout = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])
    let renamed = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Retry payment")])

    /// main holds `base`, `feature` changes it to `head`; returns the two blob ids.
    private func fixture(_ base: String, _ head: String) throws -> (GitFixture, old: String, new: String) {
        let git = try GitFixture(self)
        try git.commit("Checkout", ["Snapshots/Checkout.json": base])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Change", ["Snapshots/Checkout.json": head])
        let old = try git.git(["rev-parse", "main:Snapshots/Checkout.json"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let new = try git.git(["rev-parse", "feature:Snapshots/Checkout.json"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (git, old, new)
    }

    private func removeLoose(_ blob: String, in git: GitFixture) throws {
        let file = git.path + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)
        try FileManager.default.removeItem(atPath: file)
    }

    private func check(_ git: GitFixture) throws -> GateVerdict {
        try Gate(repository: try Repository.open(path: git.path)).check(Gate.Options())
    }

    func testAMissingOldVersionIsAnErrorNotANewScreen() throws {
        let (git, old, _) = try fixture(checkout, drifted)
        XCTAssertTrue(try check(git).fails, "the sound repository fails on the drift")
        try removeLoose(old, in: git)
        XCTAssertThrowsError(try check(git)) { error in
            XCTAssertTrue("\(error)".hasPrefix("Snapshots/Checkout.json at "), "names the file and the commit: \(error)")
            XCTAssertTrue("\(error)".contains(old), "names the missing object: \(error)")
            XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
        }
    }

    func testAMissingNewVersionIsAnErrorNotAnUnreadableSnapshot() throws {
        let (git, _, new) = try fixture(checkout, renamed)
        XCTAssertFalse(try check(git).fails)
        try removeLoose(new, in: git)
        XCTAssertThrowsError(try check(git)) { error in
            XCTAssertTrue("\(error)".hasPrefix("Snapshots/Checkout.json at "), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
        }
    }

    func testAnOldVersionThatDoesNotParseStillCountsAsAbsent() throws {
        let (git, _, _) = try fixture("{\"axsnapshot\": 1, \"elements\": [", renamed)
        let verdict = try check(git)
        XCTAssertEqual(verdict.unreadable, [])
        XCTAssertEqual(verdict.report.allChanges.filter { $0.kind == .snapshotUnreadable }.count, 0)
    }
}
