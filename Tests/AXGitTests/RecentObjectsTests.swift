@testable import AXGit
import CLibgit2
import XCTest

/// The commits and trees a handle keeps parsed (`RecentObjects`): reads through a ring of one
/// or two objects, which evicts objects while they are being read, give what the default
/// ring gives and what git says; a kept object is never taken for one of another type.
final class RecentObjectsTests: XCTestCase {
    private let globs = ["Snapshots/**"]

    /// Nested directories, several siblings at each level: listing a tree looks up each
    /// subtree inside the walk of its parent, so a ring of one evicts the parent meanwhile.
    private func history(_ fixture: GitFixture) throws -> [ObjectID] {
        var files: [String: String?] = ["README.md": "readme"]
        for i in 0..<6 {
            for j in 0..<3 { files["Snapshots/d\(i)/e\(j)/f\(i)\(j).json"] = "v1 \(i) \(j)" }
            files["Snapshots/d\(i)/top.json"] = "top \(i)"
        }
        var commits = [try fixture.commit("first", files)]
        commits.append(try fixture.commit("second", ["Snapshots/d1/e2/f12.json": "v2", "Snapshots/d4/top.json": nil,
                                                     "Snapshots/d5/e9/new.json": "new", "README.md": "readme 2"]))
        commits.append(try fixture.commit("third", ["Snapshots/d0/e0/f00.json": "v3", "Snapshots/d3/e1/f31.json": nil]))
        return commits
    }

    func testReadsThroughATinyRingAgreeWithTheDefaultAndWithGit() throws {
        let fixture = try GitFixture()
        let commits = try history(fixture)
        let reference = try fixture.open()
        for capacity in [1, 2] {
            let tiny = try fixture.open()
            tiny.recent = RecentObjects(capacity: capacity)
            for commit in commits {
                let files = try tiny.files(in: commit, matching: globs)
                XCTAssertEqual(files.map(\.path), try reference.files(in: commit, matching: globs).map(\.path))
                let listed = try fixture.git(["ls-tree", "-r", "--name-only", commit.hex, "Snapshots"])
                    .split(separator: "\n").map(String.init)
                XCTAssertEqual(files.map(\.path), listed.sorted(), "capacity \(capacity), commit \(commit.hex)")
                XCTAssertEqual(files.map(\.blob), try listed.sorted().map { try fixture.rev("\(commit.hex):\($0)") })

                let changes = try tiny.changes(in: commit, matching: globs)
                XCTAssertEqual(changes, try reference.changes(in: commit, matching: globs))
                XCTAssertEqual(try tiny.commit(commit).tree, try fixture.rev("\(commit.hex)^{tree}"))
                XCTAssertLessThanOrEqual(tiny.recent.count, capacity)
            }
            // The second commit: one file changed, one deleted, one added under a new directory.
            XCTAssertEqual(try tiny.changes(in: commits[1], matching: globs).map { "\($0.status.rawValue) \($0.path)" },
                           ["modified Snapshots/d1/e2/f12.json", "deleted Snapshots/d4/top.json", "added Snapshots/d5/e9/new.json"])
        }
    }

    /// A tree kept is not a commit, nor a commit a tree: the lookup of the other type fails
    /// as libgit2's does, and the kept object is still there for its own type.
    func testAKeptObjectIsNeverTakenForAnotherType() throws {
        let fixture = try GitFixture()
        let commits = try history(fixture)
        let repository = try fixture.open()
        let tree = try fixture.rev("\(commits[2].hex)^{tree}")
        _ = try repository.files(in: commits[2], matching: globs)     // keeps the commit and its trees
        XCTAssertNotNil(repository.recent.object(tree, type: GIT_OBJECT_TREE))
        XCTAssertNotNil(repository.recent.object(commits[2], type: GIT_OBJECT_COMMIT))
        XCTAssertNil(repository.recent.object(tree, type: GIT_OBJECT_COMMIT))
        XCTAssertThrowsError(try repository.commit(tree)) { error in
            XCTAssertTrue("\(error)".contains(tree.hex), "\(error)")
        }
        XCTAssertThrowsError(try repository.withTree(commits[2]) { _ in 0 })
        XCTAssertEqual(try repository.commit(commits[2]).summary, "third")
        XCTAssertEqual(try repository.withTree(tree) { git_tree_entrycount($0) }, 2)
    }

    /// The ring holds at most its bytes (the newest object always), however many are read,
    /// and reads through a ring that keeps one object at a time are still right.
    func testTheRingKeepsTheNewestWithinItsBytes() throws {
        let fixture = try GitFixture()
        let commits = try history(fixture)
        let repository = try fixture.open()
        let snapshots = try fixture.rev("\(commits[0].hex):Snapshots")
        let oneTree = try repository.withTree(snapshots) { RecentObjects.estimatedSize($0) }
        XCTAssertEqual(oneTree, 64 * 6 + 64, "the Snapshots tree holds 6 directories")
        repository.recent = RecentObjects(capacity: 100, maxBytes: 1_000)
        let files = try repository.files(in: commits[0], matching: globs)
        XCTAssertEqual(files.count, 6 * 4)
        XCTAssertLessThanOrEqual(repository.recent.bytes, 1_000)
        XCTAssertGreaterThan(repository.recent.count, 1)
        repository.recent = RecentObjects(capacity: 100, maxBytes: 1)
        XCTAssertEqual(try repository.files(in: commits[0], matching: globs).map(\.path), files.map(\.path))
        XCTAssertEqual(repository.recent.count, 1)
        XCTAssertEqual(try repository.changes(in: commits[1], matching: globs).count, 3)
        XCTAssertEqual(repository.recent.count, 1)
    }

    /// The ring holds at most its capacity, the newest objects, however many are read.
    func testTheRingKeepsTheNewestUpToItsCapacity() throws {
        let fixture = try GitFixture()
        let commits = try history(fixture)
        let repository = try fixture.open()
        repository.recent = RecentObjects(capacity: 3)
        for commit in commits { _ = try repository.commit(commit) }
        XCTAssertEqual(repository.recent.count, 3)
        _ = try repository.files(in: commits[0], matching: globs)   // the root, Snapshots, 6 + 18 directories
        XCTAssertEqual(repository.recent.count, 3)
        XCTAssertNil(repository.recent.object(commits[2], type: GIT_OBJECT_COMMIT))
        XCTAssertNotNil(repository.recent.object(try fixture.rev("\(commits[0].hex):Snapshots/d5/e2"), type: GIT_OBJECT_TREE))
    }
}
