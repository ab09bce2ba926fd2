import AXTestSupport
import Foundation
import XCTest

/// An ARIA snapshot has no ids: an accept trailer names its element by label,
/// and a stop that lost its label by the label it had.
final class AcceptByLabelTests: XCTestCase {
    static let pairs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/examples/pairs/web")

    private func pair(_ name: String) throws -> (String, String) {
        (try String(contentsOf: Self.pairs.appendingPathComponent("\(name)-before.aria.yml"), encoding: .utf8),
         try String(contentsOf: Self.pairs.appendingPathComponent("\(name)-after.aria.yml"), encoding: .utf8))
    }

    func testTheSuggestedTrailersNameEachElementAndAcceptExactlyIt() throws {
        let (shareBefore, shareAfter) = try pair("share"), (cardBefore, cardAfter) = try pair("card")
        let repo = try GitFixture(self)
        try repo.commit("Screens", ["Snapshots/share.aria.yml": shareBefore, "Snapshots/card.aria.yml": cardBefore])
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.commit("Icons and order", ["Snapshots/share.aria.yml": shareAfter, "Snapshots/card.aria.yml": cardAfter])

        let failed = try CLI.run(["check", "--repo", repo.path])
        XCTAssertEqual(failed.code, 1, failed.err)
        XCTAssertTrue(failed.err.contains("--trailer 'Axdiff-Accept: label.lost share#Share receipt'"), failed.err)
        XCTAssertTrue(failed.err.contains("--trailer 'Axdiff-Accept: order.regressed card#Jasmine tea'"), failed.err)

        // Accepting only the lost label leaves the order regression failing, and says nothing about the trailer.
        try repo.commit("Accept the icon\n\nAxdiff-Accept: label.lost share#Share receipt")
        let half = try CLI.run(["check", "--repo", repo.path, "--format", "json"])
        XCTAssertEqual(half.code, 1, half.err)
        XCTAssertFalse(half.out.contains("matches no change"), half.out)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(half.out.utf8)) as? [String: Any])
        let changes = try XCTUnwrap(object["changes"] as? [[String: Any]])
        let accepted = changes.filter { $0["accepted"] as? Bool == true }.compactMap { $0["kind"] as? String }
        XCTAssertEqual(accepted, ["label.lost"])

        // A label that is not there matches nothing, and the report lists the labels that are.
        try repo.commit("Accept a typo\n\nAxdiff-Accept: order.regressed card#Jasmine")
        let typo = try CLI.run(["check", "--repo", repo.path])
        XCTAssertEqual(typo.code, 1)
        XCTAssertTrue(typo.out.contains("matches no change; the order.regressed changes there are about 'Jasmine tea'"), typo.out)

        try repo.commit("Accept the order\n\nAxdiff-Accept: order.regressed card#Jasmine tea")
        let passed = try CLI.run(["check", "--repo", repo.path])
        XCTAssertEqual(passed.code, 0, passed.err)
    }
}
