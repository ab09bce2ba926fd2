import AXSnapshot
import XCTest

/// `SnapshotJSONWriter` writes every field the axsnapshot reader reads, so a snapshot from
/// any reader survives the round trip (what `AXSnapshotTesting`'s reference files rely on).
final class SnapshotJSONWriterTests: XCTestCase {
    func testEveryFieldTheReaderReadsIsWrittenAndReadBack() throws {
        let button = Node(id: "reorder", role: .button, states: [.selected], label: "Reorder", value: "2 items", hint: "Orders again",
                          inputLabels: ["Reorder", "Order again"], actions: ["Delete", "Share"],
                          frame: Frame(x: 16, y: 100.5, width: 120, height: 44), imageName: "arrow.clockwise")
        let hidden = Node(role: .image, label: "Decoration", frame: Frame(x: 0, y: 0, width: 10, height: 10), hidden: true)
        let group = Node(id: "card", role: .container, label: "Order 1042", element: true, children: [button, hidden])
        let snapshot = Snapshot(screen: "Orders", platform: .ios, locale: "de", layoutDirection: .ltr, elements: [group])
        let json = SnapshotJSONWriter.json(snapshot)
        XCTAssertTrue(json.contains("      \"actions\": [\"Delete\", \"Share\"],\n"), json)
        XCTAssertTrue(json.contains("      \"hidden\": true,\n"), json)
        XCTAssertTrue(json.contains("      \"image\": \"arrow.clockwise\",\n"), json)
        XCTAssertTrue(json.contains("      \"inputLabels\": [\"Reorder\", \"Order again\"],\n"), json)
        let back = try SnapshotReader.read(Array(json.utf8), file: "Orders.json")
        XCTAssertEqual(back.elements.count, 1)
        let readGroup = try XCTUnwrap(back.elements.first)
        XCTAssertEqual(readGroup.element, true)
        XCTAssertEqual(readGroup.children.count, 2)
        let readButton = readGroup.children[0], readHidden = readGroup.children[1]
        XCTAssertEqual(readButton.inputLabels, ["Reorder", "Order again"])
        XCTAssertEqual(readButton.actions, ["Delete", "Share"])
        XCTAssertEqual(readButton.imageName, "arrow.clockwise")
        XCTAssertEqual(readButton.hint, "Orders again")
        XCTAssertEqual(readButton.value, "2 items")
        XCTAssertEqual(readButton.states, [.selected])
        XCTAssertEqual(readButton.frame, Frame(x: 16, y: 100.5, width: 120, height: 44))
        XCTAssertTrue(readHidden.hidden)
        XCTAssertFalse(readButton.hidden)
        XCTAssertEqual(back.locale, "de")
        // Written again, the same bytes.
        XCTAssertEqual(SnapshotJSONWriter.json(back), json)
    }
}
