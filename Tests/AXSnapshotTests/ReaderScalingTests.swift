import AXTestSupport
import XCTest
@testable import AXSnapshot

/// The readers' and the model's complexity claims on inputs of many elements,
/// checked by how the time grows from n to 8n (`Scaling`); `HostileInputTests`
/// holds the long-label, long-paragraph and truncated-file shapes.
final class ReaderScalingTests: XCTestCase {
    /// A uiautomator dump of `n` rows of a list, three nodes each.
    static func dump(_ n: Int) -> [UInt8] {
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">"
        xml += #"<node index="0" text="" resource-id="list" class="android.widget.ListView" bounds="[0,0][1080,20000]">"#
        for i in 0..<n {
            xml += #"<node index="\#(i)" text="" class="android.widget.LinearLayout" clickable="true" bounds="[0,\#(i * 100)][1080,\#(i * 100 + 96)]">"#
            xml += #"<node index="0" text="Item \#(i)" class="android.widget.TextView" bounds="[16,\#(i * 100)][800,\#(i * 100 + 48)]"/>"#
            xml += #"<node index="1" text="" content-desc="Delete \#(i)" class="android.widget.ImageButton" clickable="true" bounds="[900,\#(i * 100)][1060,\#(i * 100 + 96)]"/>"#
            xml += "</node>"
        }
        return Array((xml + "</node></hierarchy>\n").utf8)
    }

    /// `UIAutomatorReader.parse` and `build` (and the checks before parsing:
    /// `firstNUL`, `findDeclaration`, `findProcessingInstruction`,
    /// `UIAutomatorNode.parseBounds`, `UIAutomatorStrings`): O(n) in the bytes.
    func testUIAutomatorDumpIsLinearInItsNodes() throws {
        let snapshot = try SnapshotReader.read(Self.dump(100), file: "list.xml")
        XCTAssertEqual(snapshot.stops.count, 200)
        XCTAssertNil(Scaling.check("UIAutomatorReader on n list rows", .linear, n: 100) { n in
            let xml = Self.dump(n)
            return { _ = try? SnapshotReader.read(xml, file: "list.xml") }
        })
    }

    /// An XCUITest dump of `n` cells, each a cell holding a label and a button.
    static func xcuitest(_ n: Int) -> [UInt8] {
        var text = "Element subtree:\n →Application, 0x1, pid: 1, label: 'Shop'\n    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}\n"
        for i in 0..<n {
            text += "      Cell, 0x\(i + 16), {{0.0, \(i * 44).0}, {390.0, 44.0}}\n"
            text += "        StaticText, 0x\(i + 17), {{16.0, \(i * 44).0}, {200.0, 44.0}}, label: 'Item \(i)'\n"
            text += "        Button, 0x\(i + 18), {{300.0, \(i * 44).0}, {80.0, 44.0}}, identifier: 'delete_\(i)', label: 'Delete'\n"
        }
        return Array(text.utf8)
    }

    /// `XCUITestReader.scanLines` and `buildTree`: O(n) in the lines.
    func testXCUITestDumpIsLinearInItsLines() throws {
        XCTAssertEqual(try SnapshotReader.read(Self.xcuitest(100), file: "cells.txt").stops.count, 200)
        XCTAssertNil(Scaling.check("XCUITestReader on n cells", .linear, n: 100) { n in
            let text = Self.xcuitest(n)
            return { _ = try? SnapshotReader.read(text, file: "cells.txt") }
        })
    }

    /// `XCUITestReader.buildTree` on a paste that lost its indentation (every
    /// line at one level, read twice: once to see it, once nested by frames):
    /// O(n) in the lines still.
    func testFlattenedXCUITestPasteIsLinearInItsLines() throws {
        func paste(_ n: Int) -> [UInt8] {
            var text = ""
            for i in 0..<n {
                text += "Button, 0x\(i + 16), {{0.0, \(i * 44).0}, {390.0, 44.0}}, label: 'Item \(i)'\n"
                text += "StaticText, 0x\(i + 17), {{16.0, \(i * 44).0}, {200.0, 40.0}}, label: 'Item \(i)'\n"
            }
            return Array(text.utf8)
        }
        let s = try SnapshotReader.read(paste(100), file: "paste.txt")
        XCTAssertEqual(s.elements.count, 100)
        XCTAssertEqual(s.elements[0].children.count, 1)
        XCTAssertNil(Scaling.check("XCUITestReader on a flattened paste of n buttons", .linear, n: 100) { n in
            let text = paste(n)
            return { _ = try? SnapshotReader.read(text, file: "paste.txt") }
        })
    }

    /// `Snapshot.stops` and `stopTree`: O(n · d) — linear in the nodes for a
    /// fixed depth (rows of groups of groups), whatever is hidden.
    func testStopsAreLinearInTheNodes() {
        func snapshot(_ n: Int) -> Snapshot {
            Snapshot(screen: "Rows", platform: .ios, elements: (0..<n).map { i in
                Node(role: .container, children: [
                    Node(role: .container, children: [
                        Node(id: "t\(i)", role: .text, label: "Row \(i)", frame: Frame(x: 0, y: Double(i * 44), width: 200, height: 44)),
                        Node(role: .button, label: "Open \(i)", frame: Frame(x: 300, y: Double(i * 44), width: 80, height: 44)),
                        Node(role: .image, label: "Hidden \(i)", hidden: true),
                    ]),
                ])
            })
        }
        XCTAssertEqual(snapshot(10).stops.count, 20)
        XCTAssertNil(Scaling.check("Snapshot.stops on n rows", .linear, n: 500) { n in
            let s = snapshot(n)
            return { _ = s.stops }
        })
    }
}
