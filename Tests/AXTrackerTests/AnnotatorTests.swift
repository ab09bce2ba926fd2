import AXDiff
import AXGit
import AXHistory
import AXTracker
import AXTestSupport
import XCTest

/// Backfill over a real repository, read back with the git CLI.
final class AnnotatorTests: XCTestCase {
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again"), ("button", "Support")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number"), ("button", "Support")])

    func annotate(_ repo: GitFixture, override: RepositoryConfig? = nil) throws -> Annotator.Summary {
        let repository = try Repository.open(path: repo.path)
        let annotator = Annotator(repository: repository, options: .init(configOverride: override))
        let tips = try repository.references(matching: ["refs/heads/*"]).map(\.commit)
        return try annotator.annotate(try annotator.pending(tips: tips))
    }

    func testEveryCommitGetsOneDeterministicNote() throws {
        let repo = try GitFixture(self)
        let root = try repo.commit("Add checkout", ["Snapshots/Checkout.json": good])
        let regress = try repo.commit("Retry first", ["Snapshots/Checkout.json": drifted])
        let docs = try repo.commit("Docs", ["README.md": "hello\n"])
        let summary = try annotate(repo)
        XCTAssertEqual(summary.commits, 3)
        XCTAssertEqual(summary.notesWritten, 3)
        XCTAssertEqual(summary.errors, 1)

        let note = try XCTUnwrap(repo.note(regress))
        XCTAssertTrue(note.hasPrefix("axdiff: 1 error in 1 of 1 snapshot\n"), note)
        XCTAssertTrue(note.contains("Checkout (Snapshots/Checkout.json)\n  ✗ order.regressed  \"Try again\" is now read before \"Payment failed\""), note)
        XCTAssertTrue(note.hasSuffix("Axdiff-Errors: 1\nAxdiff-Warnings: 0\n"), note)
        XCTAssertEqual(repo.note(docs), "axdiff: no snapshot changed\nAxdiff-Errors: 0\nAxdiff-Warnings: 0\n")
        XCTAssertTrue(try XCTUnwrap(repo.note(root)).contains("screen.added"))
        let log = try repo.git(["log", "--notes=axdiff", "--format=%H%n%N"])
        XCTAssertTrue(log.contains("order.regressed"))
        _ = try repo.git(["fsck", "--strict"])

        // Same commits, same bytes: a second repository analysed from scratch agrees.
        let copy = try GitFixture(self)
        try copy.git(["fetch", "-q", repo.path, "main:refs/heads/copy"])
        _ = try annotate(copy)
        XCTAssertEqual(copy.note(regress), repo.note(regress))

        // Nothing left to do: a rerun writes no note.
        XCTAssertEqual(try annotate(repo).commits, 0)
        XCTAssertEqual(try repo.git(["rev-list", "--count", "refs/notes/axdiff"]).trimmingCharacters(in: .whitespacesAndNewlines), "1")
    }

    func testUnreadableSnapshotGetsANoteSayingWhy() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let bad = try repo.commit("Break", ["Snapshots/Checkout.json": "{\"axsnapshot\": 1, \"elements\": [\n  {\"label\": 42}]}"])
        let summary = try annotate(repo)
        XCTAssertEqual(summary.unreadable, 1)
        let note = try XCTUnwrap(repo.note(bad))
        XCTAssertTrue(note.contains("  ✗ snapshot.unreadable  snapshot cannot be read: Snapshots/Checkout.json:2:13: expected a string for \"label\", found a number"), note)
    }

    func testMergeCommitIsComparedWithItsFirstParentAndSaysSo() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        try repo.git(["checkout", "-q", "-b", "topic"])
        try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try repo.git(["checkout", "-q", "main"])
        try repo.commit("Docs", ["README.md": "x\n"])
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge topic", "topic"])
        _ = try annotate(repo)
        let note = try XCTUnwrap(repo.note("HEAD"))
        XCTAssertTrue(note.contains("merge commit: compared with its first parent"), note)
        XCTAssertTrue(note.contains("order.regressed"), note)
    }

    func testConfigurationIsReadAtEachCommit() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let soft = try repo.commit("Soften", [
            ".axdiff.json": #"{"severity": {"order.regressed": "warning"}}"#,
            "Snapshots/Checkout.json": drifted,
        ])
        let broken = try repo.commit("Broken config", [".axdiff.json": #"{"severity": 3}"#, "Snapshots/Checkout.json": good])
        let elsewhere = try repo.commit("Other folder", ["UI/Screen.json": good], remove: [".axdiff.json"])
        // The same files again (the same blobs): what was parsed once is what applies again.
        let softAgain = try repo.commit("Soften again", [
            ".axdiff.json": #"{"severity": {"order.regressed": "warning"}}"#,
            "Snapshots/Checkout.json": drifted,
        ])
        let brokenAgain = try repo.commit("Broken again", [".axdiff.json": #"{"severity": 3}"#, "Snapshots/Checkout.json": good])
        let defaults = try repo.commit("No config", ["Snapshots/Checkout.json": drifted], remove: [".axdiff.json"])
        _ = try annotate(repo)
        XCTAssertTrue(try XCTUnwrap(repo.note(soft)).contains("! order.regressed"))
        let brokenNote = try XCTUnwrap(repo.note(broken))
        XCTAssertTrue(brokenNote.contains("configuration .axdiff.json:1:14: expected an object of kind → severity for \"severity\"; the defaults were used"), brokenNote)
        XCTAssertEqual(repo.note(elsewhere), "axdiff: no snapshot changed\nAxdiff-Errors: 0\nAxdiff-Warnings: 0\n", "UI/ is not a snapshot path by default")
        XCTAssertTrue(try XCTUnwrap(repo.note(softAgain)).contains("! order.regressed"))
        XCTAssertTrue(try XCTUnwrap(repo.note(brokenAgain)).contains("configuration .axdiff.json:1:14: expected an object"))
        XCTAssertTrue(try XCTUnwrap(repo.note(defaults)).contains("✗ order.regressed"), "the defaults once the file is gone")
    }

    /// The analyser keeps the globs of the configuration it last used compiled: a commit
    /// whose configuration names other snapshot folders, or ignores one, must be read by
    /// its own, and so must the commits after it.
    func testSnapshotGlobsFollowTheConfigurationOfEachCommit() throws {
        let repo = try GitFixture(self)
        let other = screenJSON("Cart", [("text", "Cart"), ("button", "Pay")])
        let otherDrifted = screenJSON("Cart", [("button", "Pay"), ("text", "Cart")])
        try repo.commit("Add", ["Snapshots/Checkout.json": good, "UI/Cart.json": other])
        let moved = try repo.commit("Only UI", [".axdiff.json": #"{"snapshots": ["UI/**"]}"#,
                                                "Snapshots/Checkout.json": drifted, "UI/Cart.json": otherDrifted])
        let back = try repo.commit("Defaults", ["Snapshots/Checkout.json": good, "UI/Cart.json": other], remove: [".axdiff.json"])
        let ignored = try repo.commit("Ignore", [".axdiff.json": #"{"ignore": ["Snapshots/Checkout.json"]}"#,
                                                 "Snapshots/Checkout.json": drifted])
        _ = try annotate(repo)
        let movedNote = try XCTUnwrap(repo.note(moved))
        XCTAssertTrue(movedNote.contains("in 1 of 1 snapshot"), movedNote)
        XCTAssertTrue(movedNote.contains("(UI/Cart.json)"), movedNote)
        XCTAssertFalse(movedNote.contains("Snapshots/Checkout.json"), movedNote)
        let backNote = try XCTUnwrap(repo.note(back))
        XCTAssertTrue(backNote.contains("(Snapshots/Checkout.json)"), backNote)
        XCTAssertFalse(backNote.contains("UI/Cart.json"), backNote)
        XCTAssertEqual(repo.note(ignored), "axdiff: no snapshot changed\nAxdiff-Errors: 0\nAxdiff-Warnings: 0\n")
    }

    func testAConcurrentNoteByHandIsKept() throws {
        let repo = try GitFixture(self)
        let a = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        try repo.git(["notes", "--ref=axdiff", "add", "-m", "reviewed by hand", a])
        let b = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        _ = try annotate(repo)
        XCTAssertEqual(repo.note(a), "reviewed by hand\n")
        XCTAssertTrue(try XCTUnwrap(repo.note(b)).contains("order.regressed"))
    }
}
