@testable import AXDiff
import AXSnapshot
import XCTest

/// `volatile` label globs (DESIGN §8): texts that change from capture to capture.
final class VolatileLabelTests: XCTestCase {
    func config(_ screen: String? = "Screen") -> DiffPolicy {
        var c = DiffPolicy()
        c.volatile = [VolatileLabel(screen: screen, label: "Updated * ago")]
        return c
    }

    func testAChangeBetweenTwoMatchesIsNotReportedAndMatchesAsEqual() {
        let old = [S.text("Feed"), S.text("Updated 5 minutes ago"), S.button("Refresh")]
        let new = [S.text("Feed"), S.button("Refresh"), S.text("Updated 1 hour ago")]
        let plain = S.diff(old, new)
        XCTAssertFalse(plain.changes.isEmpty)
        let d = S.diff(old, new, policy: config())
        // Matched as equal: a move, not a removal and an addition, and no label change.
        XCTAssertEqual(d.changes.map(\.kind), [.orderChanged], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.matchedOld, [0, 2, 1])
        // Another screen's pattern does not apply.
        XCTAssertEqual(S.diff(old, new, policy: config("Settings")).changes.map(\.kind), plain.changes.map(\.kind))
    }

    func testAChangeToATextOutsideThePatternIsReported() {
        let d = S.diff([S.text("Updated 5 minutes ago", id: "u")], [S.text("Sync failed", id: "u")], policy: config(nil))
        XCTAssertEqual(d.first(.labelChanged)?.after, "Sync failed")
    }

    func testPatternMatching() {
        let p = LabelPattern("Updated * ago")
        for yes in ["Updated 5 minutes ago", "updated  1 hour   ago", "Updated ago ago ago"] { XCTAssertTrue(p.matches(yes), yes) }
        for no in ["Updated 5 minutes", "Last updated 5 minutes ago", "Updated", "ago", "Updated ago"] { XCTAssertFalse(p.matches(no), no) }
        XCTAssertTrue(LabelPattern("*").matches(""))
        XCTAssertTrue(LabelPattern("* items, * selected").matches("12 items, 3 selected"))
        XCTAssertFalse(LabelPattern("a*a").matches("a"))
        XCTAssertTrue(LabelPattern("a*b*a").matches("abba"))
        XCTAssertFalse(LabelPattern("a*b*c").matches("acb"))
        XCTAssertTrue(LabelPattern("No stars").matches("no  STARS"))
    }

    /// A pattern of many stars against a long text that almost matches: a
    /// backtracking matcher takes time exponential in the stars; this one
    /// reads each character once per literal run.
    func testManyStarsAgainstALongNearMissStayLinear() {
        let pattern = LabelPattern(String(repeating: "*a", count: 40) + "*b")
        let text = String(repeating: "a", count: 200_000)
        XCTAssertFalse(pattern.matches(text))
        XCTAssertTrue(pattern.matches(text + "b"))
        let overlapping = LabelPattern("*" + String(repeating: "ab", count: 500) + "c*")
        XCTAssertFalse(overlapping.matches(String(repeating: "ab", count: 100_000)))
    }

    /// The cost grows with the text and the pattern, not their product:
    /// at ten times the length, ten times the steps (within a margin), on
    /// near misses that make naive search go back over the text.
    func testStepsGrowLinearlyWithTheText() {
        let pattern = LabelPattern("*" + String(repeating: "a", count: 50) + "b*" + String(repeating: "a", count: 49) + "c*")
        func steps(_ n: Int) -> Int {
            var count = 0
            XCTAssertFalse(pattern.matches(String(repeating: "a", count: n), steps: &count))
            return count
        }
        let (small, large) = (steps(10_000), steps(100_000))
        XCTAssertLessThanOrEqual(large, 11 * small, "\(small) → \(large)")
        XCTAssertLessThanOrEqual(large, 3 * 100_000 + 300, "more than a few steps per character")
    }
}
