import XCTest
import Foundation
@testable import AXBase
import AXTestSupport

/// `replacingEvery` and `trimming` against Foundation's `replacingOccurrences(of:with:)` and
/// `trimmingCharacters(in:)`, which they replace.
final class StringReplacingTests: XCTestCase {
    /// An apostrophe followed by a combining mark is still one to a shell: quoting escapes it,
    /// so the quoted text cannot end early (Foundation, searching by character, left it).
    func testAQuoteBeforeACombiningMarkIsReplacedToo() {
        XCTAssertEqual("'\u{301}; rm -rf x '".replacingEvery("'", with: #"'\''"#), #"'\''"# + "\u{301}; rm -rf x " + #"'\''"#)
        XCTAssertEqual("e\u{301}:x".replacingEvery(":", with: "\\:"), "e\u{301}\\:x")
        // A scalar that only decomposes to the needle is another scalar.
        XCTAssertEqual("a\u{1FEF}b`".replacingEvery("`", with: "'"), "a\u{1FEF}b'")
    }

    /// For ASCII text the result is Foundation's, over seeded random texts of the call sites'
    /// needle characters.
    func testAsFoundationOnASCIIText() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_REPLACE_SEED"] ?? "") ?? 20261207
        var rng = SeededGenerator(seed: seed)
        func next() -> UInt64 { rng.next() }
        let alphabet = Array("ab'\\:[]{}`-\" /R")
        let needles = ["'", ":", "\\", "[", "]", "`", "-", "\"", "{Reader}", "{reader}", " ", "/", "''"]
        for _ in 0..<2_000 {
            let text = String((0..<Int(next() % 24)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
            for needle in needles {
                XCTAssertEqual(text.replacingEvery(needle, with: "<>"), text.replacingOccurrences(of: needle, with: "<>"),
                               "\(text) / \(needle) (seed \(seed), AXDIFF_REPLACE_SEED)")
            }
        }
    }

    func testTheCallSitesNeedlesAsFoundation() {
        let texts = ["", "'", "a'b'c", "it's 'quoted'", "a\\b[c]d:e", "--x-y", "say \"hi\"", "{Reader} and {reader}", "``code``",
                     "refs/notes/axdiff", "my host name", "\r\n'", "'\r\n", "😀'😀", "a''b", "'''"]
        let needles = ["'", ":", "\\", "[", "]", "`", "-", "\"", "{Reader}", "{reader}", " ", "/", "''"]
        for text in texts {
            for needle in needles {
                XCTAssertEqual(text.replacingEvery(needle, with: "<>"), text.replacingOccurrences(of: needle, with: "<>"), "\(text) / \(needle)")
            }
        }
    }

    func testTrimmingAsFoundationForEveryScalar() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            XCTAssertEqual(text.trimming(.whitespaces), text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            XCTAssertEqual(text.trimming(.whitespacesAndNewlines), text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
    }

    func testTrimmingSetsOfCharactersAsFoundation() {
        let texts = ["", "/", "//", "/a/", "a", "[::1]", "[[x]]", "[", " [a] ", "/\u{301}/", "x\u{301}/"]
        for text in texts {
            for set in ["/", "[]"] {
                XCTAssertEqual(text.trimming(.characters(in: set)), text.trimmingCharacters(in: CharacterSet(charactersIn: set)), "\(text) / \(set)")
            }
            XCTAssertEqual(text[...].trimming(.whitespaces), text.trimmingCharacters(in: .whitespaces))
        }
    }
}
