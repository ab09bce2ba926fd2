import Foundation
import XCTest
import AXTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `core.sharedRepository`: what `axdiff backfill` creates in a repository shared by a group
/// gets git's modes, so the group's next member can write notes with git and with axdiff.
final class SharedRepositoryTests: XCTestCase {
    /// The group sharing the repository, and its second member (no name needed: numeric ids).
    let group: gid_t = 4242
    let member: uid_t = 4243

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode
    }

    /// Every path under `directory`, relative to it.
    private func paths(under directory: String) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? [])
    }

    /// Runs `args` as the group's second member (`setpriv`), with a home whose git
    /// configuration trusts the repository (it belongs to another user).
    private func asMember(_ executable: String, _ args: [String], home: String) throws -> CLI.Result {
        try CLI.run(["--reuid=\(member)", "--regid=\(group)", "--clear-groups", "--", executable] + args,
                    env: ["HOME": home, "GIT_CONFIG_NOSYSTEM": "1"], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    func testWhatAxdiffCreatesInAGroupSharedRepositoryTheGroupCanWrite() throws {
        guard getuid() == 0 else { throw XCTSkip("acting as a second member of the group needs root") }
        let repo = try GitFixture(self)
        // Shared from the start, as `git init --shared=group` makes it (a re-init leaves the
        // directories it made before as they are).
        let gitDir = repo.path + "/.git"
        try FileManager.default.removeItem(atPath: gitDir)
        _ = try repo.git(["init", "-q", "--shared=group", "-b", "main"])
        var commits: [String] = []
        for i in 0..<40 {
            commits.append(try repo.commit("Screen \(i)", ["Snapshots/Home.json": screenJSON("Home", [("button", "Item \(i)"), ("text", "Title")])]))
        }
        XCTAssertEqual(chown(repo.path, 0, group), 0)
        _ = try CLI.run(["-R", ":\(group)", repo.path], executable: URL(fileURLWithPath: "/bin/chown"))
        let before = paths(under: gitDir)

        // A pack of notes (40 notes), then a round of loose objects (2 more commits).
        let first = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(first.code, 0, first.err)
        for i in 40..<42 {
            commits.append(try repo.commit("Screen \(i)", ["Snapshots/Home.json": screenJSON("Home", [("button", "Item \(i)"), ("text", "Title")])]))
        }
        let second = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(second.code, 0, second.err)

        let created = paths(under: gitDir).subtracting(before).filter { !$0.hasPrefix("logs/HEAD") && !$0.hasPrefix("logs/refs/heads") }
        let axdiffMade = created.filter { $0.hasPrefix("refs/notes") || $0.hasPrefix("logs/refs/notes") || $0.hasPrefix("axdiff-")
            || $0.hasPrefix("objects/pack/pack-") }
        XCTAssertTrue(axdiffMade.contains("refs/notes/axdiff"), "\(created.sorted())")
        XCTAssertTrue(axdiffMade.contains { $0.hasSuffix(".pack") }, "\(created.sorted())")
        var checked = 0
        for relative in created.sorted() {
            let m = mode(gitDir + "/" + relative)
            if m & S_IFMT == S_IFDIR {
                XCTAssertEqual(m & 0o2070, 0o2070, "\(relative): \(String(m & 0o7777, radix: 8)) — a directory the group can write, set-group-id")
            } else if m & S_IFMT == S_IFREG {
                XCTAssertEqual(m & 0o040, 0o040, "\(relative): \(String(m & 0o7777, radix: 8)) — readable by the group")
                if m & S_IWUSR != 0 {
                    XCTAssertEqual(m & 0o020, 0o020, "\(relative): \(String(m & 0o7777, radix: 8)) — writable by the group as by its owner")
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
        XCTAssertEqual(mode(gitDir + "/refs/notes") & 0o7777, 0o2775)
        XCTAssertEqual(mode(gitDir + "/refs/notes/axdiff") & 0o777, 0o664)
        XCTAssertEqual(mode(gitDir + "/logs/refs/notes/axdiff") & 0o777, 0o664)

        // The group's next member: git's own notes, and axdiff, both write.
        let home = repo.path + "-home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: home) }
        // libgit2 1.5 takes no `*`: the repository named, as it and git spell it.
        try Data("[safe]\n\tdirectory = *\n\tdirectory = \(repo.path)\n\tdirectory = \(repo.path)/\n[user]\n\tname = Member\n\temail = member@example.com\n".utf8).write(to: URL(fileURLWithPath: home + "/.gitconfig"))
        XCTAssertEqual(chown(home, member, group), 0)
        XCTAssertEqual(chown(home + "/.gitconfig", member, group), 0)
        let byHand = try asMember("/usr/bin/git", ["-C", repo.path, "notes", "--ref=axdiff", "add", "-f", "-m", "by the group", commits[3]], home: home)
        XCTAssertEqual(byHand.code, 0, byHand.err)
        _ = try repo.git(["-c", "safe.directory=*", "commit", "-q", "--allow-empty", "-m", "One more"])
        let memberRun = try asMember(CLI.binary.path, ["backfill", "--repo", repo.path], home: home)
        XCTAssertEqual(memberRun.code, 0, memberRun.err)
        XCTAssertEqual(try repo.git(["notes", "--ref=axdiff", "show", commits[3]]), "by the group\n")
        let noted = try repo.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n").count
        XCTAssertEqual(noted, 43)
        _ = try repo.git(["fsck", "--strict", "--no-progress"])
    }
}
