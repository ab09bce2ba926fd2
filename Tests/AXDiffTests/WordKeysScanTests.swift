@testable import AXDiff
import AXTestSupport
import XCTest

/// `WordKeys.scan` reads a text once for its word keys and the facts the
/// order references need: each must equal what the text says when asked
/// plainly.
final class WordKeysScanTests: XCTestCase {
    func testTheScanAgreesWithTheWordsAndTheTextOnSeededTexts() {
        let seed: UInt64 = 0x5CA7
        var rng = SeededGenerator(seed: seed)
        let pieces = ["Add", "tea", "TO", "cart", "9", "42", " ", "  ", ",", ".", "-", "'", "\r", "\n", "\r\n", "\t",
                      "é", "e\u{301}", "Ⅻ", "日本", "😀", "\u{2019}", "İ", "ß", "x", "Z", "_", "0"]
        var nonASCII = 0, withCR = 0
        for round in 0..<5_000 {
            let count = Int(rng.next() % 9)
            let text = (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            var keys: [UInt64] = [7]  // keys already there stay
            let scan = WordKeys.scan(text, to: &keys)
            let context = "round \(round), seed \(seed): \(text.debugDescription)"
            XCTAssertEqual(keys, [7] + LabelText.words(text).map(WordKeys.key), context)
            let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
            XCTAssertEqual(scan.isASCII, isASCII, context)
            XCTAssertEqual(scan.isPlain, isASCII && !text.utf8.contains(0x0D), context)
            XCTAssertEqual(scan.byteCount, text.utf8.count, context)
            if scan.isPlain { XCTAssertEqual(text.count, text.utf8.count, context) }
            nonASCII += isASCII ? 0 : 1
            withCR += text.utf8.contains(0x0D) ? 1 : 0
        }
        // The seeded texts reach both fallbacks.
        XCTAssertGreaterThan(nonASCII, 1_000, "seed \(seed)")
        XCTAssertGreaterThan(withCR, 500, "seed \(seed)")
    }
}
