import AXDiff
import AXSnapshot
import XCTest

/// `value.changed` (Rules/ValueChanged.swift): a matched stop's value changed.
final class ValueChangedTests: XCTestCase {
    func testASliderMoved() {
        let d = S.diff([Node(id: "v", role: .slider, label: "Volume", value: "40%")], [Node(id: "v", role: .slider, label: "Volume", value: "70%")])
        XCTAssertEqual(d.kinds(), [.valueChanged])
        let c = d.first(.valueChanged)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.before, "40%")
        XCTAssertEqual(c?.after, "70%")
        XCTAssertEqual(c?.elements.map(\.id), ["v"])
        XCTAssertEqual(c?.message, "value of \"Volume\" changed from \"40%\" to \"70%\"")
    }

    func testAValueAndAStateChangedTogetherAreTwoChanges() {
        let d = S.diff([Node(id: "w", role: .toggle, label: "Wi-Fi", value: "1")],
                       [Node(id: "w", role: .toggle, states: [.disabled], label: "Wi-Fi", value: "0")])
        XCTAssertEqual(d.kinds().sorted(), [.stateChanged, .valueChanged])
        XCTAssertEqual(d.first(.valueChanged)?.before, "1")
        XCTAssertEqual(d.first(.stateChanged)?.after, "dimmed")
    }
}
