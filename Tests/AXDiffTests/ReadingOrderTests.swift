import AXDiff
import AXSnapshot
import XCTest

/// The Reading Order Drift seed and DESIGN §6.
final class ReadingOrderTests: XCTestCase {
    let payment: [Node] = [S.text("Payment failed"), S.field("Card number", id: "card_field"), S.button("Try again"), S.button("Support")]

    func testRecoveryReadBeforeTheErrorIsARegression() {
        let d = S.diff(payment, [S.button("Try again"), S.text("Payment failed"), S.field("Card number", id: "card_field"), S.button("Support")])
        let r = d.first(.orderRegressed)
        XCTAssertEqual(r?.severity, .error)
        XCTAssertEqual(r?.wcag, ["1.3.2", "2.4.3"])
        XCTAssertTrue(r?.message.hasPrefix("\"Try again\" is now read before \"Payment failed\"") ?? false, r?.message ?? "nil")
        XCTAssertEqual(r?.before, "Payment failed › Card number › Try again › Support")
        XCTAssertEqual(r?.after, "Try again › Payment failed › Card number › Support")
        XCTAssertEqual(d.moves.count, 1)
    }

    func testPriceBeforeProductNameAgainstTheLayoutIsARegression() {
        // Frames stay; the spoken order changes so the price is read before the name above it.
        let name = S.text("Jasmine tea", y: 100), price = S.text("$4.50", y: 130)
        let fav = S.button("Add Jasmine tea to favorites", y: 160), add = S.button("Add Jasmine tea to cart", y: 210)
        let d = S.diff([name, price, fav, add], [price, fav, name, add])
        let r = d.all(.orderRegressed)
        XCTAssertFalse(r.isEmpty)
        XCTAssertTrue(r.contains { $0.message.contains("\"Jasmine tea\"") }, r.map(\.message).joined(separator: "\n"))
    }

    func testMovingAnElementVisuallyWhileTheSpokenOrderStaysIsARegression() {
        // "An explicit order was set once and not updated after a redesign."
        let old = [S.text("Title", y: 10), S.text("Subtitle", y: 40), S.button("Buy", y: 80)]
        let new = [S.text("Title", y: 10), S.text("Subtitle", y: 120), S.button("Buy", y: 80)]
        let d = S.diff(old, new)
        XCTAssertTrue(d.moves.isEmpty)
        XCTAssertNotNil(d.first(.orderRegressed), d.changes.map(\.message).joined(separator: "\n"))
    }

    func testDeliberateInversionAlreadyPresentIsNotARegression() {
        // Old already reads "Subtitle" (lower) before "Title"; a benign move elsewhere must not flag it.
        let old = [S.text("Subtitle", y: 40), S.text("Title", y: 10), S.text("A", y: 100), S.text("B", y: 100, x: 200)]
        let new = [S.text("Subtitle", y: 40), S.text("Title", y: 10), S.text("B", y: 100, x: 200), S.text("A", y: 100)]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.orderRegressed).count, 1, d.changes.map(\.message).joined(separator: "\n"))
        // Of the two stops that could be blamed, the one now read later is.
        XCTAssertEqual(d.first(.orderRegressed)?.elements.map(\.label), ["A"])
        XCTAssertTrue(d.first(.orderRegressed)?.message.hasPrefix("\"A\" is now read after \"B\" — on screen it comes between \"Subtitle\" and \"B\"") ?? false,
                      d.first(.orderRegressed)?.message ?? "nil")
    }

    func testRowsWithinSevenPointsReadLeadingToTrailing() {
        // Tops differ by 5 pt: one row, so left before right; swapping them is a regression.
        let left = S.text("Left", y: 100, x: 10), right = S.text("Right", y: 105, x: 200)
        XCTAssertNotNil(S.diff([left, right], [right, left]).first(.orderRegressed))
        // Tops differ by 30 pt: two rows; the lower-right item read second is fine either way it started.
        let lower = S.text("Right", y: 130, x: 200)
        XCTAssertNil(S.diff([lower, left], [left, lower]).first(.orderRegressed))
    }

    func testRightToLeftLayoutsReadTrailingFirst() {
        let right = S.text("Name", y: 100, x: 250), left = S.text("Price", y: 100, x: 10)
        // Under RTL the right-hand item is read first: moving it after the left one regresses.
        XCTAssertNotNil(S.diff([right, left], [left, right], rtl: true).first(.orderRegressed))
        XCTAssertNil(S.diff([left, right], [right, left], rtl: true).first(.orderRegressed))
    }

    func testContainersArePlacedByTheirOwnFrame() {
        // Two cards side by side; inside each, spoken order follows the card. Swapping
        // the cards' contents in the spoken order regresses the visual reference.
        let a = S.group([S.text("A1", y: 10, x: 10), S.text("A2", y: 40, x: 10)], y: 0)
        let b = S.group([S.text("B1", y: 210, x: 10), S.text("B2", y: 240, x: 10)], y: 200)
        XCTAssertNotNil(S.diff([a, b], [b, a]).first(.orderRegressed))
    }

    func testActionBeforeItsObjectIsARegression() {
        let old = [S.text("Jasmine tea"), S.button("Add Jasmine tea to cart")]
        let d = S.diff(old, [S.button("Add Jasmine tea to cart"), S.text("Jasmine tea")])
        XCTAssertTrue(d.first(.orderRegressed)?.message.contains("object") ?? false, d.changes.map(\.message).joined(separator: "\n"))
    }

    func testContractFromConfiguration() {
        var config = DiffPolicy()
        config.contracts = [Contract(screen: "Scr*", order: ["Payment failed", "card_field", "Try again", "Support"])]
        let old = [S.text("Intro"), S.button("Support"), S.text("Payment failed"), S.field("Card", id: "card_field"), S.button("Try again")]
        let new = [S.text("Intro"), S.text("Payment failed"), S.field("Card", id: "card_field"), S.button("Support"), S.button("Try again")]
        // Old already broke "Support" last; moving "Support" after "Card" still breaks it against "Try again", so no new regression…
        XCTAssertNil(S.diff(old, new, policy: config).first(.orderRegressed))
        // …but reading "Try again" before the card does.
        let worse = [S.text("Intro"), S.button("Support"), S.text("Payment failed"), S.button("Try again"), S.field("Card", id: "card_field")]
        let r = S.diff(old, worse, policy: config).first(.orderRegressed)
        XCTAssertTrue(r?.message.contains("contract") ?? false, r?.message ?? "nil")
    }
}
