import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// `AriaLine.string` makes short text in place: it must make what
/// `String(decoding:as:)` makes of any bytes, ASCII or not, well-formed or not.
final class AriaLineStringTests: XCTestCase {
    func testShortAndLongTextIsWhatDecodingMakes() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        // ASCII, the bytes of `é`, `…` and `😀`, a lone continuation byte, a
        // lead byte without its continuation, and bytes never in UTF-8.
        let pieces: [[UInt8]] = [[0x41], [0x20], [0x7E], [0x00], [0xC3, 0xA9], [0xE2, 0x80, 0xA6],
                                 [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xFF], [0xED, 0xA0, 0x80]]
        for n in 0..<20_000 {
            var bytes: [UInt8] = []
            let target = Int.random(in: 0...20, using: &rng)
            let asciiOnly = Bool.random(using: &rng)
            while bytes.count < target {
                bytes += asciiOnly ? [UInt8.random(in: 0x20...0x7E, using: &rng)] : pieces[Int.random(in: 0..<pieces.count, using: &rng)]
            }
            let made = bytes.withUnsafeBufferPointer { AriaLine.string($0) }
            let decoded = String(decoding: bytes, as: UTF8.self)
            if Array(made.utf8) != Array(decoded.utf8) || made.utf8.count != decoded.utf8.count {
                XCTFail("seed \(seed), case \(n): \(bytes) made \(Array(made.utf8)), decoding \(Array(decoded.utf8))")
                return
            }
        }
    }
}
