import AXDiff
import AXSnapshot
import XCTest

/// `label.input-removed` from Label Soup's fix: `.accessibilityInputLabels(["Reorder", "Reorder order 1042"])`.
final class LabelInputRemovedTests: XCTestCase {
    func testRemovingTheInputLabelsNamesTheOneThatNoLongerWorks() {
        let old = [S.button("Reorder order 1042", id: "reorder", inputLabels: ["Reorder", "Reorder order 1042"])]
        let d = S.diff(old, [S.button("Reorder order 1042", id: "reorder")])
        let removed = d.all(.labelInputRemoved)
        XCTAssertEqual(removed.count, 1)
        XCTAssertEqual(removed.first?.severity, .warning)
        XCTAssertEqual(removed.first?.wcag, ["2.5.3"])
        XCTAssertEqual(removed.first?.elements.map(\.label), ["Reorder order 1042"])
        XCTAssertEqual(removed.first?.before, "Reorder, Reorder order 1042")
        XCTAssertNil(removed.first?.after)
        XCTAssertEqual(removed.first?.message,
                       "\"Reorder order 1042\" lost the Voice Control name \"Reorder\": saying \"Tap Reorder\" no longer works")
        XCTAssertEqual(d.changes.count, 1, "\(d.changes.map(\.kind))")
    }

    func testNamesKeptOrSaidByTheLabelAreNotLost() {
        let old = [S.button("Add jasmine tea to cart", id: "add", inputLabels: ["Add to cart", "Add jasmine tea"])]
        // Reordered and re-cased: nothing lost.
        XCTAssertTrue(S.diff(old, [S.button("Add jasmine tea to cart", id: "add", inputLabels: ["add jasmine tea", "Add to cart"])]).changes.isEmpty)
        // The label became one of the names: Voice Control answers to the label.
        let d = S.diff(old, [S.button("Add to cart", id: "add", inputLabels: ["Add jasmine tea"])])
        XCTAssertTrue(d.all(.labelInputRemoved).isEmpty, "\(d.changes.map(\.message))")
        // Two names gone: one change naming both.
        let both = S.diff(old, [S.button("Add jasmine tea to cart", id: "add")]).all(.labelInputRemoved)
        XCTAssertEqual(both.count, 1)
        XCTAssertTrue(both.first?.message.contains("names \"Add to cart\", \"Add jasmine tea\"") ?? false, both.first?.message ?? "")
    }

    func testATextThatLostInputLabelsIsNotAControl() {
        let old = [Node(id: "t", role: .text, label: "Total", inputLabels: ["Sum"])]
        XCTAssertTrue(S.diff(old, [Node(id: "t", role: .text, label: "Total")]).all(.labelInputRemoved).isEmpty)
    }
}
