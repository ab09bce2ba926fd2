import AXDiff
import AXSnapshot
import XCTest

/// `label.changed` (Rules/LabelChanged.swift): a matched stop's label text
/// changed; naming a stop whose label was meaningless is an improvement.
final class LabelChangedTests: XCTestCase {
    func testARenamedButtonIsANote() {
        let d = S.diff([S.button("Sign in", id: "go")], [S.button("Log in", id: "go")])
        XCTAssertEqual(d.kinds(), [.labelChanged])
        let c = d.first(.labelChanged)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, [])
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.before, "Sign in")
        XCTAssertEqual(c?.after, "Log in")
        XCTAssertEqual(c?.elements.map(\.id), ["go"])
        XCTAssertEqual(c?.message, "label changed from \"Sign in\" to \"Log in\"")
    }

    func testNamingAnIconIsAnImprovement() {
        let d = S.diff([S.button("icClose", id: "x")], [S.button("Close", id: "x")])
        XCTAssertEqual(d.kinds(), [.labelChanged])
        XCTAssertEqual(d.first(.labelChanged)?.improvement, true)
        XCTAssertEqual(d.first(.labelChanged)?.message, "\"icClose\" now has a real label: \"Close\"")
    }

    func testCaseAndSpacingAloneAreNoChange() {
        XCTAssertEqual(S.diff([S.text("Order  total", id: "t")], [S.text("order total", id: "t")]).changes, [])
    }
}
