@testable import AXDiff
import AXTestSupport
import XCTest

/// `LabelText.identical`: the same UTF-8 bytes, stricter than `==`.
final class LabelTextIdenticalTests: XCTestCase {
    func testCanonicallyEquivalentStringsWithOtherBytesAreNotIdentical() {
        let pairs: [(String, String)] = [
            ("é", "e\u{301}"),                  // composed and decomposed, other lengths
            ("K", "\u{212A}"),                  // an ASCII letter and the Kelvin sign
            ("a;", "a\u{37E}"),                 // a Greek question mark is ';'
            ("a\u{301}\u{316}", "a\u{316}\u{301}"),  // the same length, marks in another order
        ]
        for (a, b) in pairs {
            XCTAssertEqual(a, b, "the pair is canonically equivalent: \(Array(a.utf8)) \(Array(b.utf8))")
            XCTAssertFalse(LabelText.identical(a, b), "\(Array(a.utf8)) against \(Array(b.utf8))")
            XCTAssertFalse(LabelText.identical(b, a), "\(Array(b.utf8)) against \(Array(a.utf8))")
        }
    }

    /// Seeded strings, ASCII and not, small and long, against a byte comparison; each string
    /// rebuilt from its bytes so that no two share a storage.
    func testIdenticalIsByteEquality() {
        let seed: UInt64 = 0x1DE7
        var rng = SeededGenerator(seed: seed)
        let alphabet: [String] = ["a", "B", " ", "é", "e\u{301}", "\u{212A}", "K", "ß", "中", "🙂", "\u{316}"]
        var equalPairs = 0
        for trial in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &rng)
            let a = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }.joined()
            var b = a
            if Bool.random(using: &rng), !a.isEmpty {
                var parts = Array(a)
                parts[Int.random(in: 0..<parts.count, using: &rng)] = Character(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
                b = String(parts)
            }
            let (x, y) = (String(decoding: Array(a.utf8), as: UTF8.self), String(decoding: Array(b.utf8), as: UTF8.self))
            let same = Array(x.utf8) == Array(y.utf8)
            if same { equalPairs += 1 }
            XCTAssertEqual(LabelText.identical(x, y), same, "seed \(seed) trial \(trial): \(Array(x.utf8)) against \(Array(y.utf8))")
        }
        XCTAssertGreaterThan(equalPairs, 500, "seed \(seed): both outcomes are tried")
    }
}
