import AXDiff
import AXSnapshot
import XCTest

/// `stop.decorative` (Rules/StopDecorative.swift): a new image stop that says
/// nothing, or repeats its neighbour, and should be hidden (the SwiftUI image seed).
final class StopDecorativeTests: XCTestCase {
    func testUnlabelledAndRepeatingImagesAreDecorativeAndAFileNamedOneIsLabelMissing() {
        let d = S.diff([S.text("Error")], [S.image("164234main_image_feature_713_ys_full"), S.image("Error"), S.text("Error"), S.image()])
        XCTAssertEqual(d.all(.labelMissing).count, 1)
        let decorative = d.all(.stopDecorative)
        XCTAssertEqual(decorative.count, 2, "\(d.changes.map(\.message))")
        XCTAssertEqual(decorative.map(\.severity), [.warning, .warning])
        XCTAssertEqual(decorative.first?.wcag, ["1.1.1"])
        XCTAssertEqual(decorative.map(\.elements.first?.index), [1, 3])
        XCTAssertEqual(decorative.map(\.message), [
            "new image repeats its neighbour's label \"Error\"; hide it from VoiceOver",
            "new unlabelled image takes a swipe; hide it from VoiceOver if it is decorative",
        ])
        XCTAssertNil(d.first(.stopAdded), "each image is reported once")
    }

    func testAHiddenImageTakesNoStop() {
        XCTAssertEqual(S.diff([S.text("Error")], [S.image(hidden: true), S.text("Error")]).changes, [])
    }
}
