import AXDiff
@testable import AXGate
import AXGit
import AXHistory
import AXTestSupport
import XCTest

/// The gate's complexity claims on histories of n snapshot files, checked from n to 8n
/// (`Scaling`): listing the snapshots at both commits is O(f); the stray-snapshot look
/// reads at most `strayLookLimit` blobs whatever the number of stray files.
final class GateScalingTests: XCTestCase {
    let checkout = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])

    /// main: n snapshots and Checkout; `feature` drifts Checkout and adds `stray` JSON
    /// snapshots outside the globs.
    private func repository(_ n: Int, stray: Int) throws -> (GitFixture, Repository) {
        let git = try GitFixture(self)
        var stream = FastImport()
        var files = ["Snapshots/Checkout.json": checkout]
        for i in 0..<n { files["Snapshots/S\(i).json"] = screenJSON("S\(i)", [("button", "Pay \(i)")]) }
        stream.commit("main", "Screens", files)
        var changed = ["Snapshots/Checkout.json": drifted]
        for i in 0..<stray { changed["a11y/F\(i).json"] = screenJSON("F\(i)", [("button", "Stray \(i)")]) }
        stream.commit("feature", "Drift", changed, from: "main")
        try stream.run(in: git)
        try git.git(["checkout", "-q", "-f", "feature"])
        return (git, try Repository.open(path: git.path))
    }

    func testTheGateIsLinearInTheSnapshotFiles() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var repositories: [Int: Repository] = [:]
        var fixtures: [GitFixture] = []
        for n in [50, 400] {
            let (git, repository) = try repository(n, stray: 0)
            fixtures.append(git)
            repositories[n] = repository
            let verdict = try Gate(repository: repository).check(Gate.Options())
            XCTAssertEqual(verdict.failing.map(\.change.kind), [.orderRegressed], "one regression, on Checkout")
            XCTAssertEqual(verdict.report.snapshotsCompared, n + 1)
        }
        XCTAssertNil(Scaling.check("Gate.check with n snapshot files", .linear, n: 50) { n in
            guard let repository = repositories[n] else { return {} }
            return { _ = try? Gate(repository: repository).check(Gate.Options()) }
        })
        _ = fixtures
    }

    func testStraySnapshotsAreLookedAtABoundedNumberOfTimes() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var repositories: [Int: Repository] = [:]
        var fixtures: [GitFixture] = []
        for stray in [100, 800] {
            let (git, repository) = try repository(0, stray: stray)
            fixtures.append(git)
            repositories[stray] = repository
            let gate = Gate(repository: repository)
            let remark = try gate.straySnapshotsRemark(from: try repository.revparse("main"), to: try repository.revparse("feature"), config: RepositoryConfig())
            XCTAssertTrue(remark?.hasPrefix("\(Gate.strayLookLimit) changed files of the first \(Gate.strayLookLimit) looked at read as snapshots") == true,
                          remark ?? "no remark")
        }
        // The tree diff is linear in the changed entries; the blob reads stay at the limit.
        XCTAssertNil(Scaling.check("Gate.straySnapshotsRemark over n stray files", .linear, n: 100) { n in
            guard let repository = repositories[n], let old = try? repository.revparse("main"),
                  let new = try? repository.revparse("feature") else { return {} }
            return { _ = try? Gate(repository: repository).straySnapshotsRemark(from: old, to: new, config: RepositoryConfig()) }
        })
        _ = fixtures
    }
}
