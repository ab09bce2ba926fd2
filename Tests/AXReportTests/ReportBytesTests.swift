import AXTestSupport
@testable import AXReport
import XCTest

/// `ReportBytes` escapes a run of bytes at a time; each escape must give the
/// bytes of the `String` property of its name (`oneLine`, `markdownEscaped`,
/// `xmlEscaped`), the oracle, for every string a report can hold.
final class ReportBytesTests: XCTestCase {
    /// Every character an escape replaces, its neighbours in UTF-8 (U+2027
    /// and U+202A share U+2028's first two bytes, U+FFFD U+FFFE's), CR LF,
    /// and the Markdown punctuation inside larger characters: before a
    /// combining accent, after a prepended mark (U+0600), in a ZWJ sequence.
    static let pieces: [String] = [
        "a", "Try again", " ", "\"", "'", "\\", "/", "\n", "\r", "\r\n", "\n\r", "\t", "\u{00}", "\u{01}", "\u{1B}", "\u{1F}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "\u{301}", "\u{600}", "\u{200D}", "\u{2027}", "\u{2028}",
        "\u{2029}", "\u{202A}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "設定", "👋", "👩‍💻", "<script>", "&amp;",
        "&", "<", ">", "`", "*", "_", "[", "]", "|", "~", "#", "!", "**x**", "\u{10FFFF}",
    ]

    static func randomString(_ rng: inout SeededGenerator) -> String {
        (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    private func assertOracles(_ text: String, _ message: @autoclosure () -> String = "", line: UInt = #line) {
        let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        var out = ReportBytes()
        out.appendOneLine(text)
        XCTAssertEqual(out.bytes, Array(text.oneLine.utf8), "oneLine of \(scalars) \(message())", line: line)
        out = ReportBytes()
        out.appendMarkdownEscaped(text)
        XCTAssertEqual(out.bytes, Array(text.markdownEscaped.utf8), "markdownEscaped of \(scalars) \(message())", line: line)
        for attribute in [false, true] {
            out = ReportBytes()
            out.appendXMLEscaped(text, attribute: attribute)
            XCTAssertEqual(out.bytes, Array(text.xmlEscaped(attribute: attribute).utf8),
                           "xmlEscaped(attribute: \(attribute)) of \(scalars) \(message())", line: line)
        }
    }

    func testEachPieceAloneAndBesideAnotherIsTheOraclesBytes() {
        for piece in Self.pieces {
            for other in Self.pieces {
                assertOracles(piece + other)
            }
            assertOracles(piece)
        }
        assertOracles("")
    }

    func testSeededStringsAreTheOraclesBytes() {
        let seed: UInt64 = 0xB17E5_0F_2E9
        var rng = SeededGenerator(seed: seed)
        for round in 0..<5_000 {
            assertOracles(Self.randomString(&rng), "round \(round), seed \(seed)")
        }
    }

    func testPlainTextIsCopiedAsItIs() {
        var out = ReportBytes()
        out.append("axdiff: ")
        out.append("設定")
        out.append(42)
        out.append(byte: UInt8(ascii: "!"))
        out.appendLine()
        out.appendLine("x")
        XCTAssertEqual(out.bytes, Array("axdiff: 設定42!\nx\n".utf8))
    }
}
