import AXDiff
import AXSnapshot
import XCTest

/// `action.lost` from Label Soup's second fix: the card is one element whose
/// "Reorder" lives in the Actions rotor.
final class ActionLostTests: XCTestCase {
    func card(_ number: Int, actions: [String] = ["Reorder"]) -> Node {
        Node(id: "order_\(number)", role: .cell, label: "Order \(number)", value: "Delivered, $24.80", actions: actions, element: true)
    }

    func testARefactorThatDropsTheCustomActionIsAnError() {
        let d = S.diff([S.text("Orders"), card(1042)], [S.text("Orders"), card(1042, actions: [])])
        let lost = d.all(.actionLost)
        XCTAssertEqual(lost.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(lost.first?.severity, .error)
        XCTAssertEqual(lost.first?.wcag, ["2.1.1", "4.1.2"])
        XCTAssertEqual(lost.first?.elements.map(\.label), ["Order 1042"])
        XCTAssertEqual(lost.first?.before, "Reorder")
        XCTAssertEqual(lost.first?.message,
                       "\"Order 1042\" no longer offers the action \"Reorder\", and no control on the screen is named for it: VoiceOver users cannot do it any more")
        XCTAssertEqual(d.changes.count, 1, "\(d.changes.map(\.kind))")
    }

    func testActionMovedToARealButtonThatNamesItIsNotLost() {
        // Label Soup's first fix: the summary is one stop, the action a real button.
        let fixed: [Node] = [
            Node(id: "order_1042", role: .text, label: "Order 1042, Delivered, $24.80"),
            S.button("Reorder order 1042", inputLabels: ["Reorder", "Reorder order 1042"]),
        ]
        let d = S.diff([card(1042)], fixed)
        XCTAssertTrue(d.all(.actionLost).isEmpty, "\(d.changes.map(\.message))")
        // A button that only answers to the action by its Voice Control name offers it too.
        let byInputLabel = S.diff([card(1042)], [card(1042, actions: []), S.button("Buy again", inputLabels: ["Reorder"])])
        XCTAssertTrue(byInputLabel.all(.actionLost).isEmpty)
        // A button whose label only shares a letter run does not ("Reorders" is another word).
        let other = S.diff([card(1042)], [card(1042, actions: []), S.button("Reorders")])
        XCTAssertEqual(other.all(.actionLost).count, 1)
    }

    func testOneChangePerActionNamingEveryStopThatLostIt() {
        let old = [card(1), card(2, actions: ["Reorder", "Track"]), card(3)]
        let d = S.diff(old, [card(1, actions: []), card(2, actions: []), card(3, actions: [])])
        let lost = d.all(.actionLost)
        XCTAssertEqual(lost.map(\.before), ["Reorder", "Track"])
        XCTAssertEqual(lost.first?.elements.map(\.label), ["Order 1", "Order 2", "Order 3"])
        XCTAssertEqual(lost.last?.elements.map(\.label), ["Order 2"])
        XCTAssertTrue(lost.first?.message.hasPrefix("3 stops no longer offer the action \"Reorder\"") ?? false, lost.first?.message ?? "")
    }

    func testAnActionStillOfferedByAnotherStopIsNotLost() {
        let d = S.diff([card(1), card(2)], [card(1, actions: []), card(2, actions: ["reorder"])])
        XCTAssertTrue(d.all(.actionLost).isEmpty)
        // A removed card takes its action with it: that is `stop.removed`.
        let removed = S.diff([S.text("Orders"), card(1)], [S.text("Orders")])
        XCTAssertEqual(removed.kinds(), [.stopRemoved])
    }

    func testAnActionLostInAMergeIsReported() {
        let old = [S.text("Order 7"), Node(role: .text, label: "Delivered", actions: ["Track"])]
        let d = S.diff(old, [S.text("Order 7, Delivered")])
        XCTAssertEqual(d.all(.actionLost).map(\.before), ["Track"])
        XCTAssertEqual(d.all(.actionLost).first?.elements.map(\.label), ["Order 7, Delivered"])
    }

    func testSpeakSaysActionsAvailableAsVoiceOverDoes() {
        let stops = S.screen([card(1042), S.button("Close")]).stops
        XCTAssertEqual(stops.map(\.spoken), ["Order 1042, Delivered, $24.80, Actions available", "Close, button"])
        var hinted = card(1042)
        hinted.hint = "Double tap to open"
        XCTAssertEqual(S.screen([hinted]).stops.map(\.spoken), ["Order 1042, Delivered, $24.80, Actions available. Double tap to open"])
    }

    /// Many actions lost on a screen of many controls: each control's words
    /// are looked up once per action length, not compared with every action.
    func testManyLostActionsAmongManyControlsAreCheckedOncePerControl() {
        let n = 1_000
        let cards = (0..<n).map { Node(id: "c\($0)", role: .cell, label: "Card \($0)", actions: ["Do thing \($0)"], element: true) }
        var bare = cards
        for k in bare.indices { bare[k].actions = [] }
        // Every even action is still named by a button ("Do thing 4 now"), the odd ones are lost.
        let buttons = (0..<n).filter { $0 % 2 == 0 }.map { Node(id: "b\($0)", role: .button, label: "Do thing \($0) now") }
        let d = S.diff(cards + buttons, bare + buttons)
        XCTAssertEqual(d.all(.actionLost).count, n / 2)
        XCTAssertEqual(d.all(.actionLost).first?.before, "Do thing 1")
        XCTAssertEqual(d.all(.actionLost).last?.elements.map(\.id), ["c\(n - 1)"])
    }
}
