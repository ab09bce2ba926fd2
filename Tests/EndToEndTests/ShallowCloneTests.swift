import Foundation
import XCTest
import AXTestSupport

/// A depth-1 clone (what CI systems make) shares a remote with a full clone: its boundary
/// commit, whose parent it lacks, is not analysed and gets no note — so no "not compared"
/// note reaches the shared notes and hides the commit's real result from the full clone,
/// and the clone annotates it for real once deepened.
final class ShallowCloneTests: XCTestCase {
    let checkout = screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again"), ("button", "Support")])
    /// Both buttons turned into plain text: two errors.
    let broken = screenJSON("Checkout", [("text", "Payment failed"), ("text", "Try again"), ("text", "Support")])

    func testABoundaryCommitGetsNoNoteAndIsAnnotatedOnceItsParentIsThere() throws {
        let remote = try GitFixture(self, bare: true)
        let full = try GitFixture(self)
        try full.commit("Checkout", ["Snapshots/Checkout.json": checkout])
        let tip = try full.commit("Plain text", ["Snapshots/Checkout.json": broken])
        try full.git(["remote", "add", "origin", remote.path])
        try full.git(["push", "-q", "origin", "main"])

        let shallowDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-shallow-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: shallowDirectory) }
        _ = try CLI.run(["clone", "-q", "--depth", "1", "file://" + remote.path, shallowDirectory], executable: URL(fileURLWithPath: "/usr/bin/git"))
        func gitShallow(_ args: [String]) throws -> CLI.Result {
            try CLI.run(["-C", shallowDirectory] + args, executable: URL(fileURLWithPath: "/usr/bin/git"))
        }
        XCTAssertEqual(try gitShallow(["rev-parse", "--is-shallow-repository"]).out, "true\n")

        // The shallow clone: nothing analysed, nothing noted, nothing pushed — and it says why.
        let backfill = try CLI.run(["backfill", "--repo", shallowDirectory])
        XCTAssertEqual(backfill.code, 0, backfill.err)
        XCTAssertTrue(backfill.out.contains("annotated 0 commits"), backfill.out)
        XCTAssertTrue(backfill.out.contains("1 commit at the shallow clone's boundary not annotated: its parent is not in this repository"), backfill.out)
        let watch = try CLI.run(["watch", "--repo", shallowDirectory, "--remote", "origin", "--once"])
        XCTAssertEqual(watch.code, 0, watch.err)
        XCTAssertNotEqual(try gitShallow(["notes", "--ref=axdiff", "show", tip]).code, 0, "the boundary has no note")
        XCTAssertNil(try? remote.git(["notes", "--ref=axdiff", "show", tip]), "no note reached the remote")

        // The full clone's watcher merges what the remote has and analyses the commit for real.
        let fullWatch = try CLI.run(["watch", "--repo", full.path, "--remote", "origin", "--once"])
        XCTAssertEqual(fullWatch.code, 0, fullWatch.err)
        let real = try full.git(["notes", "--ref=axdiff", "show", tip])
        XCTAssertEqual(real.components(separatedBy: "role.changed").count - 1, 2, real)
        XCTAssertEqual(try remote.git(["notes", "--ref=axdiff", "show", tip]), real, "pushed")

        // Deepened, the clone annotates the former boundary itself: the same note, byte for byte.
        let deepen = try gitShallow(["fetch", "-q", "--unshallow"])
        XCTAssertEqual(deepen.code, 0, deepen.err)
        XCTAssertNotEqual(try gitShallow(["rev-parse", "--verify", "-q", "refs/notes/axdiff"]).code, 0, "the clone wrote no notes")
        let again = try CLI.run(["backfill", "--repo", shallowDirectory])
        XCTAssertEqual(again.code, 0, again.err)
        XCTAssertTrue(again.out.contains("annotated 2 commits"), again.out)
        XCTAssertEqual(try gitShallow(["notes", "--ref=axdiff", "show", tip]).out, real)
        XCTAssertEqual(try gitShallow(["fsck", "--strict", "--no-progress"]).code, 0)
    }
}
