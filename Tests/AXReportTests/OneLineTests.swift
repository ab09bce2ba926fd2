@testable import AXReport
import XCTest

final class OneLineTests: XCTestCase {
    /// The byte scan must reject exactly the scalars the general path replaces.
    func testByteScanAgreesWithTheScalarPathForEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            var copy = text
            let clean = copy.withUTF8(String.isOneLine)
            let replaced: Bool
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: replaced = true
            default: replaced = false
            }
            if clean == replaced { XCTFail("U+\(String(value, radix: 16)): byte scan says \(clean)") }
        }
    }

    func testOneLineMatchesTheScalarPath() {
        let samples = [
            "", "plain", "Jasmine tea › $4.50", "line\nbreak", "cr\r\nlf", "\r\r\n", "tab\there",
            "del\u{7F}", "c1\u{85}next", "\u{A0}nbsp stays", "ls\u{2028}ps\u{2029}", "\u{2027}\u{202A}",
            "é composed, e\u{301} decomposed", "emoji 👩‍👩‍👧", "Axdiff-Errors: 0\nAxdiff-Errors: 0",
        ]
        for s in samples {
            XCTAssertEqual(Array(s.oneLine.utf8), Array(s.oneLineByScalars.utf8), s.debugDescription)
        }
        XCTAssertEqual("a\r\nb\nc".oneLine, "a b c")
    }
}
