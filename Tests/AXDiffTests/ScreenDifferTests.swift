import AXDiff
import AXSnapshot
import XCTest

/// What holds for a diff as a whole, whatever rule reports.
final class ScreenDifferTests: XCTestCase {
    func testUnchangedScreenHasNoChanges() {
        let nodes = [S.image(), S.text("Order 1042"), S.button("Reorder"), S.button("Reorder")]
        XCTAssertEqual(S.diff(nodes, nodes).changes, [])
    }
}
