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

final class GroupSplitIntoListTests: XCTestCase {
    /// A run of stats split into the items of a named list (what a screen reader announces
    /// as "Statistics, list, 3 items"): a note, and no Label Soup.
    func testASplitIntoListItemsIsANote() {
        let old = [S.text("Serde"), S.text("All-Time Downloads: 120 Recent Downloads: 40 Updated: today")]
        let new = [S.text("Serde"), Node(role: .list, label: "Statistics", children: [
            Node(role: .listItem, label: "All-Time Downloads: 120"), Node(role: .listItem, label: "Recent Downloads: 40"),
            Node(role: .listItem, label: "Updated: today"),
        ])]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.groupSplit).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.groupSplit)?.severity, .note)
        XCTAssertEqual(d.first(.groupSplit)?.message, "\"All-Time Downloads: 120 Recent Downloads: 40 Updated: today\" is now read as 3 separate stops, the items of a list")
        XCTAssertEqual(d.all(.stopsIncreased).count, 0)
    }

    func testASplitIntoPlainTextsIsStillAWarning() {
        let d = S.diff([S.text("Order 1042, Delivered")], [S.text("Order 1042"), S.text("Delivered")])
        XCTAssertEqual(d.first(.groupSplit)?.severity, .warning)
        XCTAssertEqual(d.all(.stopsIncreased).count, 1)
    }
}
