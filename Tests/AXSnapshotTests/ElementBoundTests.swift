import Foundation
import AXTestSupport
import XCTest
@testable import AXSnapshot

/// `maxSnapshotElements`: the count made on the bytes (or, for JSON, by the decoder as it
/// parses, which counts the same objects) is at least the number of elements read, for
/// every format, and a snapshot over the limit is refused with the limit named, before the
/// element past the limit is built.
final class ElementBoundTests: XCTestCase {
    func limitError(_ file: String, _ limit: Int) -> String {
        "\(file): more than the \(limit)-element limit (maxSnapshotElements); not read, to bound the memory one snapshot takes"
    }

    func assertRefused(_ text: String, file: String, limit: Int, line: UInt = #line) {
        XCTAssertThrowsError(try SnapshotReader.read(Array(text.utf8), file: file, maxElements: limit), line: line) { error in
            XCTAssertEqual("\(error)", limitError(file, limit), line: line)
        }
    }

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
        assertRefused(json, file: "S.json", limit: 3)
    }

    /// Objects in arrays that are not elements count too, as they do in `elementBound`.
    func testJSONDecoderCountsEveryObjectThatIsAnArrayItem() {
        let json = #"{"axsnapshot": 1, "extra": [{}, {"k": [{}]}], "elements": [{"role": "button", "more": [{}]}]}"#
        XCTAssertEqual(bound(json), 5)
        XCTAssertNoThrow(try SnapshotReader.read(Array(json.utf8), file: "S.json", maxElements: 5))
        assertRefused(json, file: "S.json", limit: 4)
        XCTAssertThrowsError(try AXSnapshotJSONReader.read(Array(json.utf8), file: "S.json", screen: "S", maxElements: 4)) { error in
            XCTAssertEqual("\(error)", limitError("S.json", 4))
        }
    }

    /// The parser stops at the `{` past the limit: nothing after it is parsed, let alone built.
    func testJSONParserStopsAtTheObjectPastTheLimit() throws {
        let bytes = Array(#"[{"a": 1}, {}, {"b": "#.utf8) + [0xFF, 0xFE]
        try JSONParser.withParser(bytes, maxObjectItems: 2) { parser in
            XCTAssertThrowsError(try parser.parseValue(depth: 0)) { error in XCTAssertTrue(error is JSONParser.ObjectItemLimit, "\(error)") }
            XCTAssertEqual(parser.pos, 15)
            XCTAssertEqual(parser.objectItems, 3)
        }
    }

    /// Too many elements outranks the text's other problems wherever they are, as it did
    /// when the bound was checked before any reader ran.
    func testTheLimitOutranksOtherProblems() {
        // A syntax error before the element past the limit.
        let early = #"{"axsnapshot": 1, "elements": [{"role": }, {}, {}]}"#
        assertRefused(early, file: "S.json", limit: 2)
        XCTAssertThrowsError(try SnapshotReader.read(Array(early.utf8), file: "S.json", maxElements: 3)) { error in
            XCTAssertEqual("\(error)", "S.json:1:41: expected a value, found '}'")
        }
        // A type error, kept until the end, and a syntax error after the limit.
        let late = #"{"axsnapshot": 2, "elements": [{"role": 1}, {}, {} "#
        assertRefused(late, file: "S.json", limit: 2)
        XCTAssertThrowsError(try SnapshotReader.read(Array(late.utf8), file: "S.json", maxElements: 3)) { error in
            XCTAssertEqual("\(error)", "S.json:1:\(late.utf8.count + 1): unexpected end of file inside an array")
        }
        let badUTF8 = Array(#"{"axsnapshot": 1, "elements": [{"label": ""#.utf8) + [0xC3, 0x28] + Array(#""}, {}, {}]}"#.utf8)
        XCTAssertThrowsError(try SnapshotReader.read(badUTF8, file: "S.json", maxElements: 2)) { error in
            XCTAssertEqual("\(error)", limitError("S.json", 2))
        }
        XCTAssertThrowsError(try SnapshotReader.read(badUTF8, file: "S.json", maxElements: 3)) { error in
            XCTAssertTrue("\(error)".hasSuffix("invalid UTF-8, expected a text snapshot"), "\(error)")
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
        assertRefused(xml, file: "S.xml", limit: 2)
    }

    func testARIACountsListItemsNotContinuationLines() throws {
        let yaml = "- heading \"Checkout\" [level=1]\n- paragraph: a long\n    paragraph on\n    three lines\n- list:\n  - listitem: one\n  - listitem: two\n"
        XCTAssertEqual(bound(yaml), 5)
        XCTAssertGreaterThanOrEqual(bound(yaml), elements(try SnapshotReader.read(Array(yaml.utf8), file: "S.aria.yml")) - 2)
        assertRefused(yaml, file: "S.aria.yml", limit: 4)
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
        XCTAssertNoThrow(try SnapshotReader.read(Array(text.utf8), file: "S.txt", maxElements: 5))
        assertRefused(text, file: "S.txt", limit: 4)
    }

    /// The XCUITest reader counts the lines it splits instead of `elementBound`: it refuses
    /// exactly where `elementBound` would, whatever the text starts with, and before any
    /// problem of the text.
    func testXCUITestReaderRefusesWhereTheBoundWould() {
        let tree = " →Application, 0x1, pid: 1, label: 'Shop'\n    Button, 0x3, {{0.0, 0.0}, {10.0, 10.0}}, label: 'Pay'"
        let texts = [
            "Element subtree:\n" + tree,
            "Element subtree:\n" + tree + "\n\n",
            "\u{FEFF}  Element subtree:\n" + tree + "\n",
            "-note\nElement subtree:\n" + tree,
            "-note\n- more\nElement subtree:\n" + tree + "\n- x\n",
            "<odd\nElement subtree:\n" + tree,
            "Element subtree:\n" + tree + "\n    Button, 0x4, {{0.0, 0.0}, {10.0, -1.0}}\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            for limit in [0, 1, 2, 3, 4, lines - 1, lines, lines + 1, .max] {
                let refusedByBound = bound(text) > limit
                do {
                    _ = try XCUITestReader.read(bytes, file: "S.txt", screen: "S", maxElements: limit)
                    XCTAssertFalse(refusedByBound, "\(text.debugDescription) at \(limit)")
                } catch {
                    XCTAssertEqual("\(error)" == limitError("S.txt", limit), refusedByBound, "\(text.debugDescription) at \(limit): \(error)")
                }
            }
        }
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
