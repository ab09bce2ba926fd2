import AXDiff
import AXSnapshot
import XCTest

/// `order.improved` (Rules/OrderImproved.swift): a moved stop repairs a
/// reference the old order broke, and breaks none.
final class OrderImprovedTests: XCTestCase {
    func testMovingTheRecoveryAfterTheErrorIsAnImprovement() {
        let d = S.diff([S.button("Try again"), S.text("Payment failed"), S.text("Details")],
                       [S.text("Payment failed"), S.text("Details"), S.button("Try again")])
        XCTAssertEqual(d.kinds(), [.orderImproved], "\(d.changes.map(\.message))")
        let c = d.first(.orderImproved)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, [])
        XCTAssertEqual(c?.improvement, true)
        XCTAssertEqual(c?.elements.map(\.label), ["Try again"])
        XCTAssertEqual(c?.message, "\"Try again\" is now read after \"Details\" — the error \"Payment failed\" is heard before it, as it should be (jumped 2 stops)")
    }

    func testTheReverseOfARegressionIsAnImprovement() {
        let broken = [S.button("Pay now"), S.field("Card number"), S.text("Payment failed"), S.button("Support")]
        let good = [S.text("Payment failed"), S.field("Card number"), S.button("Pay now"), S.button("Support")]
        XCTAssertNotNil(S.diff(good, broken).first(.orderRegressed))
        let fix = S.diff(broken, good)
        XCTAssertNil(fix.first(.orderRegressed))
        XCTAssertFalse(fix.all(.orderImproved).isEmpty)
        XCTAssertTrue(fix.all(.orderImproved).allSatisfy { $0.improvement && $0.severity == .note })
    }
}
