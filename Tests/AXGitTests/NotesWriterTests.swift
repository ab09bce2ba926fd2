import AXGit
import Foundation
import XCTest

final class NotesWriterTests: XCTestCase {
    private func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        return String(cString: buffer)
    }

    private let ref = "refs/notes/axdiff"

    private func text(_ commit: ObjectID) -> String {
        "axdiff: no snapshot changes in \(commit.abbreviated())\n\nAxdiff-Errors: 0\n"
    }

    func testThreeHundredNotesInThreeBatchesReadBackByGit() throws {
        let fixture = try GitFixture()
        try fixture.git(["config", "user.name", "Notes Bot"])
        try fixture.git(["config", "user.email", "bot@example.com"])
        let commits = try fixture.fastImport(commits: 300)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository)
        var tips = [ObjectID]()
        for batch in stride(from: 0, to: 300, by: 100) {
            let notes = commits[batch..<batch + 100].map { Note(commit: $0, text: text($0)) }
            let result = try writer.write(notes)
            XCTAssertEqual(result.written.count, 100)
            XCTAssertEqual(result.attempts, 1)
            tips.append(try XCTUnwrap(result.notesCommit))
        }

        // One notes commit per batch, each on top of the previous.
        XCTAssertEqual(try fixture.git(["rev-list", ref]).split(separator: "\n").map(String.init),
                       tips.reversed().map(\.hex))
        XCTAssertEqual(try fixture.git(["log", "-1", "--format=%an <%ae>|%s", ref]), "Notes Bot <bot@example.com>|Notes added by axdiff\n")

        for commit in commits {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), text(commit))
        }
        let log = try fixture.git(["log", "--notes=axdiff", "--format=%H%n%N%x00", "main"])
        for commit in commits {
            XCTAssertTrue(log.contains("\(commit.hex)\n\(text(commit))"), "git log lacks the note of \(commit.hex)")
        }
        try fixture.git(["fsck", "--strict", "--no-progress"])

        let root = try fixture.git(["ls-tree", ref]).split(separator: "\n")
        XCTAssertFalse(root.isEmpty)
        for line in root {
            let fields = line.split(separator: "\t")
            XCTAssertTrue(fields[0].hasSuffix(" tree " + fields[0].split(separator: " ")[2]), String(line))
            XCTAssertEqual(fields[1].count, 2, "fan-out directory expected: \(line)")
        }
        XCTAssertTrue(try fixture.git(["ls-tree", "-r", "--name-only", ref]).split(separator: "\n")
            .allSatisfy { $0.count == 41 && $0.dropFirst(2).first == "/" })

        // And back through our own reader.
        XCTAssertEqual(try repository.annotatedCommits(), Set(commits))
        XCTAssertEqual(try repository.note(for: commits[123]), text(commits[123]))
        XCTAssertTrue(try repository.noteExists(for: commits[299]))
        XCTAssertFalse(try repository.noteExists(for: tips[0]))
        XCTAssertNil(try repository.note(for: commits[0], notesRef: "refs/notes/other"))
    }

    func testRewritingTheSameNotesChangesNothing() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 3)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository)
        let first = try writer.write(commits.map { Note(commit: $0, text: "same\n") })
        let second = try writer.write(commits.map { Note(commit: $0, text: "same\n") })
        XCTAssertEqual(second.notesCommit, first.notesCommit)
        XCTAssertEqual(second.unchanged, commits.sorted())
        XCTAssertEqual(second.written, [])
        let third = try writer.write(commits.map { Note(commit: $0, text: "different\n") })
        XCTAssertEqual(third.keptExisting, commits.sorted())
        XCTAssertEqual(third.notesCommit, first.notesCommit, "keeping every existing note writes no commit")
        // A packed notes ref is updated just the same.
        try fixture.git(["pack-refs", "--all"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.gitDir + "/refs/notes/axdiff"))
        writer.conflictPolicy = .overwrite
        let fourth = try writer.write(commits.map { Note(commit: $0, text: "different\n") })
        XCTAssertEqual(fourth.written, commits.sorted())
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "different\n")
        XCTAssertEqual(try writer.write([]).notesCommit, fourth.notesCommit)
        XCTAssertNil(try NotesWriter(repository: repository, notesRef: "refs/notes/empty").write([]).notesCommit)
        XCTAssertNil(try repository.referenceTarget("refs/notes/empty"))
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    /// Another writer (`git notes add`) moves the ref after our batch is built and before we move
    /// it: the compare-and-swap fails, the batch is rebuilt on their commit, nothing is lost.
    func testConcurrentNoteIsNotLost() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 12)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository)
        try writer.write([Note(commit: commits[0], text: "early\n")])

        let contested = commits[5], theirsOnly = commits[11]
        writer.beforeReferenceUpdate = { attempt in
            guard attempt == 1 else { return }
            try fixture.git(["notes", "--ref=axdiff", "add", "-m", "theirs", contested.hex])
            try fixture.git(["notes", "--ref=axdiff", "add", "-m", "only theirs", theirsOnly.hex])
        }
        let batch = commits[1..<11].map { Note(commit: $0, text: "ours \($0.abbreviated())\n") }
        let result = try writer.write(batch)
        XCTAssertEqual(result.attempts, 2)
        XCTAssertEqual(result.keptExisting, [contested])
        XCTAssertEqual(result.written.count, 9)

        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", contested.hex]), "theirs\n")
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", theirsOnly.hex]), "only theirs\n")
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[0].hex]), "early\n")
        for commit in commits[1..<11] where commit != contested {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), "ours \(commit.abbreviated())\n")
        }
        // Our commit sits on top of theirs.
        XCTAssertEqual(try fixture.git(["rev-list", "--count", "refs/notes/axdiff"]), "4\n")
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    func testConcurrentNoteIsReplacedWhenOverwriting() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 3)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository, conflictPolicy: .overwrite)
        writer.beforeReferenceUpdate = { attempt in
            if attempt == 1 { try fixture.git(["notes", "--ref=axdiff", "add", "-m", "theirs", commits[1].hex]) }
        }
        let result = try writer.write(commits.map { Note(commit: $0, text: "ours\n") })
        XCTAssertEqual(result.attempts, 2)
        XCTAssertEqual(result.written, commits.sorted())
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "ours\n")
    }

    func testFlatNotesStayReadableAndArePreserved() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 8)
        for commit in commits[0..<5] {
            try fixture.git(["notes", "--ref=axdiff", "add", "-m", "flat \(commit.abbreviated())", commit.hex])
        }
        let flatNames = try fixture.git(["ls-tree", "--name-only", ref]).split(separator: "\n")
        XCTAssertTrue(flatNames.allSatisfy { $0.count == 40 }, "git should have stored these flat: \(flatNames)")

        let repository = try fixture.open()
        XCTAssertEqual(try repository.note(for: commits[2]), "flat \(commits[2].abbreviated())\n")
        XCTAssertEqual(try repository.annotatedCommits(), Set(commits[0..<5]))

        let result = try NotesWriter(repository: repository).write(
            commits[4..<8].map { Note(commit: $0, text: "new \($0.abbreviated())\n") })
        XCTAssertEqual(result.written, commits[5..<8].sorted())
        XCTAssertEqual(result.keptExisting, [commits[4]])

        for commit in commits[0..<5] {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), "flat \(commit.abbreviated())\n")
        }
        for commit in commits[5..<8] {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), "new \(commit.abbreviated())\n")
        }
        XCTAssertTrue(try fixture.git(["ls-tree", "--name-only", ref]).split(separator: "\n").allSatisfy { $0.count == 2 })
        XCTAssertEqual(try repository.annotatedCommits(), Set(commits))
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    /// git itself fans out further (`ab/cd/ef…`) in very large notes trees: read it, and write
    /// into the same place rather than next to it.
    func testDeeperFanoutIsFollowed() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 2)
        let target = commits[0], hex = commits[0].hex
        func hash(_ s: String) throws -> String {
            try fixture.git(["hash-object", "-w", "--stdin"], input: s).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func mktree(_ line: String) throws -> String {
            try fixture.git(["mktree"], input: line + "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let blob = try hash("deep note\n")
        let level2 = try mktree("100644 blob \(blob)\t\(hex.dropFirst(4))")
        let level1 = try mktree("040000 tree \(level2)\t\(hex.dropFirst(2).prefix(2))")
        let root = try mktree("040000 tree \(level1)\t\(hex.prefix(2))")
        let notesCommit = try fixture.git(["commit-tree", root, "-m", "deep"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try fixture.git(["update-ref", ref, notesCommit])
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", hex]), "deep note\n")

        let repository = try fixture.open()
        XCTAssertEqual(try repository.note(for: target), "deep note\n")
        XCTAssertEqual(try repository.annotatedCommits(), [target])

        let writer = NotesWriter(repository: repository, conflictPolicy: .overwrite)
        try writer.write([Note(commit: target, text: "replaced\n"), Note(commit: commits[1], text: "other\n")])
        let paths = try fixture.git(["ls-tree", "-r", "--name-only", ref]).split(separator: "\n").map(String.init)
        XCTAssertTrue(paths.contains("\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex.dropFirst(4))"), "\(paths)")
        XCTAssertEqual(paths.count, 2)
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", hex]), "replaced\n")
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "other\n")
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    func testLockHeldByAnotherProcessIsWaitedForAndNeverRemoved() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 2)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository)
        try writer.write([Note(commit: commits[0], text: "first\n")])

        let lock = fixture.gitDir + "/refs/notes/axdiff.lock"
        XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: Data("someone else".utf8)))
        writer.lockTimeout = 0.3
        let started = Date()
        XCTAssertGitError(.locked) { try writer.write([Note(commit: commits[1], text: "second\n")]) }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.3)
        XCTAssertEqual(FileManager.default.contents(atPath: lock), Data("someone else".utf8), "the lock is not ours to remove")

        // The other process finishes while we wait: the write goes through.
        writer.lockTimeout = 10
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.15) { try? FileManager.default.removeItem(atPath: lock) }
        let result = try writer.write([Note(commit: commits[1], text: "second\n")])
        XCTAssertEqual(result.written, [commits[1]])
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "second\n")
    }

    func testSignatureFallsBackToAxdiffWithoutIdentity() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 1)
        let repository = try fixture.open()
        try NotesWriter(repository: repository, notesRef: "refs/notes/custom").write([Note(commit: commits[0], text: "x\n")])
        let author = try fixture.git(["log", "-1", "--format=%an <%ae>", "refs/notes/custom"])
        if try repository.configValue("user.name") == nil {
            XCTAssertEqual(author, "axdiff <axdiff@localhost>\n")
        } else {
            XCTAssertEqual(author, "\(try repository.configValue("user.name")!) <\(try repository.configValue("user.email") ?? "")>\n")
        }
        XCTAssertEqual(try repository.note(for: commits[0], notesRef: "refs/notes/custom"), "x\n")
    }
}
