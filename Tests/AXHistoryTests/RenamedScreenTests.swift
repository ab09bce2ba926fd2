@testable import AXHistory
import AXGit
import AXDiff
import AXTestSupport
import Foundation
import XCTest

/// A snapshot file moved in a commit is one screen renamed (DESIGN §4): said
/// once, and its contents compared with the old file's.
final class RenamedScreenTests: XCTestCase {
    let stops = [("heading", "Your order"), ("text", "Order 1042"), ("text", "Delivered"), ("button", "Track parcel"),
                 ("button", "Close"), ("text", "Need help?"), ("link", "Contact us")]

    func testAMovedFileIsOneRenamedScreenWhoseChangeIsCompared() throws {
        let repo = try GitFixture(self)
        try repo.commit("first", ["Snapshots/Toast.json": screenJSON("Toast", stops), "Snapshots/Other.json": screenJSON("Other", [("text", "Hi")])])
        var renamed = stops
        renamed[4] = ("button", "Dismiss")
        let head = try repo.commit("move the toast", ["Snapshots/Order/Toast.json": screenJSON("Toast", renamed)],
                                   remove: ["Snapshots/Toast.json"])
        let analysis = try CommitAnalyzer(repository: try Repository.open(path: repo.path)).analyze(XCTUnwrap(ObjectID(hex: head)))
        let kinds = analysis.report.screens.flatMap(\.changes).map(\.kind.rawValue)
        XCTAssertEqual(kinds.sorted(), ["label.changed", "screen.renamed"], analysis.note)
        XCTAssertTrue(analysis.note.contains("moved from Snapshots/Toast.json to Snapshots/Order/Toast.json"), analysis.note)
        XCTAssertTrue(analysis.note.contains("Dismiss"), analysis.note)
    }

    func testAFileReplacedByAnotherScreenIsRemovedAndAdded() throws {
        let repo = try GitFixture(self)
        try repo.commit("first", ["Snapshots/Toast.json": screenJSON("Toast", stops)])
        let other = [("heading", "Settings"), ("toggle", "Dark mode"), ("button", "Sign out")]
        let head = try repo.commit("replace", ["Snapshots/Settings.json": screenJSON("Settings", other)], remove: ["Snapshots/Toast.json"])
        let analysis = try CommitAnalyzer(repository: try Repository.open(path: repo.path)).analyze(XCTUnwrap(ObjectID(hex: head)))
        let kinds = analysis.report.screens.flatMap(\.changes).map(\.kind.rawValue)
        XCTAssertEqual(kinds.sorted(), ["screen.added", "screen.removed"], analysis.note)
    }

    func testRenamesArePairedOneToOneByTheBestShare() throws {
        let repo = try GitFixture(self)
        let a = [("text", "Alpha one"), ("text", "Alpha two"), ("button", "Alpha go")]
        let b = [("text", "Beta one"), ("text", "Beta two"), ("button", "Beta go")]
        try repo.commit("first", ["Snapshots/A.json": screenJSON("A", a), "Snapshots/B.json": screenJSON("B", b)])
        let head = try repo.commit("move both", ["Snapshots/x/A.json": screenJSON("A", a), "Snapshots/x/B.json": screenJSON("B", b)],
                                   remove: ["Snapshots/A.json", "Snapshots/B.json"])
        let analysis = try CommitAnalyzer(repository: try Repository.open(path: repo.path)).analyze(XCTUnwrap(ObjectID(hex: head)))
        let changes = analysis.report.screens.flatMap(\.changes)
        XCTAssertEqual(changes.map(\.kind.rawValue), ["screen.renamed", "screen.renamed"], analysis.note)
        XCTAssertEqual(Set(changes.map { "\($0.before ?? "")>\($0.after ?? "")" }),
                       ["Snapshots/A.json>Snapshots/x/A.json", "Snapshots/B.json>Snapshots/x/B.json"])
    }
}
