import AXDiff
import AXSnapshot
import XCTest

/// `label.lost` (Rules/LabelLost.swift): a matched stop's meaningful label
/// became empty or meaningless — the Mystery Icon, arrived by regression.
final class LabelLostTests: XCTestCase {
    func testButtonThatLostItsNameToAnAssetNameIsLabelLost() {
        let d = S.diff([S.text("Cart"), S.button("Close", id: "close")], [S.text("Cart"), S.button("icClose", id: "close")])
        XCTAssertEqual(d.changes.count, 1, "label.lost says it once, not also label.changed: \(d.changes.map(\.message))")
        let lost = d.all(.labelLost)
        XCTAssertEqual(lost.count, 1)
        XCTAssertEqual(lost.first?.severity, .error)
        XCTAssertEqual(lost.first?.wcag, ["4.1.2", "1.1.1"])
        XCTAssertEqual(lost.first?.elements.map(\.id), ["close"])
        XCTAssertEqual(lost.first?.before, "Close")
        XCTAssertEqual(lost.first?.after, "icClose")
        XCTAssertEqual(lost.first?.message, "\"Close\" lost its label: VoiceOver now says \"icClose, button\"")
    }

    func testAnEmptiedLabelIsFoundByPlaceAndSaysWhatIsLeft() {
        // Found by its place between neighbours when there is no id either.
        let d = S.diff([S.text("Cart"), S.button("Close"), S.text("Total")], [S.text("Cart"), S.button(""), S.text("Total")])
        XCTAssertEqual(d.kinds(), [.labelLost], "not a removal and an addition: \(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.labelLost)?.elements.map(\.index), [1])
        XCTAssertEqual(d.first(.labelLost)?.message, "\"Close\" lost its label: VoiceOver now says nothing but \"button\"")
    }

    func testALabelThatBecameItsIdOrASymbolNameIsLost() {
        for meaningless in ["checkout_button", "cart.fill"] {
            let d = S.diff([S.button("Check out", id: "checkout_button")], [S.button(meaningless, id: "checkout_button")])
            XCTAssertEqual(d.all(.labelLost).count, 1, meaningless)
            XCTAssertEqual(d.changes.count, 1, "\(meaningless): \(d.changes.map(\.message))")
        }
    }

    func testANewMeaningfulOrAnAlreadyMeaninglessLabelIsNotLost() {
        XCTAssertEqual(S.diff([S.button("Close", id: "x")], [S.button("Dismiss", id: "x")]).kinds(), [.labelChanged])
        XCTAssertEqual(S.diff([S.button("icClose", id: "x")], [S.button("icCross", id: "x")]).kinds(), [.labelChanged])
    }
}
