import AXDiff
import AXSnapshot
import XCTest

/// `state.changed` (Rules/StateChanged.swift): a matched stop's states changed,
/// said as a user now hears it.
final class StateChangedTests: XCTestCase {
    func testStateChangesSayWhatAUserNowHears() {
        func message(_ role: Role, _ old: NodeStates, _ new: NodeStates) -> (String?, String?, String?) {
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
        // A heading re-levelled is said once, by heading.changed.
        let level = S.diff([Node(id: "h", role: .heading, level: 1, label: "Sign in")],
                           [Node(id: "h", role: .heading, level: 2, label: "Sign in")])
        XCTAssertEqual(level.kinds(), [.headingChanged], "\(level.changes.map(\.message))")
    }

    func testAStateChangeIsOneNoteOnTheStop() {
        let d = S.diff([Node(id: "e", role: .button, states: [.collapsed], label: "Details")],
                       [Node(id: "e", role: .button, states: [.expanded], label: "Details")])
        XCTAssertEqual(d.kinds(), [.stateChanged])
        XCTAssertEqual(d.first(.stateChanged)?.severity, .note)
        XCTAssertEqual(d.first(.stateChanged)?.wcag, [])
        XCTAssertEqual(d.first(.stateChanged)?.elements.map(\.id), ["e"])
    }
}
