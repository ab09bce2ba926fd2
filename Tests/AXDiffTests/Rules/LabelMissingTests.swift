import AXDiff
import AXSnapshot
import XCTest

/// `label.missing` (Rules/LabelMissing.swift): a new control or image has no
/// meaningful label (Mystery Icon).
final class LabelMissingTests: XCTestCase {
    func testNewIconButtonReadingItsSymbolIsLabelMissing() {
        let d = S.diff([S.text("Receipt")], [S.text("Receipt"), S.button("square and arrow up")])
        XCTAssertEqual(d.kinds(), [.labelMissing], "reported once, not also as stop.added")
        let c = d.first(.labelMissing)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["4.1.2", "1.1.1"])
        XCTAssertEqual(c?.after, "square and arrow up, button")
        XCTAssertEqual(c?.message, "new button has no meaningful label: VoiceOver says \"square and arrow up, button\"")
    }

    func testAnImageNamedByItsFileIsLabelMissing() {
        let d = S.diff([S.text("News")], [S.text("News"), S.image("164234main_image_feature_713_ys_full")])
        XCTAssertEqual(d.kinds(), [.labelMissing])
        XCTAssertEqual(d.first(.labelMissing)?.message,
                       "new image has no meaningful label: VoiceOver says \"164234main_image_feature_713_ys_full, image\"")
    }

    func testANewScreenIsLintedForItToo() {
        let lint = ScreenDiffer.lint(S.screen([S.button("btn_back"), S.button("Back")]), path: "Snapshots/Screen.json")
        XCTAssertEqual(lint.kinds(), [.labelMissing])
        XCTAssertEqual(lint.first(.labelMissing)?.elements.map(\.label), ["btn_back"])
    }
}
