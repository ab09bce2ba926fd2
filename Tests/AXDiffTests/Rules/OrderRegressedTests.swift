import AXDiff
import AXSnapshot
import XCTest

/// `order.regressed` (Rules/OrderRegressed.swift): a moved stop now breaks a
/// reference the old order kept. Which stops moved is the order analysis's
/// (OneChangePerMoveTests, ReadingOrderTests); here, the rule's words.
final class OrderRegressedTests: XCTestCase {
    func testRecoveryReadBeforeTheErrorNamesTheMovedStopAndWhatItBreaks() {
        let payment = [S.text("Payment failed"), S.field("Card number", id: "card_field"), S.button("Try again"), S.button("Support")]
        let d = S.diff(payment, [S.button("Try again"), S.text("Payment failed"), S.field("Card number", id: "card_field"), S.button("Support")])
        XCTAssertEqual(d.changes.count, 1, "\(d.changes.map(\.message))")
        let r = d.first(.orderRegressed)
        XCTAssertEqual(r?.severity, .error)
        XCTAssertEqual(r?.wcag, ["1.3.2", "2.4.3"])
        XCTAssertEqual(r?.elements.map(\.label), ["Try again"])
        XCTAssertEqual(r?.message, "\"Try again\" is now read before \"Payment failed\" — the error must be heard before the controls that recover from it (jumped 2 stops)")
        XCTAssertEqual(r?.before, "Payment failed › Card number › Try again › Support")
        XCTAssertEqual(r?.after, "Try again › Payment failed › Card number › Support")
    }

    func testAVisualMoveSaysWhereItWentOnScreen() {
        // "An explicit order was set once and not updated after a redesign."
        let old = [S.text("Title", y: 10), S.text("Subtitle", y: 40), S.button("Buy", y: 80)]
        let d = S.diff(old, [S.text("Title", y: 10), S.text("Subtitle", y: 120), S.button("Buy", y: 80)])
        XCTAssertEqual(d.kinds(), [.orderRegressed], "\(d.changes.map(\.message))")
        let r = d.first(.orderRegressed)
        XCTAssertEqual(r?.elements.map(\.label), ["Subtitle"])
        XCTAssertEqual(r?.message, "\"Subtitle\" moved to the bottom of the screen but is still read second")
        XCTAssertEqual(r?.before, "on screen: Title › Subtitle › Buy")
        XCTAssertEqual(r?.after, "on screen: Title › Buy › Subtitle")
    }
}
