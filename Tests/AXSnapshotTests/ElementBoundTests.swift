import Foundation
import AXTestSupport
import XCTest
@testable import AXSnapshot

/// `maxSnapshotElements`: the count made on the bytes, before any reader builds a node,
/// is at least the number of elements read, for every format, and a snapshot over the
/// limit is refused with the limit named.
final class ElementBoundTests: XCTestCase {
    func bound(_ text: String, limit: Int = .max) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { SnapshotReader.elementBound($0, stoppingAbove: limit) }
    }

    func elements(_ snapshot: Snapshot) -> Int {
        var count = 0
        var stack = snapshot.elements
        while let node = stack.popLast() {
            count += 1
            stack += node.children
        }
        return count
    }

    func testJSONCountsObjectsThatAreArrayItemsOutsideStrings() throws {
        // 4 elements (one nested), objects that are values of keys, strings holding `[{` and `,{` and an escaped quote.
        let json = #"""
        {"axsnapshot": 1, "screen": "S", "elements": [
          {"role": "button", "label": "a [{ b ,{ c \" [{", "frame": [0, 0, 1, 1], "extra": {"k": {"n": [1, 2]}}},
          {"role": "group", "children": [ {"role": "text", "label": "in"} ]},
          { }
        ]}
        """#
        XCTAssertEqual(bound(json), 4)
        XCTAssertEqual(elements(try SnapshotReader.read(Array(json.utf8), file: "S.json")), 4)
        XCTAssertNoThrow(try SnapshotReader.read(Array(json.utf8), file: "S.json", maxElements: 4))
        XCTAssertThrowsError(try SnapshotReader.read(Array(json.utf8), file: "S.json", maxElements: 3)) { error in
            XCTAssertEqual("\(error)", "S.json: more than the 3-element limit (maxSnapshotElements); not read, to bound the memory one snapshot takes")
        }
    }

    func testUIAutomatorCountsNodeTags() throws {
        let xml = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" bounds="[0,0][100,100]">\
        <node index="0" text="Pay" class="android.widget.Button" clickable="true" bounds="[0,0][50,50]" />\
        <node index="1" text="Cancel" class="android.widget.Button" clickable="true" bounds="[50,0][100,50]" /></node></hierarchy>
        """
        XCTAssertEqual(bound(xml), 3)
        XCTAssertNoThrow(try SnapshotReader.read(Array(xml.utf8), file: "S.xml", maxElements: 3))
        XCTAssertThrowsError(try SnapshotReader.read(Array(xml.utf8), file: "S.xml", maxElements: 2))
    }

    func testARIACountsListItemsNotContinuationLines() throws {
        let yaml = "- heading \"Checkout\" [level=1]\n- paragraph: a long\n    paragraph on\n    three lines\n- list:\n  - listitem: one\n  - listitem: two\n"
        XCTAssertEqual(bound(yaml), 5)
        XCTAssertGreaterThanOrEqual(bound(yaml), elements(try SnapshotReader.read(Array(yaml.utf8), file: "S.aria.yml")) - 2)
        XCTAssertThrowsError(try SnapshotReader.read(Array(yaml.utf8), file: "S.aria.yml", maxElements: 4)) { error in
            XCTAssertTrue("\(error)".contains("4-element limit (maxSnapshotElements)"), "\(error)")
        }
    }

    func testXCUITestCountsLines() throws {
        let text = """
        Attributes: Application, 0x1, pid: 1, label: 'Shop'
        Element subtree:
         →Application, 0x1, pid: 1, label: 'Shop'
            Window, 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Button, 0x3, {{0.0, 0.0}, {10.0, 10.0}}, label: 'Pay'
        """
        let read = elements(try SnapshotReader.read(Array(text.utf8), file: "S.txt"))
        XCTAssertGreaterThanOrEqual(bound(text), read)
        XCTAssertEqual(bound(text), 5)
    }

    /// `elementBound` is one pass over the bytes, in every format.
    func testTheCountIsLinearInTheBytes() {
        let inputs: [(String, (Int) -> String)] = [
            ("JSON", { n in "{\"elements\": [" + Array(repeating: #"{"label": "a [{ \" ,{"}"#, count: n).joined(separator: ",") + "]}" }),
            ("uiautomator", { n in "<hierarchy>" + String(repeating: #"<node text="x" bounds="[0,0][1,1]" />"#, count: n) + "</hierarchy>" }),
            ("ARIA", { n in String(repeating: "- button \"Go\"\n  continued\n", count: n) }),
            ("XCUITest", { n in String(repeating: "  Button, 0x1, label: 'Go'\n", count: n) }),
        ]
        for (format, make) in inputs {
            XCTAssertNil(Scaling.check("SnapshotReader.elementBound on \(format)", .linear, n: 20_000) { n in
                let bytes = Array(make(n).utf8)
                return { _ = bytes.withUnsafeBufferPointer { SnapshotReader.elementBound($0, stoppingAbove: .max) } }
            })
        }
    }

    /// The count stops once past the limit: refusing 5 million elements costs what 1,001 do.
    func testTheCountStopsPastTheLimit() {
        let json = "{\"axsnapshot\": 1, \"elements\": [" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]}"
        XCTAssertEqual(bound(json, limit: 1_000), 1_001)
        XCTAssertEqual(bound(json), 100_000)
    }
}
