import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// Hostile input (RELIABILITY.md, "Hostile input"): every file in
/// `Fixtures/hostile/` and a set of large inputs generated at run time are read
/// through `SnapshotReader.read`. Each must end in a `SnapshotError` whose
/// description starts with the file name, names a place (line, and column where
/// the reader knows it) and says what was wrong — or, for the files whose name
/// starts with `valid-`, in a successful read, because the input is in fact
/// valid (`manifest` says why). Nothing may crash, hang or take unbounded memory.
///
/// Times are printed, never asserted (speed is `axdiff-bench`'s `parse.*` rows):
/// what once took unbounded time has a scaling test here, the ratio of the
/// time at n and 8n.
final class HostileInputTests: XCTestCase {
    enum Place { case lineAndColumn, line, none }

    enum Outcome {
        /// A `SnapshotError` whose message contains the text; `place` is what
        /// it must name besides the file (`.none` only for an empty file).
        case error(String, place: Place = .lineAndColumn)
        /// The input is valid after all: it reads, with this many stops.
        case valid(stops: Int, why: String)
    }

    /// Every committed hostile file and what reading it must give.
    static let manifest: [String: Outcome] = [
        // Playwright ARIA YAML: tabs, bad indentation, unterminated quotes, YAML it does not speak
        "aria/bad-escape.aria.yml": .error("unknown escape \\'q' in a double-quoted string"),
        "aria/bad-hex-escape.aria.yml": .error("bad escape \\u: expected 4 hex digits"),
        "aria/bad-indentation-root.aria.yml": .error("malformed indentation: expected 2 spaces like the first item on line 1"),
        "aria/bad-indentation.aria.yml": .error("malformed indentation: expected 4 spaces like the item on line 2, found 2"),
                "aria/continuation-after-children.aria.yml": .error("expected a list item starting with '- ' (found \"stray text\")"),
        "aria/empty-item.aria.yml": .error("empty list item: expected a role after '- '"),
        "aria/flow-sequence.aria.yml": .error("not a snapshot in any known format"),
        "aria/invalid-utf8.aria.yml": .error("invalid UTF-8, expected a text snapshot"),
        "aria/lone-cr-in-line.aria.yml": .error("expected a list item starting with '- ' (found \"oops\\u{D}printed over\""),
        "aria/long-attribute-unterminated.aria.yml": .error("unterminated attribute [levellevel"),
        "aria/long-role-property-children.aria.yml": .error("property (line 2) cannot hold nested items"),
        "aria/nul-byte.aria.yml": .error("NUL byte: this is binary data, not a snapshot"),
        "aria/property-with-children.aria.yml": .error("a /url property (line 2) cannot hold nested items"),
        "aria/tab-indent.aria.yml": .error("tab in indentation: indent ARIA snapshot items with spaces"),
        "aria/unterminated-attribute.aria.yml": .error("unterminated attribute [level: expected ']'"),
        "aria/unterminated-double-quote.aria.yml": .error("unterminated double-quoted string: expected a closing \""),
        "aria/unterminated-regex.aria.yml": .error("unterminated /regex/ name: expected a closing '/'"),
        "aria/unterminated-single-quote.aria.yml": .error("unterminated single-quoted string: expected a closing '"),
        "aria/unterminated-value-quote.aria.yml": .error("unterminated double-quoted string: expected a closing \""),
        "aria/valid-block-scalar.aria.yml": .valid(stops: 1, why: "a `|` block scalar is read as Playwright reads it: its lines joined by spaces"),
        "aria/valid-bom.aria.yml": .valid(stops: 1, why: "a UTF-8 byte-order mark is skipped"),
        "aria/valid-crlf.aria.yml": .valid(stops: 2, why: "CRLF line ends read like LF"),
        "aria/valid-duplicate-refs.aria.yml": .valid(stops: 2, why: "[ref=…] is ignored (Playwright renumbers refs), so a repeated ref is harmless"),
        "aria/valid-lone-surrogate.aria.yml": .valid(stops: 1, why: "a lone \\ud83d escape in a YAML string becomes U+FFFD (YAML has no way to carry it)"),

        // axsnapshot JSON: truncation, wrong types, NaN and other non-JSON numbers, bad UTF-8 and surrogates, nesting
        "json/backslash-newline.json": .error("invalid escape in a string: expected \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX after '\\', found byte 0x0A"),
        "json/bad-escape.json": .error("invalid escape in a string: expected \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX after '\\', found 'x'"),
        "json/bad-heading-level.json": .error("expected level=N with N ≥ 1 in \"states\""),
        "json/bad-layout-direction.json": .error("expected ltr or rtl for \"layoutDirection\""),
        "json/comment.json": .error("expected a string key, found '/'"),
        "json/crlf-error-line-3.json": .error("expected a string for \"label\", found a number"),
        "json/empty-object.json": .error("missing \"axsnapshot\": 1, this is not an axsnapshot file"),
        "json/escape-in-key-then-no-colon.json": .error("expected ':' after key \"la\\u{A}bel\\u{1B}[31m\""),
        "json/frame-negative-size.json": .error("expected a non-negative width and height in \"frame\""),
        "json/frame-string-number.json": .error("expected a number in \"frame\", found a string"),
        "json/frame-three-numbers.json": .error("expected [x, y, width, height] for \"frame\", found an array"),
        "json/frame-wrong-type.json": .error("expected [x, y, width, height] for \"frame\", found a string"),
        "json/infinity.json": .error("expected a value, found 'I'"),
        "json/invalid-utf8.json": .error("invalid UTF-8, expected a text snapshot"),
        "json/lone-high-surrogate.json": .error("unpaired surrogate in \\u escape"),
        "json/lone-low-surrogate.json": .error("unpaired surrogate in \\u escape"),
        "json/long-key-without-colon.json": .error("expected ':' after key \"kkkk"),
        "json/missing-version.json": .error("missing \"axsnapshot\": 1, this is not an axsnapshot file"),
        "json/nan.json": .error("expected a value, found 'N'"),
        "json/negative-infinity.json": .error("expected a digit"),
        "json/nesting-600.json": .error("nesting deeper than 512 levels"),
        "json/nul-byte.json": .error("NUL byte: this is binary data, not a snapshot"),
        "json/number-hex.json": .error("expected ',' or '}' in an object, found 'x'"),
        "json/number-huge-exponent.json": .error("number out of range"),
        "json/number-leading-zero.json": .error("leading zero in a number"),
        "json/number-overflow.json": .error("number out of range"),
        "json/overlong-utf8.json": .error("invalid UTF-8, expected a text snapshot"),
        "json/raw-newline-in-string.json": .error("unterminated string (line break inside a string)"),
        "json/raw-tab-in-string.json": .error("control character in a string"),
        "json/reversed-surrogates.json": .error("unpaired surrogate in \\u escape"),
        "json/short-unicode-escape.json": .error("expected four hex digits after \\u"),
        "json/single-quotes.json": .error("expected a string key, found '''"),
        "json/top-level-array.json": .error("expected an object with \"axsnapshot\": 1, found an array"),
        "json/trailing-comma.json": .error("expected a value, found ']'"),
        "json/trailing-garbage.json": .error("unexpected text after the end of the JSON value"),
        "json/truncated-after-key.json": .error("expected ':' after key \"role\""),
        "json/truncated-object.json": .error("unexpected end of file inside an object"),
        "json/truncated-string.json": .error("unterminated string"),
        "json/unknown-platform.json": .error("expected one of ios, web, android, other for \"platform\""),
        "json/unquoted-key.json": .error("expected a string key, found 'a'"),
        "json/utf16-bom.json": .error("NUL byte: this is binary data, not a snapshot"),
        "json/utf8-encoded-surrogate.json": .error("invalid UTF-8, expected a text snapshot"),
        "json/valid-bom.json": .valid(stops: 1, why: "a UTF-8 byte-order mark is skipped"),
        "json/valid-crlf.json": .valid(stops: 1, why: "CR is JSON whitespace"),
        "json/valid-duplicate-ids.json": .valid(stops: 2, why: "ids need not be unique; matching pairs them by position"),
        "json/valid-duplicate-keys.json": .valid(stops: 1, why: "RFC 8259 leaves duplicate keys open; the last one wins, as in most parsers"),
        "json/valid-escaped-nul.json": .valid(stops: 1, why: "\\u0000 is a valid JSON escape; only a raw NUL byte is refused"),
        "json/valid-frame-negative-origin.json": .valid(stops: 1, why: "an element may sit off screen; only a negative size is refused"),
        "json/valid-surrogate-pair.json": .valid(stops: 1, why: "a paired \\ud83d\\ude00 escape is one emoji"),
        "json/version-2.json": .error("expected 1 for \"axsnapshot\" (the only version this axdiff reads)"),
        "json/version-string.json": .error("expected 1 for \"axsnapshot\" (the only version this axdiff reads)"),
        "json/whitespace-then-brace.json": .error("unexpected end of file inside an object"),
        "json/wrong-type-children.json": .error("expected an array for \"children\", found an object"),
        "json/wrong-type-element-in-array.json": .error("expected an element object, found a string"),
        "json/wrong-type-elements.json": .error("expected an array for \"elements\", found a string"),
        "json/wrong-type-hidden.json": .error("expected true or false for \"hidden\", found a string"),
        "json/wrong-type-label.json": .error("expected a string for \"label\", found a number"),
        "json/wrong-type-states.json": .error("expected an array of strings for \"states\", found a string"),

        // Not a snapshot at all
        "other/bom-only.txt": .error("empty file, expected a snapshot", place: .none),
        "other/empty.txt": .error("empty file, expected a snapshot", place: .none),
        "other/html.html": .error("not a snapshot in any known format"),
        "other/latin1-prose.txt": .error("invalid UTF-8, expected a text snapshot"),
        "other/png-header.png": .error("NUL byte: this is binary data, not a snapshot"),
        "other/prose.txt": .error("not a snapshot in any known format"),
        "other/whitespace-only.txt": .error("empty file, expected a snapshot", place: .none),
        "other/yaml-mapping.yml": .error("not a snapshot in any known format"),

        // uiautomator XML: DOCTYPE and entities, encodings, processing instructions, malformed XML and bounds
        "uiautomator/bad-bounds.xml": .error("bad bounds=\"[0,0][wide,88]\" on <node class=\"android.widget.Button\">: expected \"[x1,y1][x2,y2]\""),
        "uiautomator/billion-laughs.xml": .error("DOCTYPE declarations are not accepted in a uiautomator dump"),
        "uiautomator/bounds-overflow.xml": .error("bad bounds=\"[0,0][99999999999999999999,88]\""),
        "uiautomator/bounds-with-line-break.xml": .error("bad bounds=\"[0,0]\\u{A}[200,88]\" on <node class=\"android.\\u{A}widget.Button\">"),
        "uiautomator/char-ref-nul.xml": .error("XML is not well-formed: a character that XML does not allow"),
        "uiautomator/content-after-root.xml": .error("XML is not well-formed: content after the end of the root element"),
        "uiautomator/doctype-lowercase.xml": .error("DOCTYPE declarations are not accepted in a uiautomator dump"),
        "uiautomator/duplicate-attribute.xml": .error("XML is not well-formed: an attribute appears twice on one element"),
        "uiautomator/encoding-latin1.xml": .error("encoding=\"ISO-8859-1\" in the XML declaration: expected UTF-8"),
        "uiautomator/encoding-utf16.xml": .error("encoding=\"UTF-16\" in the XML declaration: expected UTF-8"),
        "uiautomator/encoding-utf7.xml": .error("encoding=\"UTF7\" in the XML declaration: expected UTF-8"),
        "uiautomator/external-entity.xml": .error("DOCTYPE declarations are not accepted in a uiautomator dump"),
        "uiautomator/invalid-utf8.xml": .error("invalid UTF-8, expected a text snapshot"),
        "uiautomator/long-element-name-mismatch.xml": .error("XML is not well-formed: the closing tag does not match <nnnn"),
        "uiautomator/mismatched-tag.xml": .error("XML is not well-formed: the closing tag does not match <node>"),
        "uiautomator/not-uiautomator.xml": .error("not a uiautomator dump: expected a <hierarchy> of <node> elements"),
        "uiautomator/nul-byte.xml": .error("NUL byte: this is binary data, not a snapshot"),
        "uiautomator/processing-instruction-empty.xml": .error("processing instruction <?…?>: expected none but the <?xml …?> declaration"),
        "uiautomator/processing-instruction-xml.xml": .error("processing instruction <?…?>: expected none but the <?xml …?> declaration"),
        "uiautomator/truncated.xml": .error("XML is not well-formed: an attribute value is not closed"),
        "uiautomator/unclosed-node.xml": .error("XML is not well-formed: the closing tag does not match <node>"),
        "uiautomator/undefined-entity.xml": .error("XML is not well-formed: an undefined entity (write & as &amp;)"),
        "uiautomator/unquoted-attribute.xml": .error("XML is not well-formed: an attribute value without quotes"),
        "uiautomator/valid-bom.xml": .valid(stops: 1, why: "a UTF-8 byte-order mark is allowed before the XML declaration"),
        "uiautomator/valid-bounds-inverted.xml": .valid(stops: 1, why: "a right/bottom edge before the left/top one gives a zero size"),
        "uiautomator/valid-bounds-negative.xml": .valid(stops: 1, why: "an element may sit off screen"),
        "uiautomator/valid-cdata-and-comment.xml": .valid(stops: 1, why: "comments and CDATA are well-formed XML and carry no nodes"),
        "uiautomator/valid-crlf.xml": .valid(stops: 1, why: "XML normalises CRLF"),
        "uiautomator/valid-duplicate-ids.xml": .valid(stops: 2, why: "resource-ids repeat in real dumps (list rows)"),
        "uiautomator/valid-empty-hierarchy.xml": .valid(stops: 0, why: "a screen with no nodes"),

        // XCUITest debugDescription: absurd frames, unterminated quotes and literals, control characters
        "xcuitest/absurd-frame.txt": .error("expected a frame {{x, y}, {w, h}}, found '{{nan, inf}, {-1, 1e309}}'"),
        "xcuitest/empty-tree.txt": .error("empty element tree, expected \"Element subtree:\" followed by element lines", place: .line),
        "xcuitest/escape-sequence-in-line.txt": .error("found '\\u{1B}[2J\\u{1B}[31mButton"),
        "xcuitest/frame-negative-size.txt": .error("expected a non-negative width and height in the frame '{{0.0, 0.0}, {-55.0, 40.0}}'"),
        "xcuitest/frame-overflow.txt": .error("expected a frame {{x, y}, {w, h}}, found '{{0.0, 0.0}, {1e309, 40.0}}'"),
        "xcuitest/frame-truncated.txt": .error("expected a frame {{x, y}, {w, h}}, found '{{0.0, 0.0}, {55.0'"),
        "xcuitest/garbage-attribute.txt": .error("expected an attribute such as identifier: '…', label: '…', value: …, a frame {{x, y}, {w, h}} or a state such as Selected, found '???, label: 'Pay''"),
        "xcuitest/invalid-utf8.txt": .error("invalid UTF-8, expected a text snapshot"),
        "xcuitest/lone-cr-after-type.txt": .error("expected ', ' between attributes of \"Button\", found '\\u{D}, 0x600000c8c380"),
        "xcuitest/long-key-unterminated.txt": .error("expected a closing ' for labellabel"),
        "xcuitest/long-type-name.txt": .error("expected ')' closing the qualifier after \"ButtonButton"),
        "xcuitest/not-an-element-line.txt": .error("expected an element line such as `Button, 0x…, {{x, y}, {w, h}}, label: '…'`, found 'this line is prose, not an element'"),
        "xcuitest/nul-byte.txt": .error("NUL byte: this is binary data, not a snapshot"),
        "xcuitest/po-bad-escape.txt": .error("invalid escape \\q in the string literal"),
        "xcuitest/po-escape-del.txt": .error("invalid escape \\x7F in the string literal"),
        "xcuitest/po-lone-surrogate-escape.txt": .error("invalid escape \\u in the string literal, expected \\u{hex digits} naming a Unicode scalar"),
        "xcuitest/po-scalar-too-large.txt": .error("invalid escape \\u in the string literal, expected \\u{hex digits} naming a Unicode scalar"),
        "xcuitest/po-unterminated-literal.txt": .error("unterminated string literal: expected a closing \" (this looks like lldb `po` output)", place: .line),
        "xcuitest/query-description.txt": .error("this is an XCUIElementQuery description (Find: … Output: { … }), not an element tree"),
        "xcuitest/unterminated-qualifier.txt": .error("expected ')' closing the qualifier after \"Window\""),
        "xcuitest/unterminated-quote.txt": .error("expected a closing ' for label: ''Pay'"),
        "xcuitest/valid-bom.txt": .valid(stops: 1, why: "a UTF-8 byte-order mark is skipped"),
        "xcuitest/valid-crlf.txt": .valid(stops: 1, why: "CRLF line ends read like LF"),
        "xcuitest/valid-duplicate-ids.txt": .valid(stops: 2, why: "identifiers repeat in real dumps"),
        "xcuitest/valid-frame-negative-origin.txt": .valid(stops: 1, why: "an element may sit off screen; only a negative size is refused"),
        "xcuitest/valid-lone-cr-in-state.txt": .valid(stops: 1, why: "an unknown state word (with a CR in it) is ignored, as all unknown states are"),
        "xcuitest/valid-tabs.txt": .valid(stops: 2, why: "a tab indents four columns"),
    ]

    static var hostileDirectory: URL {
        get throws {
            let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            return fixtures.appendingPathComponent("hostile")
        }
    }

    /// The committed files, relative to `hostile/`, sorted.
    static func hostileFiles() throws -> [String] {
        let root = try hostileDirectory
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                                  options: [.skipsHiddenFiles]))
        var files: [String] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)
            if relative != "README.md" { files.append(String(relative)) }
        }
        return files.sorted()
    }

    // MARK: - The committed corpus

    func testTheManifestCoversEveryFileAndOnlyValidFilesRead() throws {
        let files = try Self.hostileFiles()
        XCTAssertGreaterThanOrEqual(files.count, 50)
        XCTAssertEqual(Set(files), Set(Self.manifest.keys), "a file without a manifest entry, or an entry without a file")
        for (name, outcome) in Self.manifest {
            let base = name.split(separator: "/").last.map(String.init) ?? name
            if case .valid = outcome {
                XCTAssertTrue(base.hasPrefix("valid-"), "\(name): a valid input is named valid-… (the CLI test relies on it)")
            } else {
                XCTAssertFalse(base.hasPrefix("valid-"), "\(name): only valid inputs are named valid-…")
            }
        }
    }

    func testEveryCommittedHostileFile() throws {
        let root = try Self.hostileDirectory
        var slowest = (name: "", seconds: 0.0)
        for name in try Self.hostileFiles() {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(name)))
            guard let expected = Self.manifest[name] else { continue } // reported by the manifest test
            let seconds = check("hostile/" + name, bytes, expected).seconds
            if seconds > slowest.seconds { slowest = (name, seconds) }
        }
        print("HostileInputTests: slowest committed file \(slowest.name), \(String(format: "%.3f", slowest.seconds)) s")
    }

    // MARK: - Large inputs, generated at run time

    func testJSONNested100000Deep() {
        // Arrays in arrays, and elements in elements' children.
        let arrays = Array(#"{"axsnapshot": 1, "elements": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + [UInt8(ascii: "}")]
        measure("json arrays 100,000 deep", "deep-arrays.json", arrays, .error("nesting deeper than 512 levels"))
        var nodes = Array(#"{"axsnapshot": 1, "elements": ["#.utf8)
        for _ in 0..<100_000 { nodes += Array(#"{"role": "group", "children": ["#.utf8) }
        for _ in 0..<100_000 { nodes += Array("]}".utf8) }
        nodes += Array("]}".utf8)
        measure("json elements 100,000 deep", "deep-elements.json", nodes, .error("nesting deeper than 512 levels"))
    }

    func testXMLNested100000Deep() {
        var xml = Array("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">".utf8)
        for _ in 0..<100_000 { xml += Array(#"<node class="android.widget.FrameLayout" bounds="[0,0][1,1]">"#.utf8) }
        for _ in 0..<100_000 { xml += Array("</node>".utf8) }
        xml += Array("</hierarchy>\n".utf8)
        measure("uiautomator 100,000 deep", "deep.xml", xml, .error("nesting deeper than 1000 levels"))
    }

    func testARIANestedDeep() {
        // Indentation nests: depth d costs d²/2 bytes, so 100,000 levels would be
        // 5 GB. 5,000 levels (12.5 MB) are refused at level 1,001 …
        var yaml: [UInt8] = []
        for level in 0..<5_000 {
            yaml += [UInt8](repeating: 0x20, count: level)
            yaml += Array("- group:\n".utf8)
        }
        measure("aria 5,000 deep", "deep.aria.yml", yaml, .error("nesting deeper than 1000 levels"))
        // … and 100,000 nested flow brackets are plain text to this reader, not
        // nesting (Playwright never writes flow collections).
        let flow = Array("- list:\n  - listitem: ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + [0x0A]
        measure("aria 100,000 brackets", "brackets.aria.yml", flow, .valid(stops: 1, why: "brackets are text"))
    }

    func testXCUITestNestedDeep() throws {
        // Indentation nests here too; a tab counts four columns, so the deepest
        // tree in 16 MB (the CLI's default size limit) is about 10,900 levels.
        // XCUITest dumps have no depth limit: it must read, without recursion.
        var text = Array("Element subtree:\n".utf8)
        var depth = 0
        let line = Array("Other, 0x1\n".utf8)
        while text.count + depth / 4 + 3 + line.count < 16_000_000 {
            text += [UInt8](repeating: 0x09, count: depth / 4) + [UInt8](repeating: 0x20, count: depth % 4) + line
            depth += 1
        }
        text += [UInt8](repeating: 0x09, count: depth / 4) + [UInt8](repeating: 0x20, count: depth % 4)
        text += Array("Button, 0x2, label: 'Bottom'\n".utf8)
        let snapshot = measure("xcuitest \(depth) deep", "deep.txt", text, .valid(stops: 1, why: "a deep but valid dump"))
        XCTAssertEqual(snapshot?.stops.first?.path.count, depth + 1)
        // 100,000 nested frame braces on one line.
        let braces = Array("Element subtree:\n →Application, 0x1, pid: 1, label: 'Shop'\n    Button, 0x2, ".utf8)
            + [UInt8](repeating: UInt8(ascii: "{"), count: 200_000) + [0x0A]
        measure("xcuitest 100,000 braces", "braces.txt", braces, .error("expected a frame {{x, y}, {w, h}}"))
    }

    /// `count` realistic elements, cut off before the end: everything is
    /// parsed before the error shows.
    static func truncatedRows(_ count: Int) -> [UInt8] {
        var json = Array(#"{"axsnapshot": 1, "screen": "Big", "platform": "ios", "elements": ["#.utf8) + [0x0A]
        json.reserveCapacity(count * 100 + 100)
        for i in 0..<count {
            json += Array(#"  {"id": "row_\#(i)", "role": "button", "label": "Item \#(i)", "frame": [0, \#(i * 44), 320, 44]},"#.utf8)
            json.append(0x0A)
        }
        return json
    }

    /// 100 MB (about a million elements): a long test (about a minute here). Refused by the
    /// element limit before anything is built; with the limit lifted, the reader itself.
    func testHundredMegabyteFile() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let json = Self.truncatedRows(1_015_000)
        XCTAssertGreaterThan(json.count, 100_000_000)
        measure("100 MB axsnapshot JSON, truncated, default element limit", "big.json", json,
                .error("more than the 250000-element limit (maxSnapshotElements)", place: .none))
        measure("100 MB axsnapshot JSON, truncated", "big.json", json, .error("unexpected end of file, expected a value"), maxElements: .max)
    }

    /// The JSON reader (`JSONParser`, then the decoder) is linear in the elements.
    func testTruncatedJSONReadsInLinearTime() {
        measure("1 MB axsnapshot JSON, truncated", "big.json", Self.truncatedRows(10_000), .error("unexpected end of file, expected a value"))
        XCTAssertNil(Scaling.check("the JSON reader on a truncated file", .linear, n: 500) { n in
            let json = Self.truncatedRows(n)
            return { _ = try? SnapshotReader.read(json, file: "big.json") }
        })
    }

    func testEntityExpansionIsRefusedBeforeParsing() {
        // A billion laughs (10 levels of 10 references: 10^10 "lol"s) and a
        // quadratic blow-up (a 100 kB entity referenced 100,000 times).
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE hierarchy [\n <!ENTITY lol0 \"lol\">\n"
        for level in 1...10 {
            laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        laughs += "]>\n<hierarchy><node text=\"&lol10;\" class=\"android.widget.TextView\" bounds=\"[0,0][1,1]\"/></hierarchy>\n"
        measure("billion laughs", "laughs.xml", Array(laughs.utf8), .error("DOCTYPE declarations are not accepted"))
        let blowup = "<?xml version=\"1.0\"?>\n<!DOCTYPE hierarchy [<!ENTITY a \"" + String(repeating: "a", count: 100_000) + "\">]>\n"
            + "<hierarchy><node text=\"" + String(repeating: "&a;", count: 100_000) + "\" class=\"android.widget.TextView\" bounds=\"[0,0][1,1]\"/></hierarchy>\n"
        measure("quadratic blow-up", "blowup.xml", Array(blowup.utf8), .error("DOCTYPE declarations are not accepted"))
    }

    /// A long test (10 MB through each reader); `testLongLabelsReadInLinearTime` is the default's.
    func testTenMegabyteLabelInEachFormat() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        for (what, file, text) in Self.longLabels(10 << 20) {
            let snapshot = measure("\(what) 10 MB label", file, text, .valid(stops: 1, why: "long, but valid"))
            XCTAssertEqual(snapshot?.stops.first?.label.utf8.count, 10 << 20, what)
        }
    }

    /// A label of `bytes` bytes in each text format.
    static func longLabels(_ bytes: Int) -> [(what: String, file: String, text: [UInt8])] {
        let label = String(repeating: "x", count: bytes)
        return [
            ("json", "label.json", Array(#"{"axsnapshot": 1, "elements": [{"role": "button", "label": "\#(label)"}]}"#.utf8)),
            ("xcuitest", "label.txt", Array("Element subtree:\n →Application, 0x1, pid: 1, label: 'Shop'\n    Button, 0x2, label: '\(label)'\n".utf8)),
            ("aria", "label.aria.yml", Array("- button \"\(label)\"\n".utf8)),
            ("uiautomator", "label.xml", Array("<?xml version='1.0' encoding='UTF-8'?><hierarchy><node text=\"\(label)\" class=\"android.widget.Button\" bounds=\"[0,0][1,1]\"/></hierarchy>".utf8)),
        ]
    }

    /// Each reader is linear in the length of a label.
    func testLongLabelsReadInLinearTime() {
        for (what, file, text) in Self.longLabels(1 << 20) {
            let snapshot = measure("\(what) 1 MB label", file, text, .valid(stops: 1, why: "long, but valid"))
            XCTAssertEqual(snapshot?.stops.first?.label.utf8.count, 1 << 20, what)
        }
        for index in Self.longLabels(1).indices {
            XCTAssertNil(Scaling.check("\(Self.longLabels(1)[index].what) reader on a long label", .linear, n: 65_536) { n in
                let (_, file, text) = Self.longLabels(n)[index]
                return { _ = try? SnapshotReader.read(text, file: file) }
            })
        }
    }

    /// A plain value of `lines` continuation lines.
    static func paragraph(_ lines: Int) -> [UInt8] {
        var yaml = Array("- paragraph: start\n".utf8)
        yaml.reserveCapacity(lines * 7 + 20)
        for _ in 0..<lines { yaml += Array("  more\n".utf8) }
        return yaml
    }

    func testLongARIAParagraphReadsInLinearTime() {
        // Fuzzing find (RELIABILITY.md): continuation lines of a plain value were
        // joined by copying the whole value per line, quadratic; 4 million lines
        // (16 MB) took about 20 minutes.
        let snapshot = measure("aria 1 MB paragraph", "paragraph.aria.yml", Self.paragraph(150_000), .valid(stops: 1, why: "continuation lines"))
        XCTAssertEqual(snapshot?.stops.first?.label, (["start"] + Array(repeating: "more", count: 150_000)).joined(separator: " "))
        XCTAssertNil(Scaling.check("AriaYAMLReader on a paragraph's continuation lines", .linear, n: 5_000) { n in
            let yaml = Self.paragraph(n)
            return { _ = try? SnapshotReader.read(yaml, file: "paragraph.aria.yml") }
        })
    }

    // MARK: - Fuzzing finds (RELIABILITY.md, "Fuzzing"), minimised, fed to the reader that failed

    func testFuzzFindings() {
        func reads(_ name: String, _ read: () throws -> Snapshot) {
            do {
                _ = try read()
                XCTFail("\(name): read, expected a SnapshotError")
            } catch let error as SnapshotError {
                assertOneLine(error.description, name)
            } catch {
                XCTFail("\(name): threw \(error), expected a SnapshotError")
            }
        }
        // libxml2 switched to UTF-7 for `encoding='UTF7'` and crashed on the next non-ASCII byte.
        reads("utf7") { try UIAutomatorReader.read("<?xml version='1.0' encoding='UTF7'\u{FFFD}", file: "fuzz.xml", screen: "x") }
        // 00 00 00 3C made libxml2 detect UCS-4 and crash switching to it.
        reads("ucs4") { try UIAutomatorReader.read("\0\0\0<c\u{FFFD}", file: "fuzz.xml", screen: "x") }
        // A processing instruction without data: FoundationXML passed NULL to strlen.
        reads("pi") { try UIAutomatorReader.read("<?x?>", file: "fuzz.xml", screen: "x") }
        reads("pi in a dump") { try UIAutomatorReader.read("<hierarchy><?pi?></hierarchy>", file: "fuzz.xml", screen: "x") }
        // Messages that quoted input verbatim and so broke the one-line contract.
        reads("json escape") { try AXSnapshotJSONReader.read("{\"\u{FFFD}\\\n", file: "fuzz.json", screen: "x") }
        reads("json key") { try AXSnapshotJSONReader.read("{\"a\\nb\" 1}", file: "fuzz.json", screen: "x") }
        reads("aria continuation") { try AriaYAMLReader.read("- b|\r\0\0\0\0\0\0button", file: "fuzz.yml", screen: "x") }
        reads("aria stray line") { try AriaYAMLReader.read("- banner:\n  a\rb\u{1B}[2J", file: "fuzz.yml", screen: "x") }
        reads("xml bounds") {
            try UIAutomatorReader.read("<hierarchy><node class=\"a&#10;b\" bounds=\"[0,0]&#13;&#10;[1,1]\"/></hierarchy>", file: "fuzz.xml", screen: "x")
        }
        reads("xcuitest quote") { try XCUITestReader.read("Element subtree:\nButton\r\u{1B}[2J, 0x1", file: "fuzz.txt", screen: "x") }
        reads("xcuitest literal escape") { try XCUITestReader.read("\"Element subtree:\\n Button, 0x1\\\u{7F}\"", file: "fuzz.txt", screen: "x") }
        reads("leading zero") { try AXSnapshotJSONReader.read(#"{"axsnapshot": 01}"#, file: "fuzz.json", screen: "x") }
    }

    // MARK: - Helpers

    /// Reads `bytes` as `file` and checks the outcome; returns the seconds it
    /// took and the snapshot when it read.
    @discardableResult
    func check(_ file: String, _ bytes: [UInt8], _ expected: Outcome, maxElements: Int = SnapshotReader.defaultMaxElements,
               line: UInt = #line) -> (seconds: TimeInterval, snapshot: Snapshot?) {
        let start = Date()
        let result = Result { try SnapshotReader.read(bytes, file: file, maxElements: maxElements) }
        let seconds = Date().timeIntervalSince(start)
        switch (result, expected) {
        case (.success(let snapshot), .valid(let stops, _)):
            XCTAssertEqual(snapshot.stops.count, stops, "\(file): stops", line: line)
        case (.success, .error(let message, _)):
            XCTFail("\(file): read fine, expected an error containing \"\(message)\"", line: line)
        case (.failure(let error), .valid(_, let why)):
            XCTFail("\(file): \(error), expected a read (\(why))", line: line)
        case (.failure(let error), .error(let message, let place)):
            guard let error = error as? SnapshotError else {
                XCTFail("\(file): threw \(error), expected a SnapshotError", line: line)
                break
            }
            let text = error.description
            XCTAssertEqual(error.file, file, line: line)
            XCTAssertTrue(text.hasPrefix(file + ":"), "\(text) does not start with the file name", line: line)
            XCTAssertTrue(error.message.contains(message), "\(text) does not say \"\(message)\"", line: line)
            switch place {
            case .lineAndColumn:
                XCTAssertNotNil(error.line, "\(text): no line", line: line)
                XCTAssertNotNil(error.column, "\(text): no column", line: line)
            case .line:
                XCTAssertNotNil(error.line, "\(text): no line", line: line)
            case .none:
                break
            }
            if let l = error.line { XCTAssertGreaterThanOrEqual(l, 1, text, line: line) }
            if let c = error.column { XCTAssertGreaterThanOrEqual(c, 1, text, line: line) }
            assertOneLine(text, file, line: line)
        }
        return (seconds, try? result.get())
    }

    /// Checks a generated input, prints its time and the process's peak
    /// memory so far, and returns the snapshot when it read.
    @discardableResult
    func measure(_ what: String, _ file: String, _ bytes: [UInt8], _ expected: Outcome,
                 maxElements: Int = SnapshotReader.defaultMaxElements, line: UInt = #line) -> Snapshot? {
        let (seconds, snapshot) = check(file, bytes, expected, maxElements: maxElements, line: line)
        print("HostileInputTests: \(what): \(bytes.count) bytes, \(String(format: "%.2f", seconds)) s, process peak RSS \(Self.peakRSSMegabytes()) MB")
        return snapshot
    }

    func assertOneLine(_ text: String, _ name: String, line: UInt = #line) {
        let control = text.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" }
        XCTAssertNil(control, "\(name): the message holds a control character or line break: \(text.debugDescription)", line: line)
        XCTAssertLessThan(text.count, 600, "\(name): the message quotes too much input", line: line)
    }

    /// VmHWM of this process, in MB (0 where /proc is missing).
    static func peakRSSMegabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}
