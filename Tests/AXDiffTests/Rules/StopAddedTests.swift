import AXDiff
import AXSnapshot
import XCTest

/// `stop.added` (Rules/StopAdded.swift): a new stop with nothing else to say about it.
final class StopAddedTests: XCTestCase {
    func testANewStopSaysWhatItReadsAndWhere() {
        let d = S.diff([S.text("Sign in"), S.button("Continue")], [S.text("Sign in"), S.button("Help"), S.button("Continue")])
        XCTAssertEqual(d.kinds(), [.stopAdded], "\(d.changes.map(\.message))")
        let c = d.first(.stopAdded)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, [])
        XCTAssertEqual(c?.elements.map(\.label), ["Help"])
        XCTAssertEqual(c?.after, "Help, button")
        XCTAssertNil(c?.before)
        XCTAssertEqual(c?.message, "new stop \"Help, button\" at position 2")
    }

    func testANewScreenListsNoStopsAdded() {
        let d = ScreenDiffer.diff(old: nil, new: S.screen([S.text("Sign in"), S.button("Continue")]), path: "Snapshots/Screen.json")
        XCTAssertEqual(d.kinds(), [.screenAdded])
    }
}
