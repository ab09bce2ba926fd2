import AXDiff
import AXSnapshot
import XCTest

/// `order.changed` (Rules/OrderChanged.swift): a moved stop that breaks and
/// repairs no reference.
final class OrderChangedTests: XCTestCase {
    func testAMoveThatBreaksNothingIsOneWarningNamingTheMovedStop() {
        let d = S.diff([S.text("A"), S.text("B"), S.text("C"), S.text("D")], [S.text("B"), S.text("C"), S.text("D"), S.text("A")])
        XCTAssertEqual(d.kinds(), [.orderChanged], "\(d.changes.map(\.message))")
        let c = d.first(.orderChanged)
        XCTAssertEqual(c?.severity, .warning)
        XCTAssertEqual(c?.wcag, ["1.3.2"])
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.elements.map(\.label), ["A"])
        XCTAssertEqual(c?.message, "\"A\" is now read after \"D\" (jumped 3 stops)")
        XCTAssertEqual(c?.before, "A › B › C › D")
        XCTAssertEqual(c?.after, "B › C › D › A")
        XCTAssertEqual(d.moves.count, 1)
    }

    func testBenignMoveIsOrderChanged() {
        let d = S.diff([S.text("One"), S.text("Two"), S.text("Three")], [S.text("Two"), S.text("One"), S.text("Three")])
        XCTAssertNil(d.first(.orderRegressed))
        XCTAssertEqual(d.all(.orderChanged).count, 1)
        XCTAssertEqual(d.moves.count, 1)
    }
}
