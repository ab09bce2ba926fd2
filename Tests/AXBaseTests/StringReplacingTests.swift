import XCTest
import Foundation
@testable import AXBase

/// `replacingEvery` and `trimming` against Foundation's `replacingOccurrences(of:with:)` and
/// `trimmingCharacters(in:)`, which they replace.
final class StringReplacingTests: XCTestCase {
    /// Every scalar after a match: Foundation does not match where the next scalar extends
    /// the match's last character; `FoundationGraphemeExtend` lists where that is.
    func testAMatchFollowedByEveryScalarAsFoundation() {
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a`" + String(scalar) + "`"
            if text.replacingEvery("`", with: "'") != text.replacingOccurrences(of: "`", with: "'") {
                differ.append(String(value, radix: 16))
            }
        }
        XCTAssertEqual(differ, [], "scalars after a match where the two disagree")
    }

    /// Every scalar where a needle would match, for the needles the call sites replace: a
    /// scalar canonically equivalent to the needle (U+1FEF to a backtick) is a match.
    func testEveryScalarInTheNeedlesPlaceAsFoundation() {
        let needles = ["'", ":", "\\", "[", "]", "`", "-", "\"", " ", "/"]
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let single = String(scalar)
            // Beyond U+3000 only the scalars that decompose to a needle can match one.
            guard value < 0x3000 || needles.contains(single.decomposedStringWithCanonicalMapping) else { continue }
            let text = "a" + single + "b"
            for needle in needles where text.replacingEvery(needle, with: "_") != text.replacingOccurrences(of: needle, with: "_") {
                differ.append("U+\(String(value, radix: 16)) for \(needle)")
            }
        }
        XCTAssertEqual(differ, [])
    }

    func testTheCallSitesNeedlesAsFoundation() {
        let texts = ["", "'", "a'b'c", "it's 'quoted'", "a\\b[c]d:e", "--x-y", "say \"hi\"", "{Reader} and {reader}", "``code``",
                     "refs/notes/axdiff", "my host name", "e\u{301}'", "'\u{301}", "\r\n'", "'\r\n", "😀'😀", "a''b", "'''"]
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
