import AXDiff
import AXSnapshot
import XCTest

/// `stop.removed` (Rules/StopRemoved.swift): a stop disappeared; a
/// decorative image that no longer takes a swipe is an improvement.
final class StopRemovedTests: XCTestCase {
    func testARemovedStopSaysWhatWasRead() {
        let d = S.diff([S.text("Sign in"), S.button("Help"), S.button("Continue")], [S.text("Sign in"), S.button("Continue")])
        XCTAssertEqual(d.kinds(), [.stopRemoved], "\(d.changes.map(\.message))")
        let c = d.first(.stopRemoved)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.elements.map(\.label), ["Help"])
        XCTAssertEqual(c?.before, "Help, button")
        XCTAssertEqual(c?.message, "stop \"Help, button\" was removed")
    }

    func testRemovingADecorativeImageIsAnImprovement() {
        let d = S.diff([S.image(), S.text("Order 1042")], [S.text("Order 1042")])
        XCTAssertEqual(d.kinds(), [.stopRemoved])
        XCTAssertEqual(d.first(.stopRemoved)?.improvement, true)
        XCTAssertEqual(d.first(.stopRemoved)?.message, "the decorative image at stop 1 no longer takes a swipe")
    }
}
