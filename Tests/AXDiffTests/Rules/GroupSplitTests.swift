import AXDiff
import AXSnapshot
import XCTest

/// `group.split` (Rules/GroupSplit.swift): one stop became several, the way
/// Label Soup starts.
final class GroupSplitTests: XCTestCase {
    func testACardReadAsThreePieces() {
        let d = S.diff([S.text("Order 1042, Delivered, $24.80")], [S.text("Order 1042"), S.text("Delivered"), S.text("$24.80")])
        let split = d.all(.groupSplit)
        XCTAssertEqual(split.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(split.first?.severity, .warning)
        XCTAssertEqual(split.first?.wcag, ["1.3.1"])
        XCTAssertEqual(split.first?.elements.map(\.label), ["Order 1042", "Delivered", "$24.80"])
        XCTAssertEqual(split.first?.before, "Order 1042, Delivered, $24.80")
        XCTAssertEqual(split.first?.after, "Order 1042 › Delivered › $24.80")
        XCTAssertEqual(split.first?.message, "\"Order 1042, Delivered, $24.80\" is now read as 3 separate stops")
        XCTAssertEqual(d.kinds().sorted(), [.groupSplit, .stopsIncreased], "the two extra swipes are Label Soup")
    }
}
