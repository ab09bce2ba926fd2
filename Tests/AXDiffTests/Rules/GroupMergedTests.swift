import AXDiff
import AXSnapshot
import XCTest

/// `group.merged` (Rules/GroupMerged.swift): several stops are read as one;
/// text and images folded together is the Label Soup fix.
final class GroupMergedTests: XCTestCase {
    func testTheSoupsTextReadAsOneIsAnImprovement() {
        let d = S.diff([S.text("Order 1042"), S.text("Delivered"), S.text("$24.80")], [S.text("Order 1042, Delivered, $24.80")])
        XCTAssertEqual(d.kinds(), [.groupMerged], "\(d.changes.map(\.message))")
        let c = d.first(.groupMerged)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, ["1.3.1"])
        XCTAssertEqual(c?.improvement, true)
        XCTAssertEqual(c?.elements.map(\.label), ["Order 1042, Delivered, $24.80", "Order 1042", "Delivered", "$24.80"])
        XCTAssertEqual(c?.before, "Order 1042 › Delivered › $24.80")
        XCTAssertEqual(c?.after, "Order 1042, Delivered, $24.80")
        XCTAssertEqual(c?.message, "3 stops are now read as one: \"Order 1042, Delivered, $24.80\"")
    }

    func testAHeadingFoldedInIsNoImprovement() {
        let d = S.diff([Node(role: .heading, label: "Orders"), S.text("3 open")], [S.text("Orders 3 open")])
        XCTAssertEqual(d.kinds(), [.groupMerged], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.groupMerged)?.improvement, false)
    }
}
