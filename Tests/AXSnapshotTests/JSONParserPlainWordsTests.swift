@testable import AXSnapshot
import AXTestSupport
import XCTest

/// `JSONParser.skipPlainWords` stops at the first quote, backslash or control
/// character when the word holding it can be read whole, else after the whole
/// words before it, and reports non-ASCII among the bytes it skipped.
final class JSONParserPlainWordsTests: XCTestCase {
    func testStopsAtTheFirstSpecialByteOrAfterTheWholeWordsBeforeIt() {
        // Bytes that end a plain run, bytes that borrow into their neighbours, and plain ones.
        let alphabet: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x41, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for seed: UInt64 in [1, 0x5EED, 20261206] {
            var rng = SeededGenerator(seed: seed)
            for round in 0..<5_000 {
                let count = Int(rng.next() % 40)
                // Mostly plain text, so that runs are long enough to skip.
                let bytes: [UInt8] = (0..<count).map { _ in
                    rng.next() % 6 == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : UInt8(0x30 + rng.next() % 40)
                }
                let start = count == 0 ? 0 : Int(rng.next() % UInt64(count))
                let (pos, ascii) = JSONParser.withParser(bytes) { parser in
                    parser.pos = start
                    let ascii = parser.skipPlainWords()
                    return (parser.pos, ascii)
                }
                let special = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? count
                let whole = start + (special - start) / 8 * 8
                let expected = whole + 8 <= count ? special : whole
                XCTAssertEqual(pos, expected, "seed \(seed) round \(round): \(bytes) from \(start)")
                XCTAssertEqual(ascii, bytes[start..<expected].allSatisfy { $0 < 0x80 }, "seed \(seed) round \(round): \(bytes) from \(start)")
                if pos != expected { return }
            }
        }
    }
}
