import AXDiff
import AXSnapshot
import XCTest

/// `name.duplicate` (Rules/NameDuplicate.swift): two or more controls now
/// share a name that no input label tells apart. The rule skips a control
/// whose label's first byte starts none of the touched names; labels whose
/// first byte is not their normal form's first byte must still be found (or
/// not) as before.
final class NameDuplicateTests: XCTestCase {
    func testDuplicateControlNames() {
        let old = [S.text("Order 1042"), S.button("Reorder order 1042"), S.text("Order 1043"), S.button("Reorder order 1043")]
        let new = [S.text("Order 1042"), S.button("Reorder"), S.text("Order 1043"), S.button("Reorder")]
        let d = S.diff(old, new)
        let found = d.all(.nameDuplicate)
        XCTAssertEqual(found.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.wcag, ["2.5.3", "2.4.6"])
        XCTAssertEqual(found.first?.elements.map(\.index), [1, 3])
        XCTAssertEqual(found.first?.after, "Reorder, button › Reorder, button")
        XCTAssertEqual(found.first?.message, "2 controls are all called \"Reorder\"; VoiceOver and Voice Control users cannot tell them apart")
        let apart = [S.text("Order 1042"), S.button("Reorder", inputLabels: ["Reorder order 1042"]),
                     S.text("Order 1043"), S.button("Reorder", inputLabels: ["Reorder order 1043"])]
        XCTAssertNil(S.diff(old, apart).first(.nameDuplicate), "input labels tell them apart")
        XCTAssertNil(S.diff(new, new).first(.nameDuplicate), "already duplicated before: not new")
    }

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
    /// Members of one group share a label but not always the id: a button
    /// whose iOS label is its leaked identifier is meaningless and left out,
    /// whichever member comes first, so a member is judged by its own fields.
    func testMembersWithTheSameLabelAreJudgedByTheirOwnId() {
        let old = [S.button("Save", id: "save-1", y: 0), S.button("Cancel", y: 50)]
        let new = old + [S.button("Save", id: "Save", y: 1_000), S.button("Save", y: 2_000)]
        let found = S.diff(old, new).all(.nameDuplicate)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.elements.map(\.index), [0, 3], "the leaked identifier is left out")
        let leakedFirst = [S.button("Save", id: "Save", y: 0), S.button("Cancel", y: 50)]
        let later = leakedFirst + [S.button("Save", y: 1_000), S.button("Save", id: "save-2", y: 2_000)]
        let again = S.diff(leakedFirst, later).all(.nameDuplicate)
        XCTAssertEqual(again.count, 1)
        XCTAssertEqual(again.first?.elements.map(\.index), [2, 3], "the first member's verdict is not the others'")
    }
}
