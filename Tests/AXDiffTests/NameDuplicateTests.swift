import AXDiff
import AXSnapshot
import XCTest

/// `name.duplicate` skips a control whose label's first byte starts none of
/// the touched names; labels whose first byte is not their normal form's
/// first byte must still be found (or not) as before.
final class NameDuplicateTests: XCTestCase {
    func duplicateCount(_ labels: [String], added: String) -> Int? {
        let old = labels.enumerated().map { S.button($0.element, y: Double($0.offset) * 50) }
        let new = old + [S.button(added, y: 1_000)]
        return S.diff(old, new).first(.nameDuplicate)?.elements.count
    }

    func testLabelsThatNormalizeToTheAddedNameAreItsDuplicates() {
        // Upper case, leading whitespace, a tab: all normalize to "reorder".
        for existing in ["Reorder", " reorder", "\treorder", "REORDER"] {
            XCTAssertEqual(duplicateCount([existing, "Cancel"], added: "reorder"), 2, existing.debugDescription)
        }
        XCTAssertEqual(duplicateCount(["Reorder  now", "Cancel"], added: "reorder now"), 2)
    }

    func testLabelsThatOnlyStartLikeTheNameAreNot() {
        // "e" + a combining acute is "é", not "e"; "xedit" starts another name.
        for existing in ["e\u{301}dit", "xedit", "Edits"] {
            XCTAssertNil(duplicateCount([existing, "Cancel"], added: "edit"), existing.debugDescription)
        }
        XCTAssertEqual(duplicateCount(["e\u{301}dit", "Edit"], added: "edit"), 2)
    }
}
