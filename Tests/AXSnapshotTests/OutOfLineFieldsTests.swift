import XCTest
@testable import AXSnapshot

/// The fields few nodes and stops have live out of line (`OutOfLine`): the
/// arrays of nodes and stops a diff touches are a quarter smaller, and a node
/// or stop is still a plain value.
final class OutOfLineFieldsTests: XCTestCase {
    func testNodesAndStopsStayAtTheirCompactSize() {
        // Every field inline, a node took 192 bytes and a stop 216; with their
        // optional integers as such, 136 and 160; a stop tree's place took 72
        // with its node numbers in 64 bits and its frame in place.
        XCTAssertLessThanOrEqual(MemoryLayout<Node>.stride, 128)
        XCTAssertLessThanOrEqual(MemoryLayout<Stop>.stride, 144)
        XCTAssertLessThanOrEqual(MemoryLayout<StopTree.Place>.stride, 20)
    }

    /// A line and a place among siblings kept beside the flags that say they
    /// are there: nil, zero and large values each come back as they were set,
    /// and two stops that differ only in them are not equal.
    func testLinesAndPositionsKeepNilZeroAndLargeValues() {
        var node = Node(label: "Save")
        XCTAssertNil(node.line)
        for line: Int? in [0, 1, nil, Int.max, 7] {
            node.line = line
            XCTAssertEqual(node.line, line)
        }
        XCTAssertEqual(Node(line: 0).line, 0)
        XCTAssertNotEqual(Node(line: 0), Node())
        let snapshot = Snapshot(screen: "S", elements: [Node(label: "A", line: 3), Node(label: "B")])
        var stops = snapshot.stops
        XCTAssertEqual(stops.map(\.line), [3, nil])
        XCTAssertEqual(stops.map(\.path), [[0], [1]])
        XCTAssertEqual(stops.map(\.position), [0, 1])
        stops[1].line = 0
        XCTAssertEqual(stops[1].line, 0)
        XCTAssertNotEqual(stops[1], snapshot.stops[1])
        stops[1].line = nil
        XCTAssertEqual(stops[1], snapshot.stops[1])
        stops[0].path = []
        XCTAssertNil(stops[0].position)
        XCTAssertEqual(stops[0].path, [])
        stops[0].path = [4, 9]
        XCTAssertEqual(stops[0].position, 9)
        XCTAssertEqual(stops[0].containerPath, [4])
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
