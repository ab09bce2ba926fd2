import AXDiff
import AXSnapshot
import XCTest

/// `screen.added` (Rules/ScreenAdded.swift): a snapshot of a new screen.
final class ScreenAddedTests: XCTestCase {
    func testANewScreenIsOneNoteWithItsSwipeCount() {
        let d = ScreenDiffer.diff(old: nil, new: S.screen([S.text("Sign in"), S.field("Email"), S.button("Continue")], name: "Login"),
                                  path: "Snapshots/Login.json")
        XCTAssertEqual(d.kinds(), [.screenAdded], "a new screen's stops are not each added: \(d.changes.map(\.message))")
        let c = d.first(.screenAdded)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.screen, "Login")
        XCTAssertEqual(c?.after, "3 stops")
        XCTAssertEqual(c?.message, "new screen \"Login\" with 3 stops")
    }

    func testAScreenThatWasThereIsNotAdded() {
        XCTAssertNil(S.diff([S.text("Sign in")], [S.text("Sign in"), S.button("Go")]).first(.screenAdded))
    }
}
