import AXTestSupport
import XCTest
@testable import AXDiff

/// `LabelRepeated.repeated` skips its comma test when the bytes of an ASCII name show that
/// no two neighbouring parts read the same: it must find what the test by `Character` finds.
final class LabelRepeatedAgreementTests: XCTestCase {
    /// The comma test by `Character`, as the rule defines it.
    private func partsRepeat(_ name: String) -> Bool {
        let parts = name.split(separator: ",").map { LabelText.normalized(String($0)) }
        return parts.indices.dropFirst().contains { parts[$0] == parts[$0 - 1] && parts[$0].contains(where: \.isLetter) }
    }

    func testBytesAgreeWithCharactersOnRandomNames() {
        let seed: UInt64 = 0x1AB_E1
        var rng = SeededGenerator(seed: seed)
        let pieces = ["Sign in", "sign  in", "SIGN IN", ",", ", ", " ,", "\t", "\r\n", "9.99", "$", "a", "A", " ", "é", "Error"]
        var repeats = 0
        for _ in 0..<20_000 {
            let name = (0..<Int.random(in: 0...7, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let expected = partsRepeat(name)
            if let fast = LabelRepeated.asciiPartsRepeat(name) {
                XCTAssertEqual(fast, expected, "\(name.debugDescription); seed \(seed)")
            } else {
                XCTAssertTrue(name.utf8.contains { $0 >= 0x80 }, "only non-ASCII names take the slow way; seed \(seed)")
            }
            if expected { repeats += 1 }
        }
        // Both answers occur often enough for the comparison to say something.
        XCTAssertGreaterThan(repeats, 100, "seed \(seed)")
        XCTAssertLessThan(repeats, 19_500, "seed \(seed)")
    }

    func testNamedCases() {
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("Sign in, Sign in"), true)
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("Sign in, sign   IN "), true)
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("Error,,Error"), true)
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("Coffee, 9.99"), false)
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("9.99, 9.99"), false, "parts without a letter may repeat")
        XCTAssertEqual(LabelRepeated.asciiPartsRepeat("Error, Warning, Error"), false, "only neighbours count")
        XCTAssertNil(LabelRepeated.asciiPartsRepeat("Café, Café"))
        XCTAssertEqual(LabelRepeated.repeated("Café, Café"), "Café")
        XCTAssertEqual(LabelRepeated.repeated("Sign in, Sign in"), "Sign in")
        XCTAssertNil(LabelRepeated.repeated("Coffee, 9.99"))
    }
}
