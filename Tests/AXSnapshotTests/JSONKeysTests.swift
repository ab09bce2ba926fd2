@testable import AXSnapshot
import AXTestSupport
import XCTest

/// `JSONKeys.name(at:in:before:)` finds the first name (in index order) that
/// the bytes spell before the terminator, whether it reads eight bytes at once
/// or, near the end of the input, one at a time.
final class JSONKeysTests: XCTestCase {
    func testFindsTheFirstNameSpelledBeforeTheTerminator() {
        for seed: UInt64 in [3, 0xCAFE, 20261206] {
            var rng = SeededGenerator(seed: seed)
            let letters = Array("abi\"".utf8)
            func word(_ length: Int) -> [UInt8] { (0..<length).map { _ in letters[Int(rng.next() % 3)] } }
            for round in 0..<2_000 {
                // Short alphabets, so that names share first bytes and prefixes, on both sides of eight bytes.
                let names = (0..<Int(1 + rng.next() % 6)).map { _ in String(decoding: word(Int(1 + rng.next() % 12)), as: UTF8.self) }
                let keys = JSONKeys(names)
                // Random bytes around one of the names, now and then with one byte changed.
                var name = Array(names[Int(rng.next() % UInt64(names.count))].utf8)
                if rng.next() % 2 == 0 { name[Int(rng.next() % UInt64(name.count))] = letters[Int(rng.next() % 3)] }
                let bytes = word(Int(rng.next() % 4)) + name + [UInt8(ascii: "\"")] + word(Int(rng.next() % 12))
                for start in 0...bytes.count {
                    let want = names.indices.first { i in
                        let name = Array(names[i].utf8), end = start + name.count
                        return end < bytes.count && Array(bytes[start..<end]) == name && bytes[end] == UInt8(ascii: "\"")
                    }.map { ($0, start + names[$0].utf8.count) }
                    let got = bytes.withUnsafeBufferPointer { keys.name(at: start, in: $0, before: UInt8(ascii: "\"")) }
                    XCTAssertEqual(got?.index, want?.0, "seed \(seed) round \(round): \(names) in \(bytes) at \(start)")
                    XCTAssertEqual(got?.end, want?.1, "seed \(seed) round \(round)")
                    if got?.index != want?.0 { return }
                }
            }
        }
    }
}
