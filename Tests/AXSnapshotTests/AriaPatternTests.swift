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
    /// 200,000 characters of nested quantifiers takes seconds at most, even in a
    /// debug build on a busy machine (a backtracking match would take hours).
    func testHostilePatternsReadInLinearTime() {
        let nested = String(repeating: "(a+)+", count: 40_000) + "$"
        let classes = String(repeating: "[", count: 200_000)
        let escapes = String(repeating: "\\", count: 199_999)
        for pattern in [nested, classes, escapes] {
            let start = Date()
            let spoken = AriaPattern.spoken(pattern)
            XCTAssertLessThan(Date().timeIntervalSince(start), 10.0)
            XCTAssertLessThanOrEqual(spoken.count, pattern.count)
        }
    }

    /// `spoken` is linear: ten times the pattern costs about ten times the
    /// time (a quadratic reading would cost a hundred).
    func testReadingScalesLinearly() {
        func seconds(_ n: Int) -> Double {
            let pattern = String(repeating: #"(a+)+\d{2,3}[x-z]x?"#, count: n)
            let start = Date()
            _ = AriaPattern.spoken(pattern)
            return Date().timeIntervalSince(start)
        }
        _ = seconds(200)
        let small = [seconds(2_000), seconds(2_000), seconds(2_000)].min() ?? 0
        let large = [seconds(20_000), seconds(20_000)].min() ?? 0
        XCTAssertLessThan(large, max(small, 0.001) * 35, "10× the pattern took \(large / max(small, 1e-9))× the time")
    }

    /// A block scalar's lines are collected in one pass: ten times the lines,
    /// about ten times the time.
    func testBlockScalarScalesLinearly() throws {
        func seconds(_ lines: Int) throws -> Double {
            let text = "- paragraph: |\n" + String(repeating: "    a line of text\n", count: lines) + "- button \"After\"\n"
            let start = Date()
            let snapshot = try AriaYAMLReader.read(text, file: "b.aria.yml", screen: "b")
            XCTAssertEqual(snapshot.stops.count, 2)
            return Date().timeIntervalSince(start)
        }
        _ = try seconds(500)
        let small = try [seconds(5_000), seconds(5_000), seconds(5_000)].min() ?? 0
        let large = try [seconds(50_000), seconds(50_000)].min() ?? 0
        XCTAssertLessThan(large, max(small, 0.001) * 35, "10× the lines took \(large / max(small, 1e-9))× the time")
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
