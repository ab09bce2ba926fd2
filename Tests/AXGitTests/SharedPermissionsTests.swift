@testable import AXGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `core.sharedRepository`: axdiff gives what it creates the modes git gives what git creates.
final class SharedPermissionsTests: XCTestCase {
    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & 0o7777
    }

    /// For each value git takes, git's own modes (an object directory and file, a ref made by
    /// `git update-ref`) equal ours computed from the modes libgit2 and axdiff create with.
    func testTheModesEqualGitsForEveryValue() throws {
        let mask = umask(0o022)
        umask(mask)
        for value in ["group", "all", "world", "umask", "false", "true", "0", "1", "2", "0640", "0660", "0664", "0600"] {
            let fixture = try GitFixture()
            try fixture.git(["config", "core.sharedRepository", value])
            let shared = try XCTUnwrap(SharedPermissions.setting(fromConfig: value), value)
            XCTAssertEqual(SharedPermissions.shared(commonDir: fixture.gitDir + "/"), shared, value)
            let blob = try fixture.git(["hash-object", "-w", "--stdin"], input: "shared \(value)\n").trimmingCharacters(in: .whitespacesAndNewlines)
            let directory = fixture.gitDir + "/objects/" + blob.prefix(2)
            try fixture.git(["update-ref", "refs/notes/shared", try fixture.fastImport(commits: 1)[0].hex])
            XCTAssertEqual(SharedPermissions.mode(0o777 & ~mask, shared: shared, isDirectory: true) & 0o7777, mode(directory), "\(value): objects/xx")
            XCTAssertEqual(SharedPermissions.mode(0o444 & ~mask, shared: shared, isDirectory: false), mode(directory + "/" + blob.dropFirst(2)), "\(value): object")
            XCTAssertEqual(SharedPermissions.mode(0o666 & ~mask, shared: shared, isDirectory: false), mode(fixture.gitDir + "/refs/notes/shared"), "\(value): ref")
        }
        // What git refuses: the owner loses read or write, or no such word.
        for value in ["0440", "0200", "sometimes", "09"] {
            XCTAssertNil(SharedPermissions.setting(fromConfig: value), value)
        }
        XCTAssertEqual(SharedPermissions.setting(fromConfig: nil), 0o660, "a key without a value means group")
    }

    /// A write path (a notes commit, its loose objects, the ref, its reflog) under `0640`: the
    /// group may read but not write, others get nothing — as git's own under the same value.
    func testANotesWriteUnderAModeValueFollowsIt() throws {
        let fixture = try GitFixture()
        try fixture.git(["config", "core.sharedRepository", "0640"])
        let commits = try fixture.fastImport(commits: 2)
        try NotesWriter(repository: try fixture.open()).write([Note(commit: commits[0], text: "restricted\n")])
        XCTAssertEqual(mode(fixture.gitDir + "/refs/notes/axdiff"), 0o640)
        XCTAssertEqual(mode(fixture.gitDir + "/logs/refs/notes/axdiff"), 0o640)
        XCTAssertEqual(mode(fixture.gitDir + "/refs/notes"), 0o2750)
        let blob = try fixture.git(["rev-parse", "refs/notes/axdiff:" + commits[0].hex.prefix(2) + "/" + commits[0].hex.dropFirst(2)])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(mode(fixture.gitDir + "/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)), 0o440)
        XCTAssertEqual(mode(fixture.gitDir + "/objects/" + blob.prefix(2)), 0o2750)
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }
}
