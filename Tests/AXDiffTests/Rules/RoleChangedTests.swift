import AXDiff
import AXSnapshot
import XCTest

/// `role.changed` (Rules/RoleChanged.swift): the one rule with two
/// severities — an interactive role lost is an error, any other change a warning.
final class RoleChangedTests: XCTestCase {
    func testLosingTheButtonRoleIsAnError() {
        let d = S.diff([S.button("Pay", id: "pay")], [Node(id: "pay", role: .text, label: "Pay")])
        XCTAssertEqual(d.kinds(), [.roleChanged])
        let c = d.first(.roleChanged)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["4.1.2"])
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.before, "button")
        XCTAssertEqual(c?.after, "text")
        XCTAssertEqual(c?.message, "\"Pay\" changed from button to text; it is no longer announced as something to operate")
    }

    func testTextBecomingAHeadingIsAWarningAndAnImprovement() {
        let d = S.diff([S.text("Sign in", id: "t")], [Node(id: "t", role: .heading, label: "Sign in")])
        XCTAssertEqual(d.kinds(), [.roleChanged])
        XCTAssertEqual(d.first(.roleChanged)?.severity, .warning)
        XCTAssertEqual(d.first(.roleChanged)?.improvement, true)
        XCTAssertEqual(d.first(.roleChanged)?.message, "\"Sign in\" changed from text to heading")
        XCTAssertEqual(ChangeKind.roleChanged.severities, [.error, .warning])
    }
}
