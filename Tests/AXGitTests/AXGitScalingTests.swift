@testable import AXGit
import AXTestSupport
import Foundation
import XCTest

/// The complexity claims of AXGit's encoders and of the tree diff, each checked as a ratio of
/// times at n and 8n (`Scaling`).
final class AXGitScalingTests: XCTestCase {
    static let seed: UInt64 = 0xA11_6175

    private func ids(_ count: Int, _ rng: inout SeededGenerator) -> [ObjectID] {
        (0..<count).map { _ in ObjectID.seeded(&rng) }
    }

    func testAPackIndexIsEncodedInNLogN() {
        var rng = SeededGenerator(seed: Self.seed)
        XCTAssertNil(Scaling.check("PackIndex.encode of n entries", .linear, n: 5_000, seed: Self.seed) { n in
            let entries = self.ids(n, &rng).enumerated().map { PackIndex.Entry(id: $1, crc: UInt32($0), offset: 12 + 40 * $0) }
            let checksum = [UInt8](repeating: 7, count: ObjectID.byteCount)
            return { _ = try? PackIndex.encode(entries, packChecksum: checksum) }
        })
    }

    /// A tree of n entries: encoding it is linear, finding a name in it logarithmic.
    func testATreeEncodesInLinearTimeAndFindsANameInLogTime() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var rng = SeededGenerator(seed: Self.seed ^ 1)
        func tree(_ n: Int) -> (TreeObject, [String]) {
            var tree = TreeObject()
            // In order, so that building the tree appends (the lookups are what is measured).
            let names = ids(n, &rng).map(\.hex).sorted()
            for (index, name) in names.enumerated() {
                tree.set(name, id: ObjectID(bytes: Array(repeating: UInt8(index & 0xff), count: ObjectID.byteCount)) ?? .zero,
                         mode: TreeObject.blobMode)
            }
            return (tree, names)
        }
        XCTAssertNil(Scaling.check("TreeObject.encoded of n entries", .linear, n: 5_000, seed: Self.seed ^ 1) { n in
            let (built, _) = tree(n)
            return { _ = built.encoded() }
        })
        XCTAssertNil(Scaling.check("TreeObject lookup (insertionPoint) in n entries", .constant, n: 4_096, seed: Self.seed ^ 1) { n in
            let (built, names) = tree(n)
            let probes = (0..<1_000).map { names[($0 &* 7_919) % names.count] }
            return { for name in probes { _ = built[name] } }
        })
    }

    /// A commit that changes one file beside a subtree of n files: the diff reads the trees
    /// that differ, so the unchanged subtree's size does not count.
    func testATreeDiffIgnoresTheSizeOfUnchangedSubtrees() throws {
        var fixtures: [GitFixture] = []
        var commits: [Int: ObjectID] = [:]
        var repositories: [Int: Repository] = [:]
        for n in [500, 4_000] {
            let git = try GitFixture()
            var stream = "commit refs/heads/main\ncommitter T <t@example.com> 1700000000 +0000\ndata 4\nbig\n"
            for index in 0..<n {
                let text = "{\"axsnapshot\": 1, \"elements\": [{\"label\": \"\(index)\"}]}\n"
                stream += "M 100644 inline Big/D\(index / 50)/S\(index).json\ndata \(text.utf8.count)\n\(text)\n"
            }
            stream += "M 100644 inline Small/A.json\ndata 2\n{}\n\n"
            stream += "commit refs/heads/main\ncommitter T <t@example.com> 1700000060 +0000\ndata 6\nsmall\n"
            stream += "M 100644 inline Small/A.json\ndata 3\n{ }\n\n"
            try git.git(["fast-import", "--quiet"], input: stream)
            fixtures.append(git)
            commits[n] = try git.rev("main")
            repositories[n] = try git.open()
        }
        // The fixture's sizes are fixed (a repository per size), so the check runs on them.
        XCTAssertNil(Scaling.check("Repository.changes beside an unchanged subtree of n files", .constant, n: 500) { n in
            guard let repository = repositories[n], let commit = commits[n] else { return {} }
            return { _ = try? repository.changes(in: commit, matching: ["**/*.json"]) }
        })
        let changes = try XCTUnwrap(repositories[4_000]).changes(in: XCTUnwrap(commits[4_000]), matching: ["**/*.json"])
        XCTAssertEqual(changes.map(\.path), ["Small/A.json"])
        _ = fixtures
    }
}
