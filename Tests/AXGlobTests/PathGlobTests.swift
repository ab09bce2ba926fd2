@testable import AXGlob
import AXTestSupport
import XCTest

final class PathGlobTests: XCTestCase {
    func testGitGlobRules() {
        let cases: [(String, String, Bool)] = [
            ("Snapshots/**", "Snapshots/Home.json", true),
            ("Snapshots/**", "Snapshots/a/b/c.json", true),
            ("Snapshots/**", "Snapshots", false),
            ("Snapshots/**", "snapshots/Home.json", false),
            ("Snapshots/**", "Other/Snapshots/Home.json", false),
            ("**/*.aria.yml", "login.aria.yml", true),
            ("**/*.aria.yml", "web/tests/login.aria.yml", true),
            ("**/*.aria.yml", "web/login.yml", false),
            ("Snapshots/*.json", "Snapshots/Home.json", true),
            ("Snapshots/*.json", "Snapshots/a/Home.json", false),
            ("a/**/b.txt", "a/b.txt", true),
            ("a/**/b.txt", "a/x/y/b.txt", true),
            ("file?.txt", "file1.txt", true),
            ("file?.txt", "file10.txt", false),
            ("[a-c]*.json", "b.json", true),
            ("[!a-c]*.json", "b.json", false),
            ("[!a-c]*.json", "d.json", true),
            ("\\*.json", "*.json", true),
            ("\\*.json", "a.json", false),
            ("Config/axdiff.json", "Config/axdiff.json", true),
            ("Snapshots/Debug", "Snapshots/Debug/Home.json", true),
            ("Snapshots/Debug/", "Snapshots/Debug/a/b.json", true),
            ("Snapshots/Debug", "Snapshots/Debugger/Home.json", false),
            ("Snapshots/Debug", "Snapshots/Home.json", false),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) vs \(path)")
        }
    }

    func testPruning() {
        XCTAssertTrue(PathGlob("Snapshots/**").mayMatch(below: "Snapshots"))
        XCTAssertTrue(PathGlob("Snapshots/**").mayMatch(below: "Snapshots/deep/er"))
        XCTAssertFalse(PathGlob("Snapshots/**").mayMatch(below: "Sources"))
        XCTAssertTrue(PathGlob("**/*.aria.yml").mayMatch(below: "anything/at/all"))
        XCTAssertFalse(PathGlob("Snapshots/*.json").mayMatch(below: "Snapshots/sub"))
        XCTAssertTrue(PathGlob("Snapshots/Debug").mayMatch(below: "Snapshots"))
        XCTAssertTrue(PathGlob("Snapshots/Debug").mayMatch(below: "Snapshots/Debug/deeper"))
        XCTAssertFalse(PathGlob("Snapshots/Debug").mayMatch(below: "Snapshots/Release"))
    }

    /// A committed `.axdiff.json` cannot hang the watcher: many `**` against a deep path that
    /// does not match cost O(pattern × path) segment comparisons, not one per way of
    /// splitting the path (7 `**` against 41 segments took 2.6 s by backtracking, and each
    /// further `**` 7 times more). Four times both the pattern and the path must cost
    /// about 16 times as much (`Scaling`'s quadratic bound), where backtracking grows by
    /// thousands.
    func testManyDoubleStarsMatchInTimeProportionalToPatternTimesPath() {
        // The same shape matches when the path fits it: the automaton is not a refusal.
        XCTAssertTrue(PathGlob("**/a/**/a/**/b").matches("x/a/y/z/a/b"))
        XCTAssertTrue(PathGlob("**/**/**").matches("a"))
        XCTAssertFalse(PathGlob("a/**/**").matches("a"))
        XCTAssertNil(Scaling.check("PathGlob.matches, n ** against 6n segments", .quadratic, n: 8, k: 4) { n in
            let glob = PathGlob(Array(repeating: "**/a", count: n).joined(separator: "/") + "/b")
            let path = Array(repeating: "a", count: 6 * n).joined(separator: "/")
            return { XCTAssertFalse(glob.matches(path)) }
        })
    }
}

/// A set splits each path once for all its patterns: it must answer as its patterns do one by one.
final class PathGlobSetTests: XCTestCase {
    func testSetAnswersAsItsPatterns() {
        let seed: UInt64 = 0x61_0B5E
        var rng = SeededGenerator(seed: seed)
        let patterns = ["Snapshots/**/*.json", "snapshots/**/*.yml", "**/*.aria.yml", "Snapshots/Debug", "a/*/b", "[a-c]*/x?.txt"]
        let pieces = ["Snapshots", "snapshots", "Debug", "a", "b", "x1.txt", "Home.json", "l.aria.yml", "c", "é"]
        let set = PathGlobSet(patterns)
        var matched = 0
        for _ in 0..<3_000 {
            let path = (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: "/")
            let one = patterns.contains { PathGlob($0).matches(path) }
            XCTAssertEqual(set.matches(path), one, "\(path); seed \(seed)")
            XCTAssertEqual(set.mayMatch(below: path), patterns.contains { PathGlob($0).mayMatch(below: path) }, "\(path); seed \(seed)")
            if one { matched += 1 }
        }
        // Both answers occur, so the comparison says something.
        XCTAssertGreaterThan(matched, 100, "seed \(seed)")
        XCTAssertLessThan(matched, 2_900, "seed \(seed)")
    }
}
