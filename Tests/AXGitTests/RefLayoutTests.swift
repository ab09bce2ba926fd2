import AXGit
import Foundation
import XCTest

/// `RefLayout` names the directories git writes to when refs move, read from real
/// repositories and a worktree made with the git CLI; `RefName` spells the refs.
final class RefLayoutTests: XCTestCase {
    private func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    /// Without worktrees the git directory is the one root; every directory under `refs/` is
    /// named, a new one (`refs/heads/feature/`) once a ref is written there, and the walk
    /// stops at the limit.
    func testTheDirectoriesUnderRefsAreNamedAndBounded() throws {
        let fixture = try GitFixture()
        _ = try fixture.git(["commit", "-q", "--allow-empty", "-m", "first"])
        let layout = RefLayout(try fixture.open())
        XCTAssertEqual(layout.roots.count, 1)
        let before = Set(layout.directories(limit: 4096).map(real))
        let gitDir = real(fixture.path + "/.git")
        XCTAssertTrue(before.isSuperset(of: [gitDir, gitDir + "/refs", gitDir + "/refs/heads", gitDir + "/refs/tags"]), "\(before)")
        XCTAssertFalse(before.contains(gitDir + "/refs/heads/feature"))
        _ = try fixture.git(["branch", "feature/one"])
        let after = Set(layout.directories(limit: 4096).map(real))
        XCTAssertEqual(after.subtracting(before), [gitDir + "/refs/heads/feature"])
        XCTAssertEqual(layout.directories(limit: 3).count, 3)
    }

    /// A worktree has its own git directory (its `HEAD`) beside the common one (`refs/`,
    /// `packed-refs`): both are roots, the worktree's first.
    func testAWorktreeHasTwoRoots() throws {
        let fixture = try GitFixture()
        _ = try fixture.git(["commit", "-q", "--allow-empty", "-m", "first"])
        let other = fixture.path + "-worktree"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: other) }
        _ = try fixture.git(["worktree", "add", "-q", "-b", "side", other])
        let layout = RefLayout(try Repository.open(path: other))
        XCTAssertEqual(layout.roots.map(real), [real(fixture.path + "/.git/worktrees/" + URL(fileURLWithPath: other).lastPathComponent),
                                                real(fixture.path + "/.git")])
        XCTAssertEqual(RefLayout.namesThatCount, ["packed-refs", "HEAD", "refs"])
    }

    func testRefNames() {
        XCTAssertEqual(RefName.branch("main"), "refs/heads/main")
        XCTAssertEqual(RefName.branchName("refs/heads/feature/one"), "feature/one")
        XCTAssertNil(RefName.branchName("refs/remotes/origin/main"))
        XCTAssertEqual(RefName.remoteBranch("main", on: "origin"), "refs/remotes/origin/main")
        XCTAssertEqual(RefName.remoteBranches(of: "up"), "refs/remotes/up/*")
        XCTAssertEqual(RefName.remoteNotes("refs/notes/team/axdiff", of: "origin"), "refs/notes/remotes/origin/axdiff")
        XCTAssertEqual(Repository.defaultNotesRef, "refs/notes/axdiff")
        XCTAssertTrue(RefName.isNotesRef("refs/notes/axdiff"))
        for bad in ["refs/heads/axdiff", "refs/notes/../heads/x", "refs/notes/a b", "notes/axdiff"] {
            XCTAssertFalse(RefName.isNotesRef(bad), bad)
        }
    }
}
