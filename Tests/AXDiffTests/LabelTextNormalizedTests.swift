@testable import AXDiff
import AXTestSupport
import XCTest

/// `LabelText.normalized`: lower-cased, trimmed, inner whitespace collapsed,
/// whatever path a label takes (already normal, ASCII, or not).
final class LabelTextNormalizedTests: XCTestCase {
    /// The definition, on `Character`s.
    private func reference(_ s: String) -> String {
        s.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Seeded labels from every ASCII byte (controls, whitespace, "\r\n",
    /// upper case) and a few non-ASCII characters, against the definition.
    func testNormalizedIsTheCharacterDefinition() {
        let seed: UInt64 = 0x4E0F
        var rng = SeededGenerator(seed: seed)
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let wide = ["\r\n", "  ", "É", "\u{A0}", "\u{2028}", "ß", "\u{212A}", "中"]
        var asciiOnly = 0
        for trial in 0..<4_000 {
            let length = Int.random(in: 0...20, using: &rng)
            let mostlyASCII = trial % 4 != 0
            let label = (0..<length).map { _ -> String in
                if mostlyASCII || Bool.random(using: &rng) {
                    // Letters, digits and spaces most of the time, any byte now and then.
                    let pick = Int.random(in: 0..<10, using: &rng)
                    if pick < 6 { return ascii[Int.random(in: 0x41...0x7A, using: &rng)] }
                    if pick < 8 { return [" ", "\t", "\n", "\r\n"][Int.random(in: 0..<4, using: &rng)] }
                    return ascii[Int.random(in: 0..<128, using: &rng)]
                }
                return wide[Int.random(in: 0..<wide.count, using: &rng)]
            }.joined()
            if label.utf8.allSatisfy({ $0 < 0x80 }) { asciiOnly += 1 }
            let x = String(decoding: Array(label.utf8), as: UTF8.self)
            XCTAssertEqual(LabelText.normalized(x), reference(x), "seed \(seed) trial \(trial): \(Array(x.utf8))")
        }
        XCTAssertGreaterThan(asciiOnly, 2_000, "seed \(seed): the ASCII path is taken")
    }

    /// `normalizes(label, to:)` is `normalized(label) == name`: against the
    /// label's own normal form, a near miss of it, and another label's.
    func testNormalizesIsComparingTheNormalForm() {
        let seed: UInt64 = 0x4E10
        var rng = SeededGenerator(seed: seed)
        let pieces = ["Delete", "delete", " ", "  ", "\t", "\r\n", "Row", "3", "É", "a", "B", "\u{A0}", "-"]
        func label() -> String {
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
        }
        var matches = 0
        for trial in 0..<3_000 {
            let a = label()
            var name = LabelText.normalized(Bool.random(using: &rng) ? a : label())
            if Int.random(in: 0..<4, using: &rng) == 0, !name.isEmpty {
                var bytes = Array(name.utf8)
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = [UInt8(ascii: " "), UInt8(ascii: "d"), UInt8(ascii: "x")][Int.random(in: 0..<3, using: &rng)]
                name = String(decoding: bytes, as: UTF8.self)
            }
            let expected = LabelText.normalized(a) == name
            if expected { matches += 1 }
            XCTAssertEqual(LabelText.normalizes(a, to: name), expected, "seed \(seed) trial \(trial): \(Array(a.utf8)) to \(Array(name.utf8))")
        }
        XCTAssertGreaterThan(matches, 500, "seed \(seed): both outcomes are tried")
    }

    func testExamples() {
        XCTAssertEqual(LabelText.normalized("  Delete\tItem \r\n 3 "), "delete item 3")
        XCTAssertEqual(LabelText.normalized("Delete"), "delete")
        XCTAssertEqual(LabelText.normalized("delete"), "delete")
        XCTAssertEqual(LabelText.normalized("Étoile  Polaire"), "étoile polaire")
        XCTAssertEqual(LabelText.normalized(""), "")
        XCTAssertEqual(LabelText.normalized(" \t\n"), "")
    }
}
