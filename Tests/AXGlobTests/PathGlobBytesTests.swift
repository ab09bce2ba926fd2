import AXTestSupport
import XCTest
@testable import AXGlob

/// An ASCII pattern is matched against an ASCII path byte for byte; the answers are the
/// scalar matcher's, on seeded patterns and paths built from every glob element (`*`,
/// `**`, `?`, classes with ranges, negation and escapes, unterminated classes, literal
/// patterns) and on the configuration's own globs.
final class PathGlobBytesTests: XCTestCase {
    func testBytesAndScalarsAgreeOnASCII() {
        let seed: UInt64 = 0x61_0B
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "ab", ".", "-", "*", "?", "[ab]", "[!a]", "[a-c]", "[^b]", "\\*", "\\", "[", "]", "x.yml", "aria"]
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        func segment(pattern: Bool) -> String {
            if pattern, rng.next() % 5 == 0 { return "**" }
            let source = pattern ? pieces : ["a", "b", "ab", ".", "-", "x.yml", "aria", "[", "]", "*", "?", "c", "\\"]
            return (0..<Int(rng.next() % 3) + 1).map { _ in pick(source) }.joined()
        }
        func path(_ pattern: Bool) -> String {
            (0..<Int(rng.next() % 4) + 1).map { _ in segment(pattern: pattern) }.joined(separator: "/")
        }
        var matched = 0, checked = 0
        for round in 0..<3_000 {
            let glob = PathGlob(round % 10 == 0 ? ["Snapshots/**/*.json", "**/*.aria.yml", "a/b", "a/*/b"][round / 10 % 4] : path(true))
            for _ in 0..<8 {
                let candidate = path(false)
                let bytes = glob.matches(candidate)
                XCTAssertEqual(bytes, glob.matchesByScalars(candidate), "\(glob.pattern) on \(candidate), seed \(seed)")
                XCTAssertEqual(glob.mayMatch(below: candidate), glob.mayMatchByScalars(below: candidate),
                               "\(glob.pattern) below \(candidate), seed \(seed)")
                if bytes { matched += 1 }
                checked += 1
            }
        }
        // Matches must be common enough to test both answers.
        XCTAssertGreaterThan(matched, checked / 50, "seed \(seed)")
    }

    /// Patterns of up to 63 segments keep their states in one word, longer ones in an array:
    /// the same rules on both sides of the boundary.
    func testLongPatternsFollowTheSameRules() {
        for n in [62, 63, 64, 65, 70] {
            let dirs = Array(repeating: "a", count: n - 1)
            let trailing = PathGlob((dirs + ["**"]).joined(separator: "/"))
            XCTAssertTrue(trailing.matches((dirs + ["x.json"]).joined(separator: "/")), "n \(n)")
            XCTAssertTrue(trailing.matches((dirs + ["b", "c", "x.json"]).joined(separator: "/")), "n \(n)")
            XCTAssertFalse(trailing.matches(dirs.joined(separator: "/")), "dir/** is what is inside dir, n \(n)")
            let inner = PathGlob((["**"] + dirs.dropLast() + ["*.json"]).joined(separator: "/"))
            XCTAssertTrue(inner.matches((["p", "q"] + dirs.dropLast() + ["x.json"]).joined(separator: "/")), "n \(n)")
            XCTAssertTrue(inner.matches((dirs.dropLast() + ["x.json"]).joined(separator: "/")), "** may match none, n \(n)")
            XCTAssertFalse(inner.matches((dirs.dropLast() + ["x.yml"]).joined(separator: "/")), "n \(n)")
            XCTAssertFalse(inner.matches((dirs.dropLast(2) + ["x.json"]).joined(separator: "/")), "one segment short, n \(n)")
        }
    }

    func testANonASCIIPathOrPatternTakesTheScalars() {
        // `?` is one character, not one byte, whichever side is not ASCII.
        XCTAssertTrue(PathGlob("Snapshots/caf?.json").matches("Snapshots/café.json"))
        XCTAssertTrue(PathGlob("Snapshots/é?.json").matches("Snapshots/éa.json"))
        XCTAssertFalse(PathGlob("Snapshots/é?.json").matches("Snapshots/éab.json"))
        XCTAssertTrue(PathGlobSet(["**/*.aria.yml", "Écrans/**"]).matches("Écrans/x.json"))
    }
}
