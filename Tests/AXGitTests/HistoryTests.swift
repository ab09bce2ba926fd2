import AXGit
import XCTest

final class HistoryTests: XCTestCase {
    /// A ─ B ─ C ─────── M   (main)
    ///      ╲           ╱
    ///       D ─ E ────      (feature)
    private func makeHistory() throws -> (GitFixture, [String: ObjectID]) {
        let fixture = try GitFixture()
        var ids = [String: ObjectID]()
        ids["A"] = try fixture.commit("A", ["f": "a"])
        ids["B"] = try fixture.commit("B", ["f": "b"])
        try fixture.git(["checkout", "-q", "-b", "feature"])
        ids["D"] = try fixture.commit("D", ["g": "d"])
        ids["E"] = try fixture.commit("E", ["g": "e"])
        try fixture.git(["checkout", "-q", "main"])
        ids["C"] = try fixture.commit("C", ["f": "c"])
        try fixture.git(["merge", "-q", "--no-ff", "-m", "M", "feature"])
        ids["M"] = try fixture.rev("HEAD")
        return (fixture, ids)
    }

    func testRevparseCommitInfoAndMergeBase() throws {
        let (fixture, ids) = try makeHistory()
        let repository = try fixture.open()
        XCTAssertEqual(try repository.revparse("main"), ids["M"])
        XCTAssertEqual(try repository.revparse("main^1"), ids["C"])
        XCTAssertEqual(try repository.revparse(ids["E"]!.abbreviated(10)), ids["E"])
        XCTAssertGitError(.notFound) { try repository.revparse("no-such-branch") }

        let merge = try repository.commit(ids["M"]!)
        XCTAssertEqual(merge.parents, [ids["C"]!, ids["E"]!])
        XCTAssertTrue(merge.isMerge)
        XCTAssertEqual(merge.summary, "M")
        XCTAssertEqual(merge.authorName, "Test Author")
        XCTAssertEqual(merge.authorEmail, "test@example.com")
        XCTAssertTrue(try repository.commit(ids["A"]!).isRoot)
        XCTAssertEqual(try repository.mergeBase(ids["C"]!, ids["E"]!), ids["B"])
        XCTAssertTrue(try repository.isDescendant(ids["M"]!, of: ids["D"]!))
        XCTAssertFalse(try repository.isDescendant(ids["C"]!, of: ids["D"]!))
    }

    func testTrailers() throws {
        let fixture = try GitFixture()
        try fixture.commit("Move Try again\n\nBody text.\n\nAxdiff-Accept: order.regressed Checkout\nSigned-off-by: A <a@b>")
        let repository = try fixture.open()
        let info = try repository.commit(try repository.revparse("HEAD"))
        XCTAssertEqual(info.summary, "Move Try again")
        XCTAssertEqual(info.trailers, [CommitTrailer(key: "Axdiff-Accept", value: "order.regressed Checkout"),
                                       CommitTrailer(key: "Signed-off-by", value: "A <a@b>")])
    }

    func testReferencesMatchingGlobsArePeeled() throws {
        let (fixture, ids) = try makeHistory()
        try fixture.git(["branch", "topic/nested", ids["D"]!.hex])
        try fixture.git(["tag", "-a", "-m", "release", "v1", ids["B"]!.hex])
        let repository = try fixture.open()
        let heads = try repository.references(matching: ["refs/heads/*"])
        XCTAssertEqual(heads, [Reference(name: "refs/heads/feature", commit: ids["E"]!),
                               Reference(name: "refs/heads/main", commit: ids["M"]!),
                               Reference(name: "refs/heads/topic/nested", commit: ids["D"]!)])
        XCTAssertEqual(try repository.references(matching: ["refs/tags/*", "refs/heads/main"]).map(\.commit),
                       [ids["M"]!, ids["B"]!])
        XCTAssertNil(try repository.referenceTarget("refs/heads/nope"))
        XCTAssertEqual(try repository.referenceTarget("HEAD"), ids["M"])
    }

    func testRevwalkPutsParentsBeforeChildrenAndHides() throws {
        let (fixture, ids) = try makeHistory()
        let repository = try fixture.open()
        let name = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })

        let all = try repository.commits(from: [ids["M"]!])
        XCTAssertEqual(Set(all), Set(ids.values))
        let position = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element, $0.offset) })
        for commit in all {
            for parent in try repository.commit(commit).parents {
                XCTAssertLessThan(position[parent]!, position[commit]!, "\(name[parent]!) must come before \(name[commit]!)")
            }
        }
        XCTAssertEqual(all.first, ids["A"])
        XCTAssertEqual(all.last, ids["M"])

        let hidden = try repository.commits(from: [ids["M"]!], hiding: [ids["C"]!, ObjectID(hex: String(repeating: "1", count: 40))!])
        XCTAssertEqual(hidden.map { name[$0]! }, ["D", "E", "M"])

        let range = try repository.commits(inRange: "\(ids["B"]!.hex)..feature")
        XCTAssertEqual(range.map { name[$0]! }, ["D", "E"])

        // The predicate cuts the walk at B: neither B nor A is reached through C or D.
        let stopAtB = try repository.commits(from: [ids["M"]!], hideWhere: { $0 == ids["B"] })
        XCTAssertEqual(Set(stopAtB.map { name[$0]! }), ["C", "D", "E", "M"])
        // Unlike `hiding`, ancestors of C reachable another way (through D) are still listed.
        let stopAtC = try repository.commits(from: [ids["M"]!], hideWhere: { $0 == ids["C"] })
        XCTAssertEqual(Set(stopAtC.map { name[$0]! }), ["A", "B", "D", "E", "M"])
        XCTAssertEqual(try repository.commits(from: [ids["M"]!], hideWhere: { $0 == ids["M"] }), [])
    }
}
