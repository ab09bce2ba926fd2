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

    /// `escapedForTerminal` returns a text its byte scan passes as it is: the general path
    /// (lines, then tabs, each `oneLine`) must give the same bytes for every such text, and
    /// the scan must pass nothing the general path changes.
    func testTerminalTextMatchesTheLineByLinePath() {
        func general(_ s: String) -> String {
            s.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).oneLine }.joined(separator: "\t") }
                .joined(separator: "\n")
        }
        let samples = [
            "", "\n", "\t", "\n\n\t\n", "axdiff: 2 errors\n\n404 (a.yml)\n  · screen.added  \"404\"\n", "tab\there\nnext",
            "cr\r\nlf", "\r", "esc\u{1B}[31m", "bel\u{07}", "del\u{7F}", "c1\u{85}", "ls\u{2028}ps\u{2029}",
            "\n\u{301} combining after a line feed", "\t\u{301}", "e\u{301}\n👩‍👩‍👧\tJasmine tea › $4.50\n",
        ]
        for s in samples {
            XCTAssertEqual(Array(s.escapedForTerminal.utf8), Array(general(s).utf8), s.debugDescription)
            var copy = s
            if copy.withUTF8({ String.isOneLine($0, keepingLineFeedsAndTabs: true) }) {
                XCTAssertEqual(Array(general(s).utf8), Array(s.utf8), "the scan passed a text the general path changes: \(s.debugDescription)")
            }
        }
        XCTAssertEqual("a\u{1B}b\nc\td".escapedForTerminal, "a b\nc\td")
        // Every scalar between two lines: passed by the scan exactly when the general path keeps
        // it, that is a line feed, a tab or a scalar `oneLine` does not replace.
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a\n" + String(Character(scalar)) + "\tb"
            let passed = text.withUTF8 { String.isOneLine($0, keepingLineFeedsAndTabs: true) }
            let kept: Bool
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: kept = value == 0x0A || value == 0x09
            default: kept = true
            }
            if passed != kept { XCTFail("U+\(String(value, radix: 16)): the scan says \(passed)") }
        }
    }
}
