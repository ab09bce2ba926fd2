import AXDiff
import AXSnapshot
import XCTest

/// `screen.removed` (Rules/ScreenRemoved.swift): a screen's snapshot is gone.
final class ScreenRemovedTests: XCTestCase {
    func testARemovedScreenIsOneNoteWithItsOldSwipeCount() {
        let d = ScreenDiffer.diff(old: S.screen([S.text("Sign in"), S.button("Continue")], name: "Login"), new: nil,
                                  path: "Snapshots/Login.json")
        XCTAssertEqual(d.kinds(), [.screenRemoved])
        let c = d.first(.screenRemoved)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.screen, "Login")
        XCTAssertEqual(c?.before, "2 stops")
        XCTAssertNil(c?.after)
        XCTAssertEqual(c?.message, "screen \"Login\" was removed")
    }

    func testSilencedByTheConfiguration() throws {
        var config = DiffPolicy()
        config.severity[.screenRemoved] = .off
        XCTAssertEqual(ScreenDiffer.diff(old: S.screen([S.text("A")]), new: nil, path: "Snapshots/A.json", policy: config).changes, [])
    }
}
