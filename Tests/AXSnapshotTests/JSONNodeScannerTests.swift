import AXTestSupport
@testable import AXSnapshot
import Foundation
import XCTest

/// The one-pass scanner must read exactly what the parser and decoder read,
/// and leave everything else (errors included) to them.
final class JSONNodeScannerTests: XCTestCase {
    /// The scanner's snapshot, and the reference read of the same text.
    func both(_ text: String) -> (fast: Snapshot?, full: Result<Snapshot, Error>) {
        (JSONNodeScanner.snapshot(text, defaultScreen: "Default"),
         Result { try AXSnapshotJSONReader.readInFull(text, file: "S.json", screen: "Default") })
    }

    func testAgreesWithTheParserOnEveryJSONFixture() throws {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
        var scanned = 0, leftToTheParser = 0
        for case let url as URL in walker where url.pathExtension == "json" {
            guard let text = String(validating: [UInt8](try Data(contentsOf: url)), as: UTF8.self) else { continue }
            let (fast, full) = both(text)
            switch (fast, full) {
            case (let fast?, .success(let expected)):
                XCTAssertEqual(fast, expected, url.lastPathComponent)
                scanned += 1
            case (nil, .success):
                // Only escapes, a field given twice or a byte-order mark send a readable file to the parser.
                let unusual = text.contains("\\") || text.hasPrefix("\u{FEFF}") || url.lastPathComponent.contains("duplicate")
                XCTAssertTrue(unusual, "\(url.lastPathComponent): readable, yet the scanner gave up")
                leftToTheParser += 1
            case (nil, .failure): leftToTheParser += 1
            case (_?, .failure(let error)): XCTFail("\(url.lastPathComponent): scanned a file the parser refuses (\(error))")
            }
        }
        XCTAssertGreaterThanOrEqual(scanned, 3, "the fixtures exercise the scanner")
        XCTAssertGreaterThanOrEqual(leftToTheParser, 10, "the hostile files go to the parser")
    }

    func testGivesUpOnWhatItDoesNotDecodeItself() {
        let plain = #"{"axsnapshot": 1, "elements": [{"role": "button", "label": "Pay"}]}"#
        XCTAssertEqual(both(plain).fast?.elements.first?.label, "Pay")
        for text in [
            #"{"axsnapshot": 1, "elements": [{"role": "button", "label": "Pay \"now\""}]}"#,      // escape
            #"{"axsnapshot": 1, "elements": [{"label": "Pay", "label": "Buy"}]}"#,                 // field twice
            "\u{FEFF}" + plain,                                                                     // byte-order mark
            #"{"axsnapshot": 2, "elements": []}"#,                                                  // wrong version
            #"{"axsnapshot": 1, "elements": [{"frame": [1, 2, -3, 4]}]}"#,                          // negative width
            #"{"axsnapshot": 1, "elements": [{"states": ["level=0"]}]}"#,                           // bad level
            #"{"axsnapshot": 1, "elements": [{"label": 42}]}"#,                                     // wrong type
            #"{"axsnapshot": 1, "elements": [{"frame": [1, 2, 3, 012]}]}"#,                         // leading zero
            #"{"axsnapshot": 1, "elements": []} x"#,                                                // trailing text
            #"{"axsnapshot": 1, "elements": [{"label": "Pay"}"#,                                    // cut short
            "{\"axsnapshot\": 1, \"x\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", // deep
        ] {
            XCTAssertNil(both(text).fast, text.prefix(80).description)
        }
    }

    /// Seeded random snapshots with every field, odd numbers, nulls, unknown
    /// fields, non-ASCII text and random whitespace: whenever the scanner
    /// reads one, it reads it as the parser does; plain ones it always reads.
    func testRandomSnapshotsReadTheSameBothWays() {
        var rng = SeededGenerator(seed: 0xA11D1FF)
        var scanned = 0
        for _ in 0..<300 {
            let (text, plain) = Self.randomSnapshot(&rng)
            let (fast, full) = both(text)
            if plain { XCTAssertNotNil(fast, text) }
            if let fast {
                XCTAssertEqual(fast, try? full.get(), text)
                scanned += 1
            }
        }
        XCTAssertGreaterThan(scanned, 150)
    }

    static func randomSnapshot(_ rng: inout SeededGenerator) -> (String, plain: Bool) {
        var plain = true
        func ws() -> String { ["", " ", "\n", "\r\n  ", "\t"][Int(rng.next() % 5)] }
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        func string() -> String {
            if rng.next() % 25 == 0 { plain = false; return #""say \"hi\"""# }
            return "\"" + pick(["Pay", "Café au lait", "🚀 Launch", "", "Add to cart", "icon_cart", "Ünïcödé 名前"]) + "\""
        }
        func number() -> String { pick(["0", "1", "-0", "12.5", "-3.25", "2e3", "1E-2", "1234567890123456", "390.0", "44"]) }
        func field(_ name: String, _ value: String) -> String { "\"\(name)\"" + ws() + ":" + ws() + value }
        func node(_ depth: Int) -> String {
            var fields: [String] = []
            if rng.next() % 2 == 0 { fields.append(field("role", pick(["\"button\"", "\"heading\"", "\"image\"", "\"gauge\"", "null"]))) }
            if rng.next() % 4 != 0 { fields.append(field("label", rng.next() % 9 == 0 ? "null" : string())) }
            if rng.next() % 3 == 0 { fields.append(field("id", string())) }
            if rng.next() % 4 == 0 { fields.append(field("value", string())) }
            if rng.next() % 6 == 0 { fields.append(field("hint", string())) }
            if rng.next() % 6 == 0 { fields.append(field("image", string())) }
            if rng.next() % 5 == 0 { fields.append(field("inputLabels", "[" + string() + "," + ws() + string() + "]")) }
            if rng.next() % 5 == 0 { fields.append(field("actions", pick(["[]", "null", "[\"Delete\"]"]))) }
            if rng.next() % 2 == 0 { fields.append(field("frame", "[" + (0..<4).map { _ in number().replacingOccurrences(of: "-", with: "") }.joined(separator: "," + ws()) + "]")) }
            if rng.next() % 5 == 0 { fields.append(field("hidden", pick(["true", "false", "null"]))) }
            if rng.next() % 5 == 0 { fields.append(field("element", pick(["true", "false", "null"]))) }
            if rng.next() % 4 == 0 { fields.append(field("states", pick(["[\"selected\", \"level=2\"]", "[\"disabled\", \"sparkly\"]", "[]", "[\"level=+3\"]"]))) }
            if rng.next() % 6 == 0 { fields.append(field("future", pick(["{\"a\": [1, {\"b\": null}], \"c\": \"d\"}", "-0.5e+2", "true", "[]"]))) }
            if depth < 3, rng.next() % 3 == 0 {
                fields.append(field("children", "[" + (0..<Int(rng.next() % 3)).map { _ in node(depth + 1) }.joined(separator: "," + ws()) + "]"))
            }
            if rng.next() % 40 == 0, let first = fields.first { fields.append(first); plain = false } // a field twice
            fields.shuffle(using: &rng)
            return "{" + ws() + fields.joined(separator: "," + ws()) + ws() + "}"
        }
        var root = [field("axsnapshot", pick(["1", "1", "1.0", "1e0"])),
                    field("elements", "[" + (0..<Int(rng.next() % 6)).map { _ in node(0) }.joined(separator: "," + ws()) + "]")]
        if rng.next() % 2 == 0 { root.append(field("screen", rng.next() % 4 == 0 ? "null" : string())) }
        if rng.next() % 3 == 0 { root.append(field("platform", pick(["\"ios\"", "\"web\"", "null"]))) }
        if rng.next() % 3 == 0 { root.append(field("layoutDirection", pick(["\"rtl\"", "\"ltr\"", "null"]))) }
        if rng.next() % 3 == 0 { root.append(field("locale", string())) }
        root.shuffle(using: &rng)
        return (ws() + "{" + root.joined(separator: "," + ws()) + "}" + ws(), plain)
    }
}


extension JSONNodeScannerTests {
    /// The scanner names roles and fields from the bytes; every role name, its
    /// near misses and unknown names must read as the parser reads them.
    func testEveryRoleNameReadsAsTheParserReadsIt() {
        var names = Role.allCases.map(\.rawValue)
        names += Role.allCases.flatMap { [String($0.rawValue.dropLast()), $0.rawValue + "s", $0.rawValue.uppercased()] }
        names += ["", "t", "tabs", "Button", "bütton", "cellx", "otherx", "x"]
        for name in names {
            let text = #"{"axsnapshot": 1, "elements": [{"role": "\#(name)", "label": "L", "frame": [1, -2, 3.5, 4e1]}]}"#
            let (fast, full) = both(text)
            XCTAssertNotNil(fast, name)
            XCTAssertEqual(fast, try? full.get(), name)
        }
    }

    func testFramesNeedExactlyFourNumbers() {
        for frame in ["[]", "[1]", "[1, 2, 3]", "[1, 2, 3, 4, 5]", "[1, 2, 3, \"4\"]", "[1, 2, 3, 4,]", "[-0, 0, 0, 0]"] {
            let text = #"{"axsnapshot": 1, "elements": [{"label": "L", "frame": \#(frame)}]}"#
            let (fast, full) = both(text)
            if let fast { XCTAssertEqual(fast, try? full.get(), frame) } else if case .success = full { XCTFail("\(frame): readable, yet the scanner gave up") }
        }
        let padded = "{\"axsnapshot\": 1, \"elements\": [{\"label\": \"L\", \"frame\": [ 1 ,2,\t3 ,\n  4 ]}]}"
        XCTAssertEqual(both(padded).fast?.elements.first?.frame, Frame(x: 1, y: 2, width: 3, height: 4))
    }
}

extension JSONNodeScannerTests {
    /// Reading a version with the memo of another must give exactly what
    /// reading it alone gives (lines included): unchanged, edited, shifted
    /// and unrelated versions, and leaves moved to another depth.
    func testReadingWithThePreviousVersionsMemoChangesNothing() throws {
        var rng = SeededGenerator(seed: 0x5EED_0F_A11)
        var reused = 0
        func check(_ old: String, _ new: String) throws {
            guard let (_, memo) = JSONNodeScanner.snapshot(old, defaultScreen: "D", previous: nil) else { return }
            let alone = JSONNodeScanner.snapshot(new, defaultScreen: "D")
            let withMemo = JSONNodeScanner.snapshot(new, defaultScreen: "D", previous: memo)
            XCTAssertEqual(withMemo?.0, alone, new)
            if let next = withMemo?.1 { reused += next.leaves.count }
            // A memo made mostly of carried-over entries (the old version
            // read again with its own memo) must serve as well.
            let again = JSONNodeScanner.snapshot(old, defaultScreen: "D", previous: memo)
            XCTAssertEqual(again?.1.leaves.count, memo.leaves.count, old)
            XCTAssertEqual(JSONNodeScanner.snapshot(new, defaultScreen: "D", previous: again?.1)?.0, alone, new)
        }
        for _ in 0..<200 {
            let (a, _) = Self.randomSnapshot(&rng)
            let (b, _) = Self.randomSnapshot(&rng)
            try check(a, a)
            try check(a, "\n \n" + a)
            try check(a, b)
            try check(a, a.replacingOccurrences(of: "\"label\": \"", with: "\"label\": \"x"))
            try check(a, a.replacingOccurrences(of: ", ", with: ",\n  "))
            try check(a, a.replacingOccurrences(of: "\"role\": \"button\"", with: "\"role\": \"link\""))
        }
        let leaf = #"{"id": "pay.button.with.a.long.id", "role": "button", "label": "Pay now", "frame": [1, 2, 3, 4]}"#
        let flat = #"{"axsnapshot": 1, "elements": ["# + leaf + "]}"
        let nested = #"{"axsnapshot": 1, "elements": [{"role": "container", "children": ["# + leaf + ",\n" + leaf + "]}]}"
        try check(flat, nested)
        try check(nested, flat)
        try check(nested, nested.replacingOccurrences(of: "Pay now", with: "Pay later"))
        XCTAssertGreaterThan(reused, 1000, "leaves were kept")
        // A forged memo shows that unchanged leaves are taken from it, not decoded.
        let (_, memo) = try XCTUnwrap(JSONNodeScanner.snapshot(nested, defaultScreen: "D", previous: nil))
        XCTAssertEqual(memo.leaves.count, 3, "two leaves and their container")
        var altered = memo.snapshot
        for k in altered.elements[0].children.indices { altered.elements[0].children[k].label = "forged" }
        let forged = JSONScanMemo(source: memo.source, leaves: memo.leaves, paths: memo.paths, snapshot: altered)
        let read = try XCTUnwrap(JSONNodeScanner.snapshot(nested, defaultScreen: "D", previous: forged))
        XCTAssertEqual(read.0.elements.first?.children.map(\.label), ["forged", "forged"])
        XCTAssertEqual(read.0.elements.first?.children.map(\.line), [1, 2])
        // Taken whole from two lines further down, lines and all.
        let moved = try XCTUnwrap(JSONNodeScanner.snapshot("\n\n" + nested, defaultScreen: "D", previous: forged))
        XCTAssertEqual(moved.0.elements.first?.children.map(\.label), ["forged", "forged"])
        XCTAssertEqual(moved.0.elements.first?.children.map(\.line), [3, 4])
        XCTAssertEqual(moved.0.elements.first?.line, 3)
    }

    /// An element whose bytes recur except for its frame (rows below an inserted one move
    /// down) is taken from the memo with the new frame: the same snapshot, lines included,
    /// as reading without a memo, whatever the new frame is (another, null, one with line
    /// feeds inside, one the scanner gives up on).
    func testAnElementWhoseOnlyChangeIsItsFrameReadsAsWithoutAMemo() throws {
        let seed: UInt64 = 0xF4A_3E
        var rng = SeededGenerator(seed: seed)
        let frames = ["[1, 2, 3, 4]", "[0,0,0,0]", "null", "[1,\n 2,\r\n 3, 4]", "[12.5, 2e3, 44, 390.0]",
                      "[1, 2, 3]", "[1, 2, -3, 4]", "[1, 2, 3, 4, 5]", "[-0, 1, 1234567890123456, 1E-2]", "\"x\""]
        let pattern = try NSRegularExpression(pattern: #""frame"\s*:\s*(\[[^\]]*\]|null)"#)
        var compared = 0, scanned = 0
        for round in 0..<300 {
            let (old, _) = Self.randomSnapshot(&rng)
            guard let (_, memo) = JSONNodeScanner.snapshot(old, defaultScreen: "D", previous: nil) else { continue }
            // Every frame value replaced, each by one picked at random.
            let ns = old as NSString
            var new = ""
            var last = 0
            for match in pattern.matches(in: old, range: NSRange(location: 0, length: ns.length)) {
                let value = match.range(at: 1)
                new += ns.substring(with: NSRange(location: last, length: value.location - last))
                new += frames[Int(rng.next() % UInt64(frames.count))].replacingOccurrences(of: "\\n", with: "\n")
                    .replacingOccurrences(of: "\\r", with: "\r")
                last = value.location + value.length
            }
            new += ns.substring(from: last)
            let alone = JSONNodeScanner.snapshot(new, defaultScreen: "D")
            let withMemo = JSONNodeScanner.snapshot(new, defaultScreen: "D", previous: memo)
            XCTAssertEqual(withMemo?.0, alone, "round \(round) (seed \(seed)): \(new)")
            // The memo it leaves serves the next version as well.
            if let next = withMemo?.1 {
                XCTAssertEqual(JSONNodeScanner.snapshot(old, defaultScreen: "D", previous: next)?.0,
                               JSONNodeScanner.snapshot(old, defaultScreen: "D"), "round \(round) (seed \(seed)), back: \(old)")
            }
            compared += 1
            if alone != nil { scanned += 1 }
        }
        print("JSONNodeScannerTests: frames replaced in \(compared) snapshots, \(scanned) read by the scanner (seed \(seed))")
        XCTAssertGreaterThan(compared, 150)
        XCTAssertGreaterThan(scanned, 50, "new versions the scanner read itself")

        // A forged memo shows the element is taken from it, with the new frame and line.
        let row = #"{"id": "row.with.a.long.identifier.1", "role": "button", "label": "Pay now", "frame": [1, 2, 3, 4], "hint": "Pays"}"#
        let text = #"{"axsnapshot": 1, "elements": [{"role": "container", "children": ["# + row + ",\n" + row + "]}]}"
        let (_, memo) = try XCTUnwrap(JSONNodeScanner.snapshot(text, defaultScreen: "D", previous: nil))
        var altered = memo.snapshot
        for k in altered.elements[0].children.indices { altered.elements[0].children[k].label = "forged" }
        let forged = JSONScanMemo(source: memo.source, leaves: memo.leaves, paths: memo.paths, snapshot: altered)
        let moved = "\n" + text.replacingOccurrences(of: "[1, 2, 3, 4]", with: "[1,\n 50, 3, 4]")
        let read = try XCTUnwrap(JSONNodeScanner.snapshot(moved, defaultScreen: "D", previous: forged))
        let children = try XCTUnwrap(read.0.elements.first?.children)
        XCTAssertEqual(children.map(\.label), ["forged", "forged"], "taken from the memo")
        XCTAssertEqual(children.map(\.frame), Array(repeating: Frame(x: 1, y: 50, width: 3, height: 4), count: 2))
        XCTAssertEqual(children.map(\.hint), ["Pays", "Pays"])
        XCTAssertEqual(children.map(\.line), [2, 4], "each on its own line, the line feed inside the first frame counted")
        XCTAssertEqual(read.1.leaves.count, 3, "the new memo has both rows and their container")
        // A frame the scanner gives up on is not taken: the whole read gives up as without a memo.
        let negative = text.replacingOccurrences(of: "[1, 2, 3, 4]", with: "[1, 2, -3, 4]")
        XCTAssertNil(JSONNodeScanner.snapshot(negative, defaultScreen: "D", previous: forged))
        XCTAssertNil(JSONNodeScanner.snapshot(negative, defaultScreen: "D"))
    }
}
