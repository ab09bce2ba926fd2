import AXDiff
import AXSnapshot
import XCTest

/// The Label Soup seed: an order card read as five fragments, and its fix.
final class LabelSoupTests: XCTestCase {
    let soup: [Node] = [
        S.image(), S.text("Order 1042"), S.text("Delivered"), S.text("$24.80"), S.button("Reorder"),
    ]

    func testFixMergesTheSummaryAndDropsTheDecorativeImage() {
        let fixed: [Node] = [
            S.text("Order 1042, Delivered, $24.80"),
            S.button("Reorder order 1042", inputLabels: ["Reorder", "Reorder order 1042"]),
            S.image(hidden: true),
        ]
        let d = S.diff(soup, fixed)
        let merged = d.first(.groupMerged)
        XCTAssertNotNil(merged)
        XCTAssertEqual(merged?.improvement, true)
        XCTAssertEqual(merged?.elements.map(\.label), ["Order 1042, Delivered, $24.80", "Order 1042", "Delivered", "$24.80"])
        let removed = d.all(.stopRemoved)
        XCTAssertEqual(removed.count, 1)
        XCTAssertEqual(removed.first?.improvement, true, "the decorative image no longer takes a swipe")
        XCTAssertEqual(d.first(.labelChanged)?.after, "Reorder order 1042")
        XCTAssertFalse(d.changes.contains { $0.severity == .error }, "\(d.changes.map(\.message))")
        XCTAssertNil(d.first(.stopsIncreased))
    }

    func testFixAsLabelAndValueAlsoCountsAsMerge() {
        let fixed = [Node(role: .text, label: "Order 1042", value: "Delivered, $24.80"), S.button("Reorder")]
        let d = S.diff(soup, fixed)
        XCTAssertEqual(d.first(.groupMerged)?.elements.count, 4)
    }

    func testIntroducingSoupIsASplitWithMoreSwipesAndADecorativeImage() {
        let card = [S.text("Order 1042, Delivered, $24.80"), S.button("Reorder order 1042")]
        let d = S.diff(card, [S.image(), S.text("Order 1042"), S.text("Delivered"), S.text("$24.80"), S.button("Reorder order 1042")])
        XCTAssertEqual(d.first(.groupSplit)?.elements.map(\.label), ["Order 1042", "Delivered", "$24.80"])
        XCTAssertEqual(d.first(.groupSplit)?.severity, .warning)
        XCTAssertEqual(d.first(.stopsIncreased)?.before, "2")
        XCTAssertEqual(d.first(.stopsIncreased)?.after, "5")
        XCTAssertEqual(d.first(.stopDecorative)?.severity, .warning)
        XCTAssertNil(d.first(.stopAdded), "the image is reported once, as decorative")
    }
}
