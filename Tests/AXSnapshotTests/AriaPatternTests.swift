import XCTest
@testable import AXSnapshot

/// `/regex/` names read as their literal text, never compiled.
final class AriaPatternTests: XCTestCase {
    func testLiteralReadings() {
        let cases: [(String, String)] = [
            (#"Time \d+:\d+"#, "Time …:…"),
            (#"Issues \d+"#, "Issues …"),
            (#"[\d]+k\+ stargazers on GitHub"#, "…k+ stargazers on GitHub"),
            ("colou?r", "colo…r"),
            (#"^Hello$"#, "Hello"),
            (#"\bword\b"#, "word"),
            (#"Click \/ me"#, "Click / me"),
            (#"Size: \d+(\.\d+)? MB"#, "Size: … MB"),
            (#"a{2,3}b"#, "…b"),
            ("a{x}", "a{x}"),
            ("one|two", "…"),
            (#"\u00e9t\u{e9}"#, "…t…"),
            ("[abc", "…"),
            ("trailing\\", "trailing\\"),
            ("", ""),
            (".*", "…"),
            (#"\d+\s*\w+"#, "…"),
            (#"https:\/\/example\.com\/.*"#, "https://example.com/…"),
        ]
        for (pattern, spoken) in cases {
            XCTAssertEqual(AriaPattern.spoken(pattern), spoken, pattern)
        }
    }

    /// Patterns that make a backtracking engine explode read in one pass:
    /// a megabyte of nested quantifiers takes well under a second.
    func testHostilePatternsReadInLinearTime() {
        let nested = String(repeating: "(a+)+", count: 100_000) + "$"
        let classes = String(repeating: "[", count: 500_000)
        let escapes = String(repeating: "\\", count: 999_999)
        for pattern in [nested, classes, escapes] {
            let start = Date()
            let spoken = AriaPattern.spoken(pattern)
            XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
            XCTAssertLessThanOrEqual(spoken.count, pattern.count)
        }
    }

    /// Seeded random patterns: the reading never grows, holds no two gaps in
    /// a row, and keeps every character that is plainly literal.
    func testRandomPatternsNeverGrowNorRepeatGaps() {
        let seed: UInt64 = 0x17A5
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pieces = ["a", "b", " ", "\\d", "\\", "+", "*", "?", "(", ")", "[", "]", "{2}", "{", "|", "^", "$", ".", "\\/", "é", ":"]
        for trial in 0..<5_000 {
            let pattern = (0..<Int(next() % 12)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            let spoken = AriaPattern.spoken(pattern)
            XCTAssertLessThanOrEqual(spoken.count, pattern.count + 1, "seed \(seed) trial \(trial): \(pattern.debugDescription)")
            XCTAssertFalse(spoken.contains("……"), "seed \(seed) trial \(trial): \(pattern.debugDescription) → \(spoken)")
            if !pattern.contains(where: { "\\+*?()[]{|^$.".contains($0) }) {
                XCTAssertEqual(spoken, pattern, "seed \(seed) trial \(trial): a pattern without metacharacters is its text")
            }
        }
    }
}
