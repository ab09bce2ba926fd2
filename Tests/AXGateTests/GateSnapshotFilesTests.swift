import AXDiff
import AXGit
import AXHistory
@testable import AXGate
import AXTestSupport
import XCTest

/// What the gate takes for a snapshot: files of a snapshot extension under the
/// default folders, not a README or a screenshot beside them; and a changed
/// file that reads as a snapshot but no glob takes is said once.
final class GateSnapshotFilesTests: XCTestCase {
    let card = screenJSON("Card", [("heading", "Jasmine tea"), ("text", "$4.50"), ("button", "Add Jasmine tea to cart")])
    let cartFirst = screenJSON("Card", [("button", "Add Jasmine tea to cart"), ("heading", "Jasmine tea"), ("text", "$4.50")])

    private func check(_ git: GitFixture) throws -> GateVerdict {
        try Gate(repository: try Repository.open(path: git.path)).check(Gate.Options())
    }

    func testDefaultGlobsTakeSnapshotExtensionsOnly() {
        let config = RepositoryConfig()
        for path in ["Snapshots/Checkout.json", "Snapshots/ios/Checkout.json", "snapshots/a/b.txt", "Snapshots/x.xml",
                     "Snapshots/w.yml", "Snapshots/w.yaml", "web/Home.aria.yml"] {
            XCTAssertTrue(config.isSnapshotPath(path), path)
        }
        for path in ["Snapshots/README.md", "Snapshots/shot.png", "Snapshots/ios/.DS_Store", "a11y/Card.json", "package.json"] {
            XCTAssertFalse(config.isSnapshotPath(path), path)
        }
    }

    func testReadmesAndScreenshotsAreNotSnapshotsAndAStraySnapshotIsSaidOnce() throws {
        let git = try GitFixture(self)
        try git.commit("Start", ["Snapshots/Checkout.json": screenJSON("Checkout", [("button", "Pay")]),
                                 "a11y/Card.json": card, "a11y/List.json": card, "package.json": #"{"name": "shop"}"#])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Docs, a screenshot, a regressed card outside the globs", [
            "Snapshots/README.md": "# Snapshots\n\nRecorded by the UI tests.\n",
            "Snapshots/shot.png": "\u{89}PNG\r\n\u{1A}\n\u{0}\u{0}\u{0}\rIHDR",
            "a11y/Card.json": cartFirst, "a11y/List.json": cartFirst,
            "package.json": #"{"name": "shop", "version": "2.0.0"}"#,
        ])
        let verdict = try check(git)
        XCTAssertEqual(verdict.unreadable, [], "neither the README nor the PNG is read as a snapshot")
        XCTAssertFalse(verdict.fails)
        XCTAssertEqual(verdict.report.snapshotsCompared, 1, "Checkout.json only")
        let stray = verdict.report.remarks.filter { $0.contains("no glob of \"snapshots\"") }
        XCTAssertEqual(stray, ["2 changed files read as snapshots, but no glob of \"snapshots\" takes them: they were not checked "
                               + "(a11y/Card.json, a11y/List.json; add e.g. \"a11y/**/*.json\" to \"snapshots\" in .axdiff.json)"])

        // Taken by a glob, the same files are checked, and the remark goes.
        try git.commit("Take a11y", [".axdiff.json": #"{"snapshots": ["a11y/**/*.json"]}"#])
        let taken = try check(git)
        XCTAssertTrue(taken.fails)
        XCTAssertEqual(Set(taken.failing.map(\.path)), ["a11y/Card.json", "a11y/List.json"])
        XCTAssertEqual(taken.report.remarks.filter { $0.contains("no glob") }, [])
    }

    func testOneStraySnapshotIsNamed() throws {
        let git = try GitFixture(self)
        try git.commit("Start", ["a11y/Card.json": card])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Regress", ["a11y/Card.json": cartFirst])
        XCTAssertEqual(try check(git).report.remarks.filter { $0.contains("no glob") }, [
            "a11y/Card.json reads as a snapshot, but no glob of \"snapshots\" takes it: it was not checked "
                + "(add e.g. \"a11y/**/*.json\" to \"snapshots\" in .axdiff.json)",
        ])
    }

    func testOnlyABoundedNumberOfStrayFilesIsRead() throws {
        let git = try GitFixture(self)
        try git.commit("Start", ["Snapshots/Checkout.json": screenJSON("Checkout", [("button", "Pay")])])
        try git.git(["checkout", "-q", "-b", "feature"])
        let count = Gate.strayLookLimit + 15
        var files: [String: String] = [:]
        for i in 0..<count { files[String(format: "a11y/Card%03d.json", i)] = card }
        try git.commit("Many cards outside the globs", files)
        let stray = try check(git).report.remarks.filter { $0.contains("no glob") }
        XCTAssertEqual(stray.count, 1)
        XCTAssertTrue(stray[0].hasPrefix("\(Gate.strayLookLimit) changed files of the first \(Gate.strayLookLimit) looked at read as snapshots"), stray[0])
        XCTAssertTrue(stray[0].contains("a11y/Card000.json, a11y/Card001.json, a11y/Card002.json, …"), stray[0])
    }
}
