import XCTest
@testable import AXSnapshot

/// The fields few nodes and stops have live out of line (`OutOfLine`): the
/// arrays of nodes and stops a diff touches are a quarter smaller, and a node
/// or stop is still a plain value.
final class OutOfLineFieldsTests: XCTestCase {
    func testNodesAndStopsStayAtTheirCompactSize() {
        // Every field inline, a node took 192 bytes and a stop 216.
        XCTAssertLessThanOrEqual(MemoryLayout<Node>.stride, 136)
        XCTAssertLessThanOrEqual(MemoryLayout<Stop>.stride, 160)
    }

    func testEachRareFieldOfANodeIsKeptAndClearedOnItsOwn() {
        var node = Node(label: "Save")
        XCTAssertEqual(node, Node(label: "Save"))
        node.hint = "Saves the draft"
        node.actions = ["Delete"]
        node.level = 2
        XCTAssertEqual(node.hint, "Saves the draft")
        XCTAssertEqual(node.actions, ["Delete"])
        XCTAssertEqual(node.level, 2)
        XCTAssertNil(node.imageName)
        XCTAssertEqual(node.inputLabels, [])
        XCTAssertEqual(node, Node(level: 2, label: "Save", hint: "Saves the draft", actions: ["Delete"]))
        node.hint = nil
        node.actions = []
        node.level = nil
        // Back to the defaults: equal to a node that never had them.
        XCTAssertEqual(node, Node(label: "Save"))
    }

    func testACopyIsIndependentOfTheNodeItWasCopiedFrom() {
        let original = Node(label: "Share", inputLabels: ["Share", "Send"], imageName: "square.and.arrow.up")
        var copy = original
        copy.inputLabels.append("Export")
        copy.imageName = nil
        XCTAssertEqual(original.inputLabels, ["Share", "Send"])
        XCTAssertEqual(original.imageName, "square.and.arrow.up")
        XCTAssertEqual(copy.inputLabels, ["Share", "Send", "Export"])
        XCTAssertNil(copy.imageName)
        XCTAssertNotEqual(copy, original)
    }

    func testAStopCarriesItsNodesRareFieldsAndCopiesIndependently() throws {
        let snapshot = Snapshot(screen: "S", platform: .ios, elements: [
            Node(role: .heading, level: 3, label: "Orders"),
            Node(role: .button, label: "Reorder", hint: "Orders again", actions: ["Delete"]),
            Node(id: "card", label: "Card", element: true, children: [Node(id: "inner", role: .image, label: "Tea", imageName: "tea.png")]),
            Node(role: .button, label: "Plain"),
        ])
        let stops = snapshot.stops
        XCTAssertEqual(stops.count, 4)
        XCTAssertEqual(stops[0].level, 3)
        XCTAssertEqual(stops[1].hint, "Orders again")
        XCTAssertEqual(stops[1].actions, ["Delete"])
        XCTAssertEqual(stops[2].imageNames, ["inner", "tea.png"])
        XCTAssertEqual(stops[2].innerIDs, ["inner"])
        XCTAssertEqual(stops[3].hint, "")
        XCTAssertNil(stops[3].level)
        var changed = stops[1]
        changed.hint = ""
        changed.actions = []
        XCTAssertEqual(stops[1].hint, "Orders again")
        XCTAssertNotEqual(changed, stops[1])
        changed.hint = "Orders again"
        changed.actions = ["Delete"]
        XCTAssertEqual(changed, stops[1])
    }
}
