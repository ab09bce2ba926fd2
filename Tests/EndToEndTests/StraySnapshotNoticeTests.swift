import AXTestSupport
import Foundation
import XCTest

/// A repository whose `.axdiff.json` arrives only at its tip: `backfill`, `log`
/// and `watch` say once that the earlier commits' snapshots were not taken.
final class StraySnapshotNoticeTests: XCTestCase {
    private func repository() throws -> GitFixture {
        let repo = try GitFixture(self)
        try repo.commit("Card", ["a11y/Card.json": screenJSON("Card", [("button", "Buy"), ("text", "Price")])])
        try repo.commit("Card order", ["a11y/Card.json": screenJSON("Card", [("text", "Price"), ("button", "Buy")])])
        try repo.commit("Settings", ["README.md": "# shop\n", "package.json": #"{"name": "shop"}"#])
        return repo
    }

    private func notices(_ err: String) -> [Substring] {
        err.split(separator: "\n").filter { $0.contains("no glob of \"snapshots\" takes") }
    }

    func testBackfillLogAndWatchSayOnceWhichFilesNoGlobTakes() throws {
        let repo = try repository()
        try repo.commit("Configure", [".axdiff.json": #"{"snapshots": ["a11y/**/*.json"]}"#])

        let backfill = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(backfill.code, 0, backfill.err)
        XCTAssertEqual(notices(backfill.err), [
            #"axdiff: warning: a11y/Card.json reads as a snapshot, but no glob of "snapshots" takes it at some of these commits: it was not checked there (add e.g. "a11y/**/*.json" to "snapshots" in .axdiff.json)"#,
        ], backfill.err)
        XCTAssertFalse(backfill.err.contains("package.json"), "a JSON file that is no snapshot is not named")

        let log = try CLI.run(["log", "--repo", repo.path])
        XCTAssertEqual(log.code, 0, log.err)
        XCTAssertEqual(notices(log.err).count, 1, log.err)
        XCTAssertEqual(log.out.split(separator: "\n").count, 4, log.out)

        let fresh = try repository()
        try fresh.commit("Configure", [".axdiff.json": #"{"snapshots": ["a11y/**/*.json"]}"#])
        let watch = try CLI.run(["watch", "--once", "--repo", fresh.path])
        XCTAssertEqual(watch.code, 0, watch.err)
        XCTAssertEqual(notices(watch.err).count, 1, watch.err)
    }

    func testNothingIsSaidWhenTheGlobsTakeEverySnapshot() throws {
        let repo = try GitFixture(self)
        try repo.commit("Configure", [".axdiff.json": #"{"snapshots": ["a11y/**/*.json"]}"#])
        try repo.commit("Card", ["a11y/Card.json": screenJSON("Card", [("button", "Buy")]), "package.json": "{}"])
        for args in [["backfill"], ["log"], ["watch", "--once"]] {
            let r = try CLI.run(args + ["--repo", repo.path])
            XCTAssertEqual(r.code, 0, "\(args): \(r.err)")
            XCTAssertEqual(notices(r.err), [], "\(args)")
        }
    }
}
