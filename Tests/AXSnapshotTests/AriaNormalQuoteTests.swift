import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// `AriaLine.Cursor.normalQuoteEnd` finds a double-quoted name's closing
/// quote and checks its text in one pass, eight bytes at a time: it must
/// agree with the two steps it stands for (the first quote before the line's
/// end, by `memchr`, then `isNormalLiteral` of the text before it).
final class AriaNormalQuoteTests: XCTestCase {
    /// The quote the two steps take, else nil.
    static func twoSteps(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        let quote = AriaYAMLReader.firstIndex(of: UInt8(ascii: "\""), in: bytes, from: start, to: end)
        guard quote < end else { return nil }
        return AriaLine.isNormalLiteral(UnsafeBufferPointer(rebasing: bytes[start..<quote]), quote: UInt8(ascii: "\"")) ? quote : nil
    }

    func testOnePassAgreesWithMemchrThenTheCheck() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        // Letters weigh most, so that many names are normal.
        let pieces: [[UInt8]] = [[0x61], [0x5A], [0x35], [0x61], [0x7E], [0x21], [0x20], [0x20, 0x20], [0x22], [0x5C], [0x09], [0x7F],
                                 [0xC3, 0xA9], [0x0D], [0x00], [0x1F], [0x80], [0xFF], [0x5B], [0x3A], [0x61, 0x62, 0x63, 0x64]]
        let weights = [30, 10, 10, 30, 3, 3, 12, 2, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 20]
        func piece() -> [UInt8] {
            var r = Int.random(in: 0..<weights.reduce(0, +), using: &rng)
            for (k, w) in weights.enumerated() { if r < w { return pieces[k] }; r -= w }
            return pieces[0]
        }
        var fast = 0, agreed = 0
        for n in 0..<50_000 {
            var line: [UInt8] = Array(repeating: 0x20, count: Int.random(in: 0...3, using: &rng))
            line.append(UInt8(ascii: "\""))
            let open = line.count - 1
            let length = Int.random(in: 0...40, using: &rng)
            while line.count < open + 1 + length { line += piece() }
            if Int.random(in: 0..<4, using: &rng) == 0 { line.append(UInt8(ascii: "\"")) }
            // The line's end as the reader has it: before a final CR, then
            // an LF and more lines, or the buffer's end.
            var bytes = line
            if Int.random(in: 0..<4, using: &rng) == 0 { bytes.append(0x0D) }
            if Bool.random(using: &rng) {
                bytes.append(0x0A)
                for _ in 0..<Int.random(in: 0...12, using: &rng) { bytes += piece() }
            }
            var end = bytes.firstIndex(of: 0x0A) ?? bytes.count
            if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
            bytes.withUnsafeBufferPointer { buffer in
                let cursor = AriaLine.Cursor(bytes: buffer, start: 0, end: end)
                let one = cursor.normalQuoteEnd(from: open + 1)
                let two = Self.twoSteps(buffer, from: open + 1, end: end)
                if let one {
                    fast += 1
                    XCTAssertEqual(one, two, "seed \(seed), case \(n): \(bytes), end \(end)")
                } else if let two {
                    // Only where the word holding the quote runs past the buffer.
                    let wordStart = two - (two - open - 1) % 8
                    XCTAssertGreaterThan(wordStart + 8, buffer.count, "seed \(seed), case \(n): \(bytes), end \(end): missed \(two)")
                } else {
                    agreed += 1
                }
            }
        }
        // Both kinds of line came up often enough to have been tested.
        XCTAssertGreaterThan(fast, 5_000, "seed \(seed)")
        XCTAssertGreaterThan(agreed, 5_000, "seed \(seed)")
    }
}
