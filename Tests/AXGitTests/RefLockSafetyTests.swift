@testable import AXGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A ref lock is removed only when axdiff proves it wrote that very file; git's own locks —
/// here a live `git update-ref --stdin` transaction — are never touched, whatever markers a
/// killed run left.
final class RefLockSafetyTests: XCTestCase {
    /// A token no process holds: the writer it named is gone.
    private func goneToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%016llx%016llx", generator.next() as UInt64, generator.next() as UInt64)
    }

    private func inode(_ path: String) -> (UInt64, UInt64) {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return (UInt64(st.st_dev), UInt64(st.st_ino))
    }

    private func age(_ path: String, seconds: TimeInterval = 30) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: path)
    }

    /// `git update-ref --stdin`, kept open: the lines it answered so far are read back.
    private final class GitTransaction {
        let process = Process()
        let input = Pipe(), output = Pipe(), errors = Pipe()

        init(in path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", path, "update-ref", "--stdin"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Sends one command that git answers nothing to.
        func tell(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// Sends one command and returns git's one-line answer.
        func send(_ line: String) -> String {
            tell(line)
            var answer = [UInt8]()
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                answer.append(first)
            }
            return String(decoding: answer, as: UTF8.self)
        }

        func finish() -> (Int32, String) {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    /// A run killed after moving the notes ref and before removing its marker left that
    /// marker; a person's `git update-ref --stdin` transaction then holds the notes ref's lock
    /// (older than any axdiff would wait for). axdiff's write waits, never removes git's lock,
    /// removes the orphaned marker, and git's commit succeeds with the person's note.
    func testALiveGitTransactionKeepsItsLockWhateverAKilledRunLeft() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 3)
        let repository = try fixture.open()
        let writer = NotesWriter(repository: repository)
        try writer.write([Note(commit: commits[0], text: "first\n")])
        let tip = try fixture.rev("refs/notes/axdiff")
        let refFile = fixture.gitDir + "/refs/notes/axdiff"

        // The killed run's marker: its lock became the ref itself (same inode) when it was renamed.
        let owners = fixture.gitDir + "/" + RefLockOwner.directoryName
        try FileManager.default.createDirectory(atPath: owners, withIntermediateDirectories: true)
        let (device, node) = inode(refFile)
        let marker = owners + "/refs%notes%axdiff." + goneToken()
        XCTAssertTrue(FileManager.default.createFile(atPath: marker, contents: Data("\(device) \(node) \(tip.hex) \(WriterIdentity.current.fileSafeHost)\n".utf8)))
        // An older axdiff's marker form (pid@host), for a pid that names no process.
        let oldForm = owners + "/refs%notes%axdiff.999999@\(WriterIdentity.current.fileSafeHost)"
        XCTAssertTrue(FileManager.default.createFile(atPath: oldForm, contents: Data()))
        try age(marker, seconds: 60)
        try age(oldForm, seconds: 60)

        // A person's note for commits[2], as a notes commit on top of the tip, through git's transaction.
        let blob = try fixture.git(["hash-object", "-w", "--stdin"], input: "by hand\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let index = fixture.path + "/person.index"
        let env = ["GIT_INDEX_FILE": index]
        _ = try fixture.git(["read-tree", tip.hex + "^{tree}"], environment: env)
        let path = String(commits[2].hex.prefix(2)) + "/" + String(commits[2].hex.dropFirst(2))
        _ = try fixture.git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], environment: env)
        let tree = try fixture.git(["write-tree"], environment: env).trimmingCharacters(in: .whitespacesAndNewlines)
        let person = try fixture.git(["commit-tree", tree, "-p", tip.hex, "-m", "Notes added by hand"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let git = try GitTransaction(in: fixture.path)
        XCTAssertEqual(git.send("start"), "start: ok")
        git.tell("update refs/notes/axdiff \(person) \(tip.hex)")
        // `update` answers nothing; `prepare` takes the lock and writes the new value into it.
        XCTAssertEqual(git.send("prepare"), "prepare: ok")
        let lock = refFile + ".lock"
        XCTAssertEqual(FileManager.default.contents(atPath: lock), Data("\(person)\n".utf8))
        try age(lock)

        writer.lockTimeout = 0.5
        XCTAssertGitError(.locked) { try writer.write([Note(commit: commits[1], text: "second\n")]) }
        XCTAssertEqual(FileManager.default.contents(atPath: lock), Data("\(person)\n".utf8), "git's lock is not axdiff's to remove")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "an orphaned marker is removed, never trusted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: oldForm), "a marker that proves nothing is removed")

        XCTAssertEqual(git.send("commit"), "commit: ok")
        let (status, errors) = git.finish()
        XCTAssertEqual(status, 0, errors)
        XCTAssertEqual(try fixture.rev("refs/notes/axdiff").hex, person)
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[2].hex]), "by hand\n")

        // The write goes through now, on top of the person's note.
        writer.lockTimeout = 5
        XCTAssertEqual(try writer.write([Note(commit: commits[1], text: "second\n")]).written, [commits[1]])
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[2].hex]), "by hand\n")
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "second\n")
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[0].hex]), "first\n")
        _ = try fixture.git(["fsck", "--strict", "--no-progress"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: owners).filter { $0.hasPrefix("refs%") }, [],
                       "a finished write leaves no marker")
    }

    /// A lock that a gone axdiff writer provably left (its marker names that file, the file
    /// holds nothing or what it was to write) is taken over; the same lock is kept when its
    /// writer lives, when the file is not the one named, or when it holds anything else.
    func testOnlyALockAGoneWriterProvablyLeftIsTakenOver() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 3)
        let writer = NotesWriter(repository: try fixture.open(), conflictPolicy: .overwrite)
        try writer.write([Note(commit: commits[0], text: "first\n")])
        let owners = fixture.gitDir + "/" + RefLockOwner.directoryName
        let lock = fixture.gitDir + "/refs/notes/axdiff.lock"
        let planned = commits[2].hex  // any id: what the marker says its writer was to write

        func leave(content: String, token: String, namingOther: Bool = false, host: String = WriterIdentity.current.fileSafeHost) throws -> String {
            XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: Data(content.utf8)))
            var (device, node) = inode(lock)
            if namingOther { node += 1 }
            let marker = owners + "/refs%notes%axdiff." + token
            XCTAssertTrue(FileManager.default.createFile(atPath: marker, contents: Data("\(device) \(node) \(planned) \(host)\n".utf8)))
            try age(lock)
            return marker
        }

        // Kept: the writer lives (this process holds its token), the marker names another file,
        // the lock holds something its writer would never write, the writer ran on another host.
        let live = try XCTUnwrap(WriterLiveness.hold(in: fixture.gitDir + "/"))
        for (content, token, other, host) in [("", live, false, WriterIdentity.current.fileSafeHost), ("", goneToken(), true, WriterIdentity.current.fileSafeHost),
                                              ("\(commits[1].hex)\n", goneToken(), false, WriterIdentity.current.fileSafeHost), ("", goneToken(), false, "another-host")] {
            let marker = try leave(content: content, token: token, namingOther: other, host: host)
            writer.lockTimeout = 0.3
            XCTAssertGitError(.locked) { try writer.write([Note(commit: commits[1], text: "second\n")]) }
            XCTAssertEqual(FileManager.default.contents(atPath: lock), Data(content.utf8))
            XCTAssertEqual(FileManager.default.fileExists(atPath: marker), token == live, "only a live writer's marker stays")
            unlink(marker)
            unlink(lock)
        }

        // Taken over: empty (killed before writing) and exactly what it was to write.
        for content in ["", planned + "\n"] {
            let marker = try leave(content: content, token: goneToken())
            writer.lockTimeout = 5
            let result = try writer.write([Note(commit: commits[1], text: "second \(content.count)\n")])
            XCTAssertEqual(result.written, [commits[1]])
            XCTAssertFalse(FileManager.default.fileExists(atPath: lock))
            XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        }
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "second 41\n")
    }

    /// A writer killed a moment ago left its lock and marker; the next write comes at once,
    /// before the lock is `minimumAge` old. The marker is kept while the lock is too young,
    /// so the write takes the lock over once it is old enough, within its lock timeout —
    /// where dropping the marker at the first attempt left the lock to wait out forever.
    func testAYoungLockAGoneWriterLeftIsTakenOverOnceOldEnough() throws {
        let fixture = try GitFixture()
        let commits = try fixture.fastImport(commits: 2)
        let writer = NotesWriter(repository: try fixture.open())
        try writer.write([Note(commit: commits[0], text: "first\n")])
        let owners = fixture.gitDir + "/" + RefLockOwner.directoryName
        let lock = fixture.gitDir + "/refs/notes/axdiff.lock"
        XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: Data()))
        let (device, node) = inode(lock)
        let marker = owners + "/refs%notes%axdiff." + goneToken()
        try FileManager.default.createDirectory(atPath: owners, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: marker, contents: Data("\(device) \(node) \(commits[1].hex) \(WriterIdentity.current.fileSafeHost)\n".utf8)))

        let owner = RefLockOwner(commonDir: fixture.gitDir + "/", reference: "refs/notes/axdiff")
        XCTAssertFalse(owner.takeOverIfStale(), "a lock younger than minimumAge is not removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: lock))
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the marker still proves the lock")

        let began = Date()
        writer.lockTimeout = 10
        XCTAssertEqual(try writer.write([Note(commit: commits[1], text: "second\n")]).written, [commits[1]])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(began), RefLockOwner.minimumAge - 0.5, "taken over once old enough")
        XCTAssertFalse(FileManager.default.fileExists(atPath: lock))
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[1].hex]), "second\n")
        _ = try fixture.git(["fsck", "--strict", "--no-progress"])
    }
}
