import AXDiff
import AXSnapshot
import XCTest

/// DESIGN §6, "One change per moved stop": each moved stop yields at most one
/// order change, whose first element is the moved stop; a stop that stayed
/// is never blamed.
final class OneChangePerMoveTests: XCTestCase {
    /// A settings list: one column of 44 pt rows, each row a button with an id.
    static func row(_ i: Int, y: Double) -> Node {
        Node(id: "setting_\(i)", role: .button, label: "Setting \(i)", frame: Frame(x: 0, y: y, width: 390, height: 44))
    }

    static func list(_ order: [Int], y: (Int) -> Double) -> [Node] { order.map { row($0, y: y($0)) } }

    static func orderChanges(_ d: ScreenDiff) -> [Change] { d.changes.filter { $0.kind.isOrder } }

    func testOneSpokenMoveInAThirtyRowListIsOneChangeNamingTheRow() {
        let rows = Array(0..<30)
        var spoken = rows
        spoken.insert(spoken.remove(at: 2), at: 25)
        let d = S.diff(Self.list(rows) { 44 * Double($0) }, Self.list(spoken) { 44 * Double($0) })
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.count, 1, order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(order.first?.kind, .orderRegressed)
        XCTAssertEqual(order.first?.elements.map(\.label), ["Setting 2"])
        XCTAssertEqual(order.first?.message,
                       "\"Setting 2\" is now read after \"Setting 25\" — on screen it comes between \"Setting 1\" and \"Setting 3\" (jumped 23 stops)")
        // At most three stops either side, whatever the list's length.
        XCTAssertEqual(order.first?.before, "Setting 0 › Setting 1 › Setting 2 › Setting 3 › Setting 4 › Setting 5 › …")
        XCTAssertEqual(order.first?.after, "… › Setting 23 › Setting 24 › Setting 25 › Setting 2 › Setting 26 › Setting 27 › Setting 28 › …")
        XCTAssertEqual(order.first?.afterWindow?.names[order.first?.afterWindow?.focus ?? 0], "Setting 2")
        XCTAssertEqual(d.changes.count, 1)
    }

    func testOneVisualMoveInAThirtyRowListIsOneChangeSayingWhatHappenedOnScreen() {
        let rows = Array(0..<30)
        // "Setting 2" is drawn at the bottom; the rows after it close up; the spoken order stays.
        let y: (Int) -> Double = { $0 == 2 ? 44 * 29 : 44 * Double($0 < 2 ? $0 : $0 - 1) }
        let d = S.diff(Self.list(rows) { 44 * Double($0) }, Self.list(rows, y: y))
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.count, 1, order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(order.first?.kind, .orderRegressed)
        XCTAssertEqual(order.first?.elements.map(\.label), ["Setting 2"])
        XCTAssertEqual(order.first?.message, "\"Setting 2\" moved to the bottom of the screen but is still read third")
        XCTAssertEqual(order.first?.after, "on screen: … › Setting 27 › Setting 28 › Setting 29 › Setting 2")
        XCTAssertEqual(d.visualMoves.map(\.to), [2])
        XCTAssertTrue(d.moves.isEmpty)
    }

    func testARealReorderOfTheListIsOneOrderChangedWarning() {
        let rows = Array(0..<30)
        var spoken = rows
        spoken.insert(spoken.remove(at: 2), at: 25)
        // The list is laid out in its new order: spoken and visual agree.
        let place = Dictionary(uniqueKeysWithValues: spoken.enumerated().map { ($1, 44 * Double($0)) })
        let d = S.diff(Self.list(rows) { 44 * Double($0) }, Self.list(spoken) { place[$0] ?? 0 })
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.map(\.kind), [.orderChanged])
        XCTAssertEqual(order.first?.elements.map(\.label), ["Setting 2"])
        XCTAssertEqual(order.first?.message, "\"Setting 2\" is now read after \"Setting 25\" (jumped 23 stops)")
    }

    func testMovingTheRowBackIsOneImprovement() {
        let rows = Array(0..<30)
        var spoken = rows
        spoken.insert(spoken.remove(at: 2), at: 25)
        let d = S.diff(Self.list(spoken) { 44 * Double($0) }, Self.list(rows) { 44 * Double($0) })
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.map(\.kind), [.orderImproved])
        XCTAssertEqual(order.first?.elements.map(\.label), ["Setting 2"])
        XCTAssertEqual(order.first?.improvement, true)
        XCTAssertEqual(order.first?.message,
                       "\"Setting 2\" is now read before \"Setting 3\" — it follows the order on screen again, as it should be (jumped 23 stops)")
    }

    func testReadingOrderDriftSeedNamesTheProductNameReadLate() {
        // The seed's target order, laid out top to bottom; the drifted version adds
        // the product image and reads the properties before the object.
        let name = S.text("Product name", y: 100), price = S.text("Price", y: 130)
        let favorite = S.button("Favorite", y: 160), add = S.button("Add to cart", y: 210)
        let image = S.image("Product image", y: 60)
        let d = S.diff([name, price, favorite, add], [price, favorite, image, name, add])
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.count, 1, order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(order.first?.kind, .orderRegressed)
        XCTAssertEqual(order.first?.elements.map(\.label), ["Product name"])
        XCTAssertTrue(order.first?.message.hasPrefix("\"Product name\" is now read after \"Product image\"") ?? false,
                      order.first?.message ?? "nil")
    }

    func testProductCardWithTheObjectReadAfterItsActionIsOneChangeWithBothReasons() {
        let name = S.text("Jasmine tea", y: 320), price = S.text("$4.50", y: 352)
        let favorite = S.button("Add Jasmine tea to favorites", y: 320, x: 330), cart = S.button("Add Jasmine tea to cart", y: 430)
        let d = S.diff([name, price, favorite, cart], [price, favorite, name, cart])
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.count, 1, order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(order.first?.elements.map(\.label), ["Jasmine tea"])
        XCTAssertEqual(order.first?.message,
                       "\"Jasmine tea\" is now read after \"Add Jasmine tea to favorites\" — on screen it comes first, before \"Add Jasmine tea to favorites\"; the object must be heard before the action that names it (jumped 2 stops)")
    }

    func testTheStopWhoseFrameMovedIsBlamedRatherThanTheOneThatStayed() {
        // Two ways to explain a swap; "B" was also drawn above "A", so "B" moved.
        let old = [S.text("A", y: 100), S.text("B", y: 150)]
        let new = [S.text("B", y: 50), S.text("A", y: 100)]
        let order = Self.orderChanges(S.diff(old, new))
        XCTAssertEqual(order.map(\.kind), [.orderChanged], order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(order.first?.elements.map(\.label), ["B"])
        // Without frames to tell them apart, the stop now read later is the one that moved.
        let plain = Self.orderChanges(S.diff([S.text("A"), S.text("B")], [S.text("B"), S.text("A")]))
        XCTAssertEqual(plain.first?.elements.map(\.label), ["A"])
    }

    func testThreeFarMovesInATwoColumnGridAreThreeChangesEachNamingItsStop() {
        // 200 stops, two to a row, 52 pt rows; three stops are read far from their place.
        let count = 200
        func cell(_ i: Int) -> Node {
            Node(id: "cell_\(i)", role: .text, label: "Cell \(i)",
                 frame: Frame(x: Double(16 + (i % 2) * 180), y: Double((i / 2) * 52), width: 170, height: 44))
        }
        var spoken = Array(0..<count)
        let moved = [7, 120, 181]
        spoken.removeAll { moved.contains($0) }
        spoken.insert(181, at: 3)
        spoken.insert(7, at: 150)
        spoken.insert(120, at: 40)
        let d = S.diff((0..<count).map(cell), spoken.map(cell))
        let order = Self.orderChanges(d)
        XCTAssertEqual(order.count, 3, order.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(Set(order.flatMap { $0.elements.map(\.label) }), Set(moved.map { "Cell \($0)" }))
        XCTAssertTrue(order.allSatisfy { $0.kind == .orderRegressed && $0.elements.count == 1 })
    }

    func testEveryChangeOfAWindowIsBoundedByItsReach() {
        let rows = Array(0..<500)
        var spoken = rows
        spoken.insert(spoken.remove(at: 10), at: 490)
        let d = S.diff(Self.list(rows) { 44 * Double($0) }, Self.list(spoken) { 44 * Double($0) })
        for change in Self.orderChanges(d) {
            XCTAssertLessThanOrEqual(change.beforeWindow?.names.count ?? 0, 2 * OrderWindow.reach + 1)
            XCTAssertLessThanOrEqual(change.afterWindow?.names.count ?? 0, 2 * OrderWindow.reach + 1)
        }
    }
}
