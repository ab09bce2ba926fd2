import AXTestSupport
import XCTest
@testable import AXSnapshot

/// `JSONParser.parseNumber` takes short plain numbers without a `String`; every
/// number must still have exactly the value `Double(String)` gives it.
final class JSONParserNumberTests: XCTestCase {
    func value(_ text: String) throws -> Double {
        guard case .number(let n) = try JSONParser.parse(Array(text.utf8)).kind else { throw JSONParser.Failure(line: 0, column: 0, message: "not a number") }
        return n
    }

    func testEdgeCases() throws {
        for text in ["0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.3", "123456789012345", "1234567890123456", "0.000000000000001",
                     "9007199254740993", "999999999999999.9", "12.5", "-4.75", "1e2", "1E-2", "2.5e+3", "0.1234567890123456789"] {
            XCTAssertEqual(try value(text).bitPattern, Double(text)!.bitPattern, text)
        }
    }

    /// Seeded: integers and decimals of 1 to 20 digits, some with exponents.
    func testRandomNumbersHaveTheValueDoubleGives() throws {
        var rng = SeededGenerator(seed: 20_261_206)
        for _ in 0..<20_000 {
            let intDigits = Int.random(in: 1...12, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &rng))
            for _ in 1..<intDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            if Int.random(in: 0..<4, using: &rng) == 0 { text = text.hasPrefix("-") ? "-0" : "0" }
            if Bool.random(using: &rng) {
                text += "."
                for _ in 0..<Int.random(in: 1...10, using: &rng) { text += String(Int.random(in: 0...9, using: &rng)) }
            }
            if Int.random(in: 0..<8, using: &rng) == 0 { text += "e" + String(Int.random(in: -20...20, using: &rng)) }
            XCTAssertEqual(try value(text).bitPattern, Double(text)!.bitPattern, "\(text) (seed 20261206)")
        }
    }
}
