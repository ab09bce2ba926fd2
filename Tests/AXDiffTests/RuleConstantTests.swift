import XCTest
@testable import AXDiff

/// Rule constants pinned at their edges, where a test of the rule's behaviour
/// alone would pass with the constant moved a little (Scripts/mutation-check.sh
/// moves each one and requires a failure).
final class RuleConstantTests: XCTestCase {
    /// `LabelText.similarShare`: half the words in common is similar, less is not.
    func testLabelsSharingHalfTheirWordsAreSimilar() {
        // {red, green, blue} ∩ {red, green, cyan} = 2 of 4 words: exactly half.
        XCTAssertTrue(LabelText.similar("Red green blue", "red green cyan"))
        // 3 of 7 words.
        XCTAssertFalse(LabelText.similar("Red green blue cyan pink", "red green blue gold teal"))
        // Containment decides whatever the share.
        XCTAssertTrue(LabelText.similar("Pay", "Pay now with card"))
    }

    /// `GapAligner.maxEdits`: a gap whose edit distance is 128 is aligned by
    /// its longest common subsequence; at 129 by position.
    func testAGapIsAlignedUpToOneHundredTwentyEightEdits() {
        // One shared token at opposite ends: the distance is the 2 × 64 others.
        let a = [1] + Array(100..<164), b = Array(200..<264) + [1]
        let at = GapAligner.lcs(a, b, maxEdits: GapAligner.maxEdits)
        XCTAssertEqual(at?.count, 1)
        XCTAssertEqual(at?.first?.0, 0)
        XCTAssertEqual(at?.first?.1, 64)
        XCTAssertNil(GapAligner.lcs(a, b + [999], maxEdits: GapAligner.maxEdits))
    }
}
