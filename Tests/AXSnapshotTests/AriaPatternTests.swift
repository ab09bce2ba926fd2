import AXTestSupport
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

    /// Patterns that make a backtracking engine explode (nested quantifiers,
    /// unclosed classes, runs of escapes) are read in one pass: linear in the
    /// pattern (a backtracking match would take hours at 200,000 characters).
    func testHostilePatternsReadInLinearTime() {
        let shapes: [(String, (Int) -> String)] = [
            ("nested quantifiers", { String(repeating: "(a+)+", count: $0 / 5) + "$" }),
            ("unclosed classes", { String(repeating: "[", count: $0) }),
            ("escapes", { String(repeating: "\\", count: $0 - 1) }),
            ("mixed", { String(repeating: #"(a+)+\d{2,3}[x-z]x?"#, count: $0 / 20) }),
        ]
        for (what, pattern) in shapes {
            XCTAssertLessThanOrEqual(AriaPattern.spoken(pattern(20_000)).count, 20_000, what)
            XCTAssertNil(Scaling.check("AriaPattern.spoken, \(what)", .linear, n: 5_000) { n in
                let text = pattern(n)
                return { _ = AriaPattern.spoken(text) }
            })
        }
    }

    /// `AriaBlockScalar.collect`: a block scalar's lines are collected in one
    /// pass, linear in the lines.
    func testBlockScalarScalesLinearly() throws {
        func text(_ lines: Int) -> String {
            "- paragraph: |\n" + String(repeating: "    a line of text\n", count: lines) + "- button \"After\"\n"
        }
        XCTAssertEqual(try AriaYAMLReader.read(text(1_000), file: "b.aria.yml", screen: "b").stops.count, 2)
        XCTAssertNil(Scaling.check("AriaBlockScalar.collect", .linear, n: 2_000) { n in
            let yaml = text(n)
            return { _ = try? AriaYAMLReader.read(yaml, file: "b.aria.yml", screen: "b") }
        })
    }

    /// Seeded random patterns: the reading never grows, holds no two gaps in
    /// a row, and keeps every character that is plainly literal.
    func testRandomPatternsNeverGrowNorRepeatGaps() {
        let seed: UInt64 = 0x17A5
        var rng = SeededGenerator(seed: seed)
        func next() -> UInt64 { rng.next() }
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
