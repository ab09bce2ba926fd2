import AXDiff
import AXSnapshot
import XCTest

/// Mystery Icon, the SwiftUI image seed, role words and duplicate names.
final class LabelRuleTests: XCTestCase {
    func testMeaninglessLabels() {
        for label in ["", "  ", "icClose", "btn_back", "sign_in_button", "164234main_image_feature_713_ys_full",
                      "photo.png", "square.and.arrow.up", "magnifyingglass", "square and arrow up", "heart",
                      "exclamationmark.triangle.fill", "closeButtonIcon"] {
            XCTAssertTrue(LabelQuality.isMeaningless(label), "\(label) should be meaningless")
        }
        for label in ["Close", "Share receipt", "Add to favorites", "iPhone", "Order 1042", "News", "Sign in", "$24.80", "e.g. this"] {
            XCTAssertFalse(LabelQuality.isMeaningless(label), "\(label) should be meaningful")
        }
        XCTAssertTrue(LabelQuality.isMeaningless("share", imageNames: ["share"]), "the image's asset name leaked")
        XCTAssertFalse(LabelQuality.isMeaningless("News", imageNames: ["News"]), "a capitalized word reads as copy")
        XCTAssertTrue(LabelQuality.isMeaningless("checkout_button", id: "checkout_button"))
    }

    func testNewIconButtonReadingItsSymbolIsLabelMissing() {
        let d = S.diff([S.text("Receipt")], [S.text("Receipt"), S.button("square and arrow up")])
        let c = d.first(.labelMissing)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["4.1.2", "1.1.1"])
        XCTAssertEqual(c?.after, "square and arrow up, button")
        XCTAssertNil(d.first(.stopAdded))
    }

    func testButtonThatLostItsNameIsLabelLost() {
        let d = S.diff([S.text("Cart"), S.button("Close", id: "close")], [S.text("Cart"), S.button("icClose", id: "close")])
        XCTAssertEqual(d.first(.labelLost)?.severity, .error)
        XCTAssertEqual(d.first(.labelLost)?.before, "Close")
        XCTAssertNil(d.first(.labelChanged), "label.lost says it once")
        // Found by place between neighbours when the id is missing too.
        let e = S.diff([S.text("Cart"), S.button("Close"), S.text("Total")], [S.text("Cart"), S.button(""), S.text("Total")])
        XCTAssertNotNil(e.first(.labelLost))
        XCTAssertNil(e.first(.stopRemoved))
    }

    func testNamingAnIconIsAnImprovement() {
        let d = S.diff([S.button("icClose", id: "x")], [S.button("Close", id: "x")])
        XCTAssertEqual(d.first(.labelChanged)?.improvement, true)
        XCTAssertNil(d.first(.labelLost))
    }

    func testImageNamedByItsFileIsLabelMissingAndUnlabelledOrRepeatingImagesAreDecorative() {
        let d = S.diff([S.text("Error")], [S.image("164234main_image_feature_713_ys_full"), S.image("Error"), S.text("Error"), S.image()])
        XCTAssertEqual(d.all(.labelMissing).count, 1)
        XCTAssertEqual(d.all(.stopDecorative).count, 2)
        XCTAssertTrue(d.all(.stopDecorative).contains { $0.message.contains("repeats its neighbour's label \"Error\"") })
    }

    func testRoleWordInLabel() {
        let d = S.diff([S.button("Close", id: "c")], [S.button("Close button", id: "c")])
        XCTAssertEqual(d.first(.labelRoleWord)?.severity, .warning)
        XCTAssertEqual(d.first(.labelRoleWord)?.after, "Close button, button")
        XCTAssertNil(S.diff([S.button("Buttonhole")], [S.button("Buttonhole")]).first(.labelRoleWord))
    }

    func testDuplicateControlNames() {
        let old = [S.text("Order 1042"), S.button("Reorder order 1042"), S.text("Order 1043"), S.button("Reorder order 1043")]
        let new = [S.text("Order 1042"), S.button("Reorder"), S.text("Order 1043"), S.button("Reorder")]
        XCTAssertEqual(S.diff(old, new).first(.nameDuplicate)?.elements.count, 2)
        let apart = [S.text("Order 1042"), S.button("Reorder", inputLabels: ["Reorder order 1042"]),
                     S.text("Order 1043"), S.button("Reorder", inputLabels: ["Reorder order 1043"])]
        XCTAssertNil(S.diff(old, apart).first(.nameDuplicate), "input labels tell them apart")
        XCTAssertNil(S.diff(new, new).first(.nameDuplicate), "already duplicated before: not new")
    }

    func testLosingTheButtonRoleIsAnError() {
        let d = S.diff([S.button("Pay", id: "pay")], [Node(id: "pay", role: .text, label: "Pay")])
        XCTAssertEqual(d.first(.roleChanged)?.severity, .error)
        let h = S.diff([S.text("Sign in", id: "t")], [Node(id: "t", role: .heading, label: "Sign in")])
        XCTAssertEqual(h.first(.roleChanged)?.severity, .warning)
        XCTAssertEqual(h.first(.roleChanged)?.improvement, true)
    }

    func testStateAndValueChanges() {
        let d = S.diff([Node(id: "w", role: .toggle, label: "Wi-Fi", value: "1")],
                       [Node(id: "w", role: .toggle, states: [.disabled], label: "Wi-Fi", value: "0")])
        XCTAssertEqual(d.first(.valueChanged)?.before, "1")
        XCTAssertEqual(d.first(.stateChanged)?.after, "dimmed")
    }

    func testStateChangesSayWhatAUserNowHears() {
        func message(_ role: Role, _ old: Set<NodeState>, _ new: Set<NodeState>) -> (String?, String?, String?) {
            let c = S.diff([Node(id: "c", role: role, states: old, label: "Remember me")],
                           [Node(id: "c", role: role, states: new, label: "Remember me")]).first(.stateChanged)
            return (c?.message, c?.before, c?.after)
        }
        let unchecked = message(.checkbox, [.checked], [])
        XCTAssertEqual(unchecked.0, "\"Remember me\" is no longer checked")
        XCTAssertEqual(unchecked.1, "checked")
        XCTAssertEqual(unchecked.2, "not checked")
        XCTAssertEqual(message(.toggle, [], [.checked]).0, "\"Remember me\" is now on")
        XCTAssertEqual(message(.toggle, [], [.checked]).1, "off")
        XCTAssertEqual(message(.button, [.selected], [.disabled]).0, "\"Remember me\" is now dimmed and no longer selected")
        XCTAssertEqual(message(.button, [], [.disabled]).1, "no state")
        let level = S.diff([Node(id: "h", role: .heading, level: 1, label: "Sign in")],
                           [Node(id: "h", role: .heading, level: 2, label: "Sign in")]).first(.stateChanged)
        XCTAssertEqual(level?.message, "\"Sign in\" is now level 2 (was 1)")
    }

    func testUnchangedScreenHasNoChanges() {
        let nodes = [S.image(), S.text("Order 1042"), S.button("Reorder"), S.button("Reorder")]
        XCTAssertEqual(S.diff(nodes, nodes).changes, [])
    }
}
