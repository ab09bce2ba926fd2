@testable import AXDiff
import AXSnapshot
import XCTest

/// `screen.renamed` (Rules/ScreenRenamed.swift): a snapshot file moved; said once,
/// and the contents compared with the old file's.
final class ScreenRenamedTests: XCTestCase {
    let old = S.screen([S.text("Saved"), S.button("Close"), S.button("Undo")], name: "Toast")

    func testAMovedFileIsOneNoteAndItsContentsAreCompared() {
        let new = S.screen([S.text("Saved"), S.button("Dismiss"), S.button("Undo")], name: "Toast")
        let d = ScreenDiffer.diff(old: PreparedVersion(old), new: PreparedVersion(new), path: "Snapshots/Order/Toast.json",
                                  policy: DiffPolicy(), renamedFrom: "Snapshots/Toast.json")
        XCTAssertEqual(d.kinds().sorted(), [.labelChanged, .screenRenamed])
        let c = d.first(.screenRenamed)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.before, "Snapshots/Toast.json")
        XCTAssertEqual(c?.after, "Snapshots/Order/Toast.json")
        XCTAssertEqual(c?.message, "the snapshot of \"Toast\" moved from Snapshots/Toast.json to Snapshots/Order/Toast.json")
    }

    func testTheShareOfStopsDecidesWhatIsTheSameScreen() {
        let same = S.screen([S.text("Saved"), S.button("Dismiss"), S.button("Undo")], name: "Toast")
        let other = S.screen([S.text("Settings"), S.button("Sign out")], name: "Settings")
        // Two of three stops read alike ("Close" became "Dismiss").
        XCTAssertEqual(ScreenDiffer.sameScreenShare(old: PreparedVersion(old), new: PreparedVersion(same)), 2.0 / 3, accuracy: 0.001)
        XCTAssertEqual(ScreenDiffer.sameScreenShare(old: PreparedVersion(old), new: PreparedVersion(old)), 1, accuracy: 0.001)
        XCTAssertLessThan(ScreenDiffer.sameScreenShare(old: PreparedVersion(old), new: PreparedVersion(other)), ScreenDiffer.renameThreshold)
    }

    /// `renameThreshold` at its edge: three of five stops alike is one screen moved, four of seven is not.
    func testThreeOfFiveStopsAlikeIsTheSameScreenAndFourOfSevenIsNot() {
        func share(_ kept: [String], _ old: [String], _ new: [String]) -> Double {
            ScreenDiffer.sameScreenShare(old: PreparedVersion(S.screen((kept + old).map { S.button($0) }, name: "A")),
                                         new: PreparedVersion(S.screen((kept + new).map { S.button($0) }, name: "B")))
        }
        let threeOfFive = share(["Alpha", "Bravo", "Charlie"], ["Delta", "Echo"], ["Xray", "Yankee"])
        XCTAssertEqual(threeOfFive, 0.6, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(threeOfFive, ScreenDiffer.renameThreshold)
        let fourOfSeven = share(["Alpha", "Bravo", "Charlie", "Delta"], ["Echo", "Foxtrot", "Golf"], ["Xray", "Yankee", "Zulu"])
        XCTAssertEqual(fourOfSeven, 4.0 / 7, accuracy: 1e-9)
        XCTAssertLessThan(fourOfSeven, ScreenDiffer.renameThreshold)
    }

    func testSilencedByTheConfiguration() {
        var config = DiffPolicy()
        config.severity[.screenRenamed] = .off
        let d = ScreenDiffer.diff(old: PreparedVersion(old), new: PreparedVersion(old), path: "b.json", policy: config, renamedFrom: "a.json")
        XCTAssertEqual(d.changes, [])
    }
}
