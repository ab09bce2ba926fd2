@testable import AXSnapshot
import AXTestSupport
import XCTest

/// `JSONParser.fourNumbers`, the frame's fast path, reads what the general
/// parse reads, bit for bit and to the same place, and takes every frame
/// written plainly; anything else it leaves to the general parse untouched.
final class JSONParserFourNumbersTests: XCTestCase {
    func testAgreesWithTheGeneralParseAndTakesEveryPlainFrame() {
        for seed: UInt64 in [1, 0xF4A3, 20261207] {
            var rng = SeededGenerator(seed: seed)
            var taken = 0
            for round in 0..<4_000 {
                let (text, plain) = Self.array(&rng)
                let bytes = Array(text.utf8)
                let context = "seed \(seed) round \(round): \(text)"
                let fast: (numbers: [Double], end: Int)? = JSONParser.withParser(bytes) { parser in
                    guard parser.openArray() else { return nil }
                    let before = (parser.pos, parser.line, parser.column)
                    guard let four = parser.fourNumbers() else {
                        XCTAssert((parser.pos, parser.line, parser.column) == before, "moved without reading: \(context)")
                        return nil
                    }
                    return ([four.0, four.1, four.2, four.3], parser.pos)
                }
                let general: (numbers: [Double]?, end: Int)? = JSONParser.withParser(bytes) { parser in
                    guard let value = try? parser.parseValue(depth: 0), case .array(let items) = value.kind else { return nil }
                    let numbers = items.compactMap { item -> Double? in
                        if case .number(let number) = item.kind { return number }
                        return nil
                    }
                    return (numbers.count == 4 && items.count == 4 ? numbers : nil, parser.pos)
                }
                if plain {
                    XCTAssertNotNil(fast, "a plain frame left to the general parse: \(context)")
                }
                guard let fast else { continue }
                taken += 1
                guard let general, let numbers = general.numbers else {
                    return XCTFail("read an array the general parse does not read as four numbers: \(context)")
                }
                XCTAssertEqual(fast.numbers.map(\.bitPattern), numbers.map(\.bitPattern), context)
                XCTAssertEqual(fast.end, general.end, context)
            }
            // The generator makes plain frames often enough that the fast path is tested.
            XCTAssertGreaterThan(taken, 500, "seed \(seed)")
        }
    }

    /// A JSON array of three to five items, mostly numbers of every form,
    /// spaced in several ways, and whether it is a plain frame.
    private static func array(_ rng: inout SeededGenerator) -> (String, plain: Bool) {
        let count = rng.next() % 8 == 0 ? Int(3 + rng.next() % 3) : 4
        var plain = count == 4
        var text = "["
        // Mostly as writers print frames, so that plain ones are common.
        func space() -> String {
            rng.next() % 12 == 0 ? ["  ", "\n", "\t", "\r\n"][Int(rng.next() % 4)] : ["", " "][Int(rng.next() % 2)]
        }
        for k in 0..<count {
            let before = space(), after = space()
            if before.count > 1 || after.count > 1 || (before != "" && before != " ") || (after != "" && after != " ") {
                plain = false
            }
            let (item, plainItem) = number(&rng)
            if !plainItem { plain = false }
            text += before + item + after + (k == count - 1 ? "]" : ",")
        }
        return (text, plain)
    }

    /// A number's text, sometimes not a JSON number or not a number at all,
    /// and whether it is plain: no exponent, no leading zero, 15 digits at most.
    private static func number(_ rng: inout SeededGenerator) -> (String, plain: Bool) {
        switch rng.next() % 60 {
        case 0: return ("null", false)
        case 1: return ("\"1\"", false)
        case 2: return ("", false)
        default: break
        }
        var plain = true
        var text = rng.next() % 4 == 0 ? "-" : ""
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.next() % 10)) }) }
        let whole = rng.next() % 8 == 0 ? digits(Int(rng.next() % 18)) : String(rng.next() % 2000)
        if whole.isEmpty || (whole.count > 1 && whole.first == "0") { plain = false }
        text += whole
        var count = whole.count
        if rng.next() % 3 == 0 {
            let fraction = digits(Int(rng.next() % 8))
            if fraction.isEmpty { plain = false }
            text += "." + fraction
            count += fraction.count
        }
        if rng.next() % 30 == 0 {
            text += ["e", "E", "e-", "E+"][Int(rng.next() % 4)] + digits(Int(rng.next() % 3))
            plain = false
        }
        if count > 15 { plain = false }
        return (text, plain)
    }
}
