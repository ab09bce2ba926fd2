import AXDiff
import AXSnapshot
import XCTest

/// `group.control-merged` (Rules/GroupControlMerged.swift): a control was
/// folded into a combined stop (Over Grouped Control).
final class GroupControlMergedTests: XCTestCase {
    func testControlFoldedIntoACombinedStopIsAnError() {
        let old = [S.text("Notifications"), Node(id: "notif_toggle", role: .toggle, label: "Notifications", value: "1")]
        let combined = Node(role: .cell, label: "Notifications", element: true, children: [
            S.text("Notifications"), Node(id: "notif_toggle", role: .toggle, value: "1"),
        ])
        let d = S.diff(old, [combined])
        // The cell absorbed both the toggle (its id is inside) and the text beside it (its words
        // are the cell's): one merge, neither a role change nor a removal.
        XCTAssertEqual(d.kinds(), [.groupControlMerged], "not also group.merged: \(d.changes.map(\.message))")
        let c = d.first(.groupControlMerged)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["4.1.2"])
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.elements.map(\.role), [.cell, .text, .toggle], "the combined stop, then what it absorbed")
        XCTAssertEqual(c?.before, "Notifications › Notifications")
        XCTAssertEqual(c?.message, "the toggle \"Notifications\" was folded into \"Notifications\" and can no longer be operated on its own")
    }
}
