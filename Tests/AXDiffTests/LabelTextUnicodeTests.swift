@testable import AXDiff
import AXTestSupport
import XCTest

/// `LabelText.lowercased`, `normalized` and `words` tell ASCII characters by
/// their bytes and map the rest as the standard library does: the same
/// strings as `String.lowercased()` and `Character`'s properties give, for
/// every scalar and for text mixing them (combining marks after ASCII
/// letters, "\r\n", other spaces, digits of other scripts).
final class LabelTextUnicodeTests: XCTestCase {
    /// Every Unicode scalar, 64 to a string between ASCII letters, against
    /// `String.lowercased()`, byte for byte.
    func testLowercasedIsTheLibrarysForEveryScalar() {
        var chunk = String.UnicodeScalarView()
        var checked = 0
        func check() {
            let s = "Ab" + String(chunk) + "Z"
            XCTAssertEqual(Array(LabelText.lowercased(s).utf8), Array(s.lowercased().utf8),
                           "scalars from U+\(String(chunk.first?.value ?? 0, radix: 16, uppercase: true))")
            checked += chunk.count
            chunk = String.UnicodeScalarView()
        }
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            chunk.append(scalar)
            if chunk.count == 64 { check() }
        }
        check()
        XCTAssertEqual(checked, 0x110000 - 0x800)  // every scalar but the surrogates
    }

    /// The ASCII shortcuts agree with `Character`'s properties on every ASCII
    /// character, "\r\n", and characters that are not ASCII.
    func testCharacterTestsAreTheProperties() {
        var characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "\u{A0}", "\u{2028}", "\u{3000}", "é", "e\u{301}", " \u{301}", "1\u{20E3}", "٣", "Ⅻ", "²", "Ａ", "中", "👩‍💻"]
        for c in characters {
            XCTAssertEqual(LabelText.isWhitespace(c), c.isWhitespace, "\(Array(String(c).unicodeScalars))")
            XCTAssertEqual(LabelText.isLetterOrNumber(c), c.isLetter || c.isNumber, "\(Array(String(c).unicodeScalars))")
        }
    }

    /// Seeded labels mixing ASCII with the characters that differ by a byte
    /// from what they look like, against the definitions on `Character`s.
    func testNormalizedAndWordsAreTheCharacterDefinitions() {
        let seed: UInt64 = 0x10C4
        var rng = SeededGenerator(seed: seed)
        let pool = ["a", "B", "z", "Q", "7", "0", " ", "  ", "\t", "\n", "\r\n", "\r", "-", ".", "’", "…", "\u{A0}",
                    "\u{2028}", "\u{3000}", "\u{301}", "\u{20DD}", "\u{200D}", "É", "é", "İ", "ß", "Σ", "ﬃ", "Ⅻ", "٣", "²",
                    "Ａ", "中", "👩", "💻", "\u{FE0F}", "ǅ", "\u{1F1EB}\u{1F1F7}"]
        // Text of characters that are one scalar each, most of a web page's (`ScalarCharacters`).
        let ownPool = ["a", "B", "7", " ", "\t", "\r\n", "-", "é", "Ö", "’", "“", "…", "–", "\u{A0}", "\u{2009}", "\u{2028}",
                       "€", "→", "Ж", "ё", "Σ", "中", "カ", "Ａ", "Ⅻ", "²", "İ", "ǅ", "\u{3000}", "©"]
        var scalarText = 0
        for trial in 0..<6_000 {
            let from = trial % 3 == 0 ? pool : ownPool
            let label = (0..<Int.random(in: 0...24, using: &rng)).map { _ in from[Int.random(in: 0..<from.count, using: &rng)] }.joined()
            if ScalarCharacters.hold(LabelText.lowercased(label)) { scalarText += 1 }
            let normal = label.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            let words = label.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            XCTAssertEqual(Array(LabelText.normalized(label).utf8), Array(normal.utf8), "seed \(seed) trial \(trial): \(Array(label.unicodeScalars))")
            XCTAssertEqual(LabelText.words(label).map { Array($0.utf8) }, words.map { Array($0.utf8) },
                           "seed \(seed) trial \(trial): \(Array(label.unicodeScalars))")
        }
        XCTAssertGreaterThan(scalarText, 3_000, "seed \(seed): the scalar path is taken")
    }
}
