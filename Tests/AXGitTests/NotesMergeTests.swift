import AXGit
import XCTest

final class NotesMergeTests: XCTestCase {
    func testUnionKeepsLocalOnConflict() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 6)
        let repository = try fixture.open()
        let local = NotesWriter(repository: repository)
        let remote = NotesWriter(repository: repository, notesRef: "refs/notes/remotes/origin/axdiff")
        try local.write([Note(commit: commits[0], text: "shared\n")])
        // The remote started from the same history, then both sides diverged.
        try fixture.git(["update-ref", "refs/notes/remotes/origin/axdiff", "refs/notes/axdiff"])
        try local.write([Note(commit: commits[1], text: "local 1\n"), Note(commit: commits[2], text: "local 2\n")])
        try remote.write([Note(commit: commits[2], text: "remote 2\n"), Note(commit: commits[3], text: "remote 3\n"),
                          Note(commit: commits[4], text: "remote 4\n")])
        // A note stored flat by git on the remote side is merged too.
        try fixture.git(["notes", "--ref=remotes/origin/axdiff", "add", "-m", "remote 5", commits[5].hex])

        let localTip = try XCTUnwrap(repository.referenceTarget("refs/notes/axdiff"))
        let remoteTip = try XCTUnwrap(repository.referenceTarget("refs/notes/remotes/origin/axdiff"))
        let result = try repository.mergeNotes(from: "refs/notes/remotes/origin/axdiff", into: "refs/notes/axdiff")
        XCTAssertEqual(result.kind, .merged)
        XCTAssertEqual(result.added, commits[3..<6].sorted())
        XCTAssertEqual(result.keptLocal, [commits[2]])
        XCTAssertEqual(try fixture.git(["log", "-1", "--format=%P", "refs/notes/axdiff"]), "\(localTip.hex) \(remoteTip.hex)\n")

        let expected = ["shared\n", "local 1\n", "local 2\n", "remote 3\n", "remote 4\n", "remote 5\n"]
        for (commit, text) in zip(commits, expected) {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), text)
        }
        try fixture.git(["fsck", "--strict", "--no-progress"])

        let again = try repository.mergeNotes(from: "refs/notes/remotes/origin/axdiff", into: "refs/notes/axdiff")
        XCTAssertEqual(again.kind, .upToDate)
        XCTAssertEqual(again.notesCommit, result.notesCommit)
    }

    func testFastForwardWhenLocalIsMissingOrBehind() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 2)
        let repository = try fixture.open()
        let remote = NotesWriter(repository: repository, notesRef: "refs/notes/remotes/origin/axdiff")
        let first = try remote.write([Note(commit: commits[0], text: "a\n")])
        let created = try repository.mergeNotes(from: "refs/notes/remotes/origin/axdiff", into: "refs/notes/axdiff")
        XCTAssertEqual(created.kind, .fastForward)
        XCTAssertEqual(created.notesCommit, first.notesCommit)
        XCTAssertEqual(created.added, [commits[0]])

        let second = try remote.write([Note(commit: commits[1], text: "b\n")])
        let forwarded = try repository.mergeNotes(from: "refs/notes/remotes/origin/axdiff", into: "refs/notes/axdiff")
        XCTAssertEqual(forwarded.kind, .fastForward)
        XCTAssertEqual(forwarded.notesCommit, second.notesCommit)
        XCTAssertEqual(forwarded.added, [commits[1]])
        XCTAssertEqual(try repository.mergeNotes(from: "refs/notes/missing", into: "refs/notes/axdiff").kind, .upToDate)
    }
}
