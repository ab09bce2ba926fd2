@testable import AXSnapshot
import AXTestSupport
import XCTest

/// The byte parser must read every element line exactly as the `Character`
/// parser does: the same fields, the same errors, the same columns.
final class XCUITestByteLineParserTests: XCTestCase {
    typealias Reader = XCUITestReader

    /// Pieces of element lines: the structure, and Unicode that could make
    /// bytes and `Character`s differ (combining marks, a prepended mark, ZWJ,
    /// U+212A KELVIN SIGN equal to `K`, fullwidth hex digits, CR LF).
    static let pieces = [
        "Button", "Other", "StaticText", " (Main)", " (", ")", ", ", ",", " ", "  ", "0x", "1f", "A0", "{{", "}}", "{", "}",
        "1.0", "-2", "e3", "55.5", "label: ", "value: ", "identifier:", "title: ", "placeholderValue: ", "pid: 3",
        "'", "\"", "\\", "\\'", "Selected", "Keyboard Focused", "Not Hittable", "Hidden",
        "\u{212A}eyboard Focused", "\u{301}", "é", "e\u{301}", "\u{600}", "👍🏽", "\u{200D}", "Ｆ", "３",
        "\r", "\t", "\r\n", "\u{37E}", "\u{1FEF}", "`", "x", "Don't", "\u{A0}", "日本", "\u{FE0E}",
    ]

    static func randomLine(_ rng: inout SeededGenerator) -> String {
        var line = Int.random(in: 0..<4, using: &rng) == 0 ? "" : "Button, 0x1f, {{1.0, 2.0}, {3.0, 4.0}}"
        for _ in 0..<Int.random(in: 0..<12, using: &rng) {
            line += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
        }
        return line
    }

    static func read(_ result: () throws -> Reader.ElementLine) -> String {
        do {
            let e = try result()
            return [e.type.name, e.frame.map { "\($0)" }, e.identifier, e.label, e.title, e.value,
                    e.placeholder, String(e.flags.rawValue)].map { $0 ?? "nil" }.joined(separator: " ¦ ")
        } catch {
            return "error: \(error)"
        }
    }

    func testByteParserReadsAsCharacterParserOnRandomLines() {
        let seed: UInt64 = 20_261_206_0735
        var rng = SeededGenerator(seed: seed)
        var onBytes = 0
        var onCharacters = 0
        var errors = 0
        let rounds = 20_000
        for round in 0..<rounds {
            let text = Self.randomLine(&rng)
            let expected = Self.read { var p = Reader.LineParser(text, line: 7, column: 5, file: "f.txt"); return try p.parse() }
            var rest = text
            let (readsAsBytes, got) = rest.withUTF8 { bytes in
                (Reader.ByteLineParser.readsAsBytes(bytes),
                 Self.read { var p = Reader.ByteLineParser(bytes, line: 7, column: 5, file: "f.txt"); return try p.parse() })
            }
            XCTAssertEqual(Self.read { try Reader.parseLine(text, line: 7, column: 5, file: "f.txt") }, expected,
                           "seed \(seed), round \(round): \(text.debugDescription)")
            if readsAsBytes {
                onBytes += 1
                if expected.hasPrefix("error:") { errors += 1 }
                XCTAssertEqual(got, expected, "seed \(seed), round \(round): \(text.debugDescription)")
            } else {
                onCharacters += 1
            }
        }
        print("seed \(seed): \(onBytes) lines on bytes (\(errors) errors), \(onCharacters) on Characters")
        // Both paths and both outcomes are exercised, so the comparison is not vacuous.
        XCTAssertGreaterThan(onBytes, rounds / 4)
        XCTAssertGreaterThan(errors, rounds / 20)
        XCTAssertGreaterThan(onBytes - errors, rounds / 20)
        XCTAssertGreaterThan(onCharacters, rounds / 20)
    }

    func testLinesWhereBytesAndCharactersDifferAreLeftToTheCharacterParser() {
        let differing = [
            "Button, 0x1, label: 'ab'\u{301}, Selected", // a quote with a combining mark is no quote
            "Button\u{301}, 0x1",                         // the type's last letter is not ASCII
            "Button, 0x1, label: 'x\u{600}', Selected",   // a prepended mark joins the quote after it
            "Button, 0x1, value: a, \u{212A}eyboard Focused", // KELVIN SIGN equals K
            "Button, 0x1, label: 'a;\u{37E}'",
            "Button, 0x1, label: 'a\r\nb'",
            "StaticText, 0x2, value: e\u{301}te\u{301}", // a decomposed accent on an ASCII letter
        ]
        for text in differing {
            var rest = text
            XCTAssertFalse(rest.withUTF8 { Reader.ByteLineParser.readsAsBytes($0) }, text.debugDescription)
        }
        let same = [
            "Button, 0x1, {{1.0, 2.0}, {3.0, 4.0}}, label: 'Menu', Selected",
            "StaticText, 0x2, label: 'Café 日本 👍🏽', value: 'Ａ\u{301}'",
            "Button, 0x１, label: 'x'",
        ]
        for text in same {
            var rest = text
            XCTAssertTrue(rest.withUTF8 { Reader.ByteLineParser.readsAsBytes($0) }, text.debugDescription)
        }
    }

    func testErrorColumnCountsCharacters() {
        // 👍🏽 is two scalars, eight bytes, one Character; 日 three bytes: the column counts each once.
        let text = "Button, 0x1, label: '👍🏽日', {{1.0, x}}"
        var rest = text
        XCTAssertTrue(rest.withUTF8 { Reader.ByteLineParser.readsAsBytes($0) })
        XCTAssertThrowsError(try Reader.parseLine(text, line: 3, column: 2, file: "f.txt")) { error in
            XCTAssertEqual("\(error)", "f.txt:3:28: expected a frame {{x, y}, {w, h}}, found '{{1.0, x}}'")
        }
    }

    func testShortDecimalsReadAsDoubleReadsThem() {
        let seed: UInt64 = 20_261_206_0740
        var rng = SeededGenerator(seed: seed)
        let alphabet = Array("0123456789.-.-e+9")
        var fast = 0
        for round in 0..<50_000 {
            var text = ""
            switch round % 3 {
            case 0: // frames as XCUITest prints them
                text = "\(Int.random(in: -99_999...99_999, using: &rng)).\(Int.random(in: 0...999_999, using: &rng))"
            case 1: // up to 17 digits, around the 15-digit bound
                let digits = Int.random(in: 1...17, using: &rng)
                let point = Int.random(in: 0...digits, using: &rng)
                for k in 0..<digits {
                    if k == point { text += "." }
                    text += String(Int.random(in: 0...9, using: &rng))
                }
                if Bool.random(using: &rng) { text = "-" + text }
            default: // anything from the number alphabet
                for _ in 0..<Int.random(in: 1...8, using: &rng) { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            }
            var bytes = text
            let got = bytes.withUTF8 { Reader.ByteLineParser.shortDecimal($0, 0, $0.count) }
            if let got {
                fast += 1
                let expected = Double(text)
                XCTAssertEqual(got.bitPattern, expected?.bitPattern, "seed \(seed), round \(round): \(text)")
            }
        }
        print("seed \(seed): \(fast) of 50000 numbers on the short path")
        XCTAssertGreaterThan(fast, 30_000)
    }
}
