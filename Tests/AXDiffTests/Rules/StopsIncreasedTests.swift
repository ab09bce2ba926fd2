import AXDiff
import AXSnapshot
import XCTest

/// `stops.increased` only for swipes without new content (Label Soup), not
/// for a list that grew.
final class StopsIncreasedTests: XCTestCase {
    func row(_ n: Int) -> [Node] {
        [S.text("Order \(n), Delivered, $24.80"), S.button("Reorder order \(n)", inputLabels: ["Reorder", "Reorder order \(n)"])]
    }

    func testAListThatGrewByOneRealRowGivesNoWarning() {
        let d = S.diff([S.text("Orders")] + row(1041), [S.text("Orders")] + row(1042) + row(1041))
        XCTAssertNil(d.first(.stopsIncreased), "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).map(\.elements.first?.label), ["Order 1042, Delivered, $24.80", "Reorder order 1042"])
        XCTAssertFalse(d.changes.contains { $0.severity != .note }, "\(d.changes.map(\.message))")
    }

    func testSoupCountsTheSwipesThatCarryNothingNew() {
        let old = [S.text("Orders")] + row(1042)
        let new = [S.text("Orders"), S.image(), S.text("Order 1042"), S.text("Delivered"), S.text("$24.80"), row(1042)[1]]
        let d = S.diff(old, new)
        let grew = d.all(.stopsIncreased)
        XCTAssertEqual(grew.count, 1)
        XCTAssertEqual(grew.first?.before, "3")
        XCTAssertEqual(grew.first?.after, "6")
        XCTAssertEqual(grew.first?.message, "swipes to read the screen grew from 3 to 6; 3 of them carry no new content: 2 from stops split into pieces, 1 decorative image")
    }

    func testARepeatedTextCountsButARealRowBesideItDoesNot() {
        let old = [S.text("Order 1042, Delivered, $24.80")]
        let d = S.diff(old, [S.text("Order 1042, Delivered, $24.80"), S.text("Delivered")])
        XCTAssertEqual(d.first(.stopsIncreased)?.message, "swipes to read the screen grew from 1 to 2; 1 of them carries no new content: 1 repeating a neighbour's text")
        // A repeat beside a real new row still counts, alone.
        let mixed = S.diff(old, [S.text("Order 1042, Delivered, $24.80"), S.text("Delivered"), S.text("Order 1043, Shipped, $9.10")])
        XCTAssertEqual(mixed.first(.stopsIncreased)?.after, "3")
        XCTAssertTrue(mixed.first(.stopsIncreased)?.message.contains("1 of them carries") ?? false)
    }
}
