import AXGit
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
    /// further `**` 7 times more). Doubling both the pattern and the path must cost about 4
    /// times as much: the bound allows 16 (noise), where backtracking grows by thousands.
    func testManyDoubleStarsMatchInTimeProportionalToPatternTimesPath() {
        func hostile(_ stars: Int, _ depth: Int) -> (PathGlob, String) {
            (PathGlob(Array(repeating: "**/a", count: stars).joined(separator: "/") + "/b"),
             Array(repeating: "a", count: depth).joined(separator: "/"))
        }
        func seconds(_ stars: Int, _ depth: Int) -> Double {
            let (glob, path) = hostile(stars, depth)
            var best = Double.infinity
            for _ in 0..<5 {
                let start = Date()
                for _ in 0..<20 { XCTAssertFalse(glob.matches(path)) }
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
        // The same shape matches when the path fits it: the automaton is not a refusal.
        XCTAssertTrue(PathGlob("**/a/**/a/**/b").matches("x/a/y/z/a/b"))
        XCTAssertTrue(PathGlob("**/**/**").matches("a"))
        XCTAssertFalse(PathGlob("a/**/**").matches("a"))
        let small = seconds(8, 50), large = seconds(16, 100), larger = seconds(32, 200)
        print(String(format: "PathGlob, 20 matches: 8 ** × 50 segments %.4f s, 16 × 100 %.4f s, 32 × 200 %.4f s", small, large, larger))
        XCTAssertLessThan(larger, 2.0, "32 ** against 200 segments")
        XCTAssertLessThan(larger / large, 16, "doubling pattern and path: \(large) s → \(larger) s")
    }
}
