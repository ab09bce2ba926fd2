import AXProcess
import AXGit
import Foundation
import XCTest

/// git's safety rules (DESIGN §7) against git's own maintenance commands, run while a notes
/// commit is in flight: between its objects being written and the notes ref reaching them.
final class GitSafetyTests: XCTestCase {
    private func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        return String(cString: buffer)
    }

    private func notes(_ commits: ArraySlice<ObjectID>) -> [Note] {
        commits.map { Note(commit: $0, text: "note for \($0.hex)\n") }
    }

    private func packDirectory(_ fixture: GitFixture, bare: Bool) -> String {
        ((bare ? fixture.path : fixture.gitDir) as NSString).appendingPathComponent("objects/pack")
    }

    private func files(in directory: String, _ suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Every note's blob is there for git, by `git notes show` and `git fsck --strict`.
    private func assertNotesReadable(_ fixture: GitFixture, _ commits: ArraySlice<ObjectID>,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        try fixture.git(["fsck", "--strict", "--no-progress"])
        let listed = try fixture.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n")
        XCTAssertEqual(listed.count, commits.count, file: file, line: line)
        for commit in commits {
            XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commit.hex]), "note for \(commit.hex)\n",
                           file: file, line: line)
        }
    }

    /// A pack of notes waits for the ref while `git repack -a -d` and `git prune` run: its
    /// `.keep` (naming this process and host) keeps it, and goes once the ref reaches it.
    func testAPackInFlightSurvivesRepackAndLosesItsKeepOnceReachable() throws {
        let fixture = try GitFixture(bare: true)
        let commits = try fixture.fastImport(commits: 120)
        let writer = NotesWriter(repository: try fixture.open())
        try writer.write(notes(commits[0..<60]))
        let directory = packDirectory(fixture, bare: true)
        var keptWhileInFlight: [String] = []
        var keepText = ""
        writer.beforeReferenceUpdate = { _ in
            keptWhileInFlight = self.files(in: directory, ".keep")
            keepText = keptWhileInFlight.first.flatMap {
                try? String(contentsOfFile: (directory as NSString).appendingPathComponent($0), encoding: .utf8)
            } ?? ""
            try fixture.git(["repack", "-a", "-d", "-q"])
            try fixture.git(["prune"])
        }
        try writer.write(notes(commits[60...]))
        XCTAssertEqual(keptWhileInFlight.count, 1, "the new pack is kept while no ref reaches it")
        XCTAssertEqual(keepText, "axdiff \(getpid()) on \(hostName()) \(WriterLiveness.token)\n", "the writer, and the token of its liveness lock")
        XCTAssertEqual(files(in: directory, ".keep"), [], "released once the ref moved")
        try assertNotesReadable(fixture, commits[...])
        try fixture.git(["gc", "--prune=now", "-q"])
        try assertNotesReadable(fixture, commits[...])
    }

    /// The compare-and-swap is lost (a `git notes add` moves the ref) and `git repack -a -d`
    /// with `git prune` runs before the retry: the retry's notes commit brings its own blobs.
    func testALostCompareAndSwapRebuildsWithItsBlobs() throws {
        for count in [100, 5] {  // a pack, then loose objects
            let fixture = try GitFixture(bare: true)
            let commits = try fixture.fastImport(commits: count + 1)
            let writer = NotesWriter(repository: try fixture.open())
            writer.beforeReferenceUpdate = { attempt in
                guard attempt == 1 else { return }
                try fixture.git(["notes", "--ref=axdiff", "add", "-m", "note for \(commits[count].hex)", commits[count].hex])
                try fixture.git(["repack", "-a", "-d", "-q"])
                try fixture.git(["prune"])
            }
            let result = try writer.write(notes(commits[0..<count]))
            XCTAssertEqual(result.attempts, 2, "\(count) notes")
            XCTAssertEqual(result.written.count, count)
            try assertNotesReadable(fixture, commits[...])
        }
    }

    /// Loose objects (a watcher's round) removed by `git prune` between their write and the
    /// ref update are written again once the ref reaches them.
    func testLooseObjectsPrunedBeforeThePublishAreWrittenAgain() throws {
        let fixture = try GitFixture(bare: true)
        let commits = try fixture.fastImport(commits: 3)
        let writer = NotesWriter(repository: try fixture.open())
        // fast-import leaves so few objects loose: 3 commits, 3 trees, 3 blobs.
        XCTAssertEqual(try fixture.git(["count-objects"]), "9 objects, 36 kilobytes\n")
        var counts: [String] = []
        writer.beforeReferenceUpdate = { _ in
            counts.append(try fixture.git(["count-objects"]))
            try fixture.git(["prune"])
            counts.append(try fixture.git(["count-objects"]))
        }
        try writer.write(notes(commits[...]))
        // 3 note blobs, the root tree, 3 fan-out trees and the notes commit, then none of them.
        XCTAssertEqual(counts, ["17 objects, 68 kilobytes\n", "9 objects, 36 kilobytes\n"], "git removed the unreachable objects")
        try assertNotesReadable(fixture, commits[...])
    }

    /// Another process holds the notes ref's lock while git's maintenance runs: the batch is
    /// published when the lock goes, its objects all on disk, one pack written for it.
    func testAWriteWaitingOnALockKeepsItsObjectsThroughGC() throws {
        let fixture = try GitFixture(bare: true)
        let commits = try fixture.fastImport(commits: 80)
        let writer = NotesWriter(repository: try fixture.open())
        try writer.write(notes(commits[0..<40]))
        let directory = packDirectory(fixture, bare: true)
        let packsBefore = files(in: directory, ".pack").count
        let lock = fixture.path + "/refs/notes/axdiff.lock"
        XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: Data("held by someone else".utf8)))
        let maintenance = DispatchGroup()
        final class Outcome: @unchecked Sendable { var error: Error? }
        let gc = Outcome()
        DispatchQueue.global().async(group: maintenance) {
            Thread.sleep(forTimeInterval: 0.4)
            do {
                try fixture.git(["repack", "-a", "-d", "-q"])
                try fixture.git(["gc", "--prune=now", "-q"])
            } catch { gc.error = error }
            unlink(lock)
        }
        let result = try writer.write(notes(commits[40...]))
        maintenance.wait()
        XCTAssertNil(gc.error)
        XCTAssertGreaterThan(result.attempts, 1, "the lock was waited for")
        XCTAssertLessThanOrEqual(files(in: directory, ".pack").count, packsBefore + 1, "not a pack per retry")
        XCTAssertEqual(files(in: directory, ".keep"), [])
        try assertNotesReadable(fixture, commits[...])
    }

    /// What a writer killed half-way left — a `.keep`, a pack without index, a temporary
    /// file — is removed by the next writer when that writer's liveness lock is not held and
    /// it ran on this host; another host's, a live writer's, one that names no lock (an older
    /// axdiff's, whatever its pid) and git's own are left alone.
    func testLeftoversOfADeadWriterAreRemovedButNotThoseOfTheLivingOrOtherHosts() throws {
        let fixture = try GitFixture(bare: true)
        let commits = try fixture.fastImport(commits: 40)
        let directory = packDirectory(fixture, bare: true)
        let gone = try ChildProcess("/bin/true", []).start()
        XCTAssertEqual(gone.waitForExit(timeout: 10), 0)
        let dead = gone.pid, host = hostName()
        var generator = SystemRandomNumberGenerator()
        // A token nobody holds: its writer is gone, whatever its pid.
        let goneToken = String(format: "%016llx%016llx", generator.next() as UInt64, generator.next() as UInt64)
        let liveToken = try XCTUnwrap(WriterLiveness.hold(in: fixture.path + "/"))
        func pack(_ byte: String) -> String { (directory as NSString).appendingPathComponent("pack-" + String(repeating: byte, count: 20)) }
        func create(_ path: String, _ text: String = "PACK") {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), path)
        }
        // Gone, this host, index never written: all of it goes (its pid is alive: the pid says nothing).
        create(pack("aa") + ".pack"); create(pack("aa") + ".keep", "axdiff \(getppid()) on \(host) \(goneToken)\n")
        // Gone, this host, index written: only the `.keep` goes (the pack is git's to judge).
        create(pack("bb") + ".pack"); create(pack("bb") + ".idx"); create(pack("bb") + ".keep", "axdiff \(dead) on \(host) \(goneToken)\n")
        // The same token on another host, a live writer here, no token, git's own keep: all stay.
        create(pack("cc") + ".pack"); create(pack("cc") + ".keep", "axdiff \(dead) on some-other-host \(goneToken)\n")
        create(pack("dd") + ".pack"); create(pack("dd") + ".keep", "axdiff \(dead) on \(host) \(liveToken)\n")
        create(pack("ee") + ".pack"); create(pack("ee") + ".keep", "receive-pack \(dead) on \(host)\n")
        create(pack("ff") + ".pack"); create(pack("ff") + ".keep", "axdiff \(dead) on \(host)\n")
        let safeHost = String(host.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        let deadTemporary = (directory as NSString).appendingPathComponent("tmp_axdiff_\(dead)@\(safeHost)@\(goneToken)_pack-1.pack")
        let otherHostTemporary = (directory as NSString).appendingPathComponent("tmp_axdiff_\(dead)@some-other-host@\(goneToken)_pack-1.pack")
        let liveTemporary = (directory as NSString).appendingPathComponent("tmp_axdiff_\(dead)@\(safeHost)@\(liveToken)_pack-1.pack")
        let tokenless = (directory as NSString).appendingPathComponent("tmp_axdiff_\(dead)@\(safeHost)_pack-1.pack")
        for path in [deadTemporary, otherHostTemporary, liveTemporary, tokenless] { create(path) }

        try NotesWriter(repository: try fixture.open()).write(notes(commits[...]))

        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        XCTAssertFalse(exists(pack("aa") + ".pack")); XCTAssertFalse(exists(pack("aa") + ".keep"))
        XCTAssertTrue(exists(pack("bb") + ".pack")); XCTAssertFalse(exists(pack("bb") + ".keep"))
        for kept in ["cc", "dd", "ee", "ff"] {
            XCTAssertTrue(exists(pack(kept) + ".pack"), kept)
            XCTAssertTrue(exists(pack(kept) + ".keep"), kept)
        }
        XCTAssertFalse(exists(deadTemporary))
        XCTAssertTrue(exists(otherHostTemporary))
        XCTAssertTrue(exists(liveTemporary))
        XCTAssertTrue(exists(tokenless))
    }

    /// A ref whose commit is missing is an error naming the ref, not a ref to skip.
    func testAReferenceToAMissingCommitIsAnErrorNamingIt() throws {
        let fixture = try GitFixture(bare: true)
        let commits = try fixture.fastImport(commits: 2)
        let missing = "1234567890123456789012345678901234567890"
        try fixture.git(["update-ref", "refs/heads/broken", commits[1].hex])
        let refFile = fixture.path + "/refs/heads/broken"
        try Data("\(missing)\n".utf8).write(to: URL(fileURLWithPath: refFile))
        let error = XCTAssertGitError(.notFound) { try fixture.open().references(matching: ["refs/heads/*"]) }
        XCTAssertTrue(error?.message.contains("refs/heads/broken points at \(missing)") == true, "\(String(describing: error))")
        // A dangling symbolic ref (an unborn branch) is still no error.
        try fixture.git(["symbolic-ref", "refs/heads/unborn-link", "refs/heads/nowhere"])
        unlink(refFile)
        XCTAssertEqual(try fixture.open().references(matching: ["refs/heads/*"]).map(\.name), ["refs/heads/main"])
    }
}

/// A full disk at every point of writing a pack of notes (a small tmpfs, filled to leave
/// 0–44 KB free): a write either publishes notes git reads back, or fails and leaves no
/// temporary file, no `.keep`, no pack without its index — and the notes ref where it was.
final class FullDiskTests: XCTestCase {
    func testAFullDiskLeavesNoHalfWrittenPackAndMovesNoRef() throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("axgit-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let (mounted, _, mountError) = try Spawn.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint.path],
                                                     input: [], environment: ProcessInfo.processInfo.environment)
        guard mounted == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (\(String(decoding: mountError, as: UTF8.self))): needs root with CAP_SYS_ADMIN")
        }
        defer { _ = try? Spawn.run("/bin/umount", ["-l", mountPoint.path], input: [], environment: ProcessInfo.processInfo.environment) }

        let fixture = try GitFixture(bare: true, under: mountPoint)
        let commits = try fixture.fastImport(commits: 60)
        let directory = fixture.path + "/objects/pack"
        let filler = mountPoint.path + "/filler"
        var published = 0, failed: [String] = []
        for (round, free) in stride(from: 44, through: 0, by: -4).enumerated() {
            unlink(filler)
            var stats = statvfs()
            XCTAssertEqual(statvfs(mountPoint.path, &stats), 0)
            let available = Int(stats.f_bavail) * Int(stats.f_frsize)
            let fill = max(0, available - free * 1024)
            XCTAssertTrue(FileManager.default.createFile(atPath: filler, contents: Data(count: fill)), "filler of \(fill) bytes")
            let before = try fixture.git(["for-each-ref", "refs/notes/"])
            let writer = NotesWriter(repository: try fixture.open(), conflictPolicy: .overwrite)
            writer.lockTimeout = 0.5
            do {
                try writer.write(commits.map { Note(commit: $0, text: "round \(round) for \($0.hex)\n") })
                published += 1
                XCTAssertEqual(try fixture.git(["notes", "--ref=axdiff", "show", commits[7].hex]), "round \(round) for \(commits[7].hex)\n")
            } catch {
                failed.append("\(free) KB: \(error)")
                XCTAssertEqual(try fixture.git(["for-each-ref", "refs/notes/"]), before, "\(free) KB free: the ref did not move")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            XCTAssertEqual(names.filter { $0.hasPrefix("tmp_") || $0.hasSuffix(".keep") }, [], "\(free) KB free")
            for name in names where name.hasSuffix(".pack") {
                XCTAssertTrue(names.contains(String(name.dropLast(5)) + ".idx"), "\(free) KB free: \(name) has no index")
            }
            unlink(filler)
            try fixture.git(["fsck", "--strict", "--no-progress"])
        }
        print("full disk: \(published) writes published, \(failed.count) failed: \(failed)")
        XCTAssertGreaterThan(published, 0, "with room enough, the notes are written")
        XCTAssertGreaterThan(failed.count, 0, "with no room, the write fails")
    }
}
