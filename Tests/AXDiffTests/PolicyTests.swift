import AXDiff
import AXSnapshot
import Foundation
import XCTest

final class PolicyTests: XCTestCase {
    func testSeverityOverridesAndOff() throws {
        var policy = DiffPolicy()
        policy.severity = [.orderChanged: .error, .stopAdded: .off]
        let d = S.diff([S.text("One"), S.text("Two")], [S.text("Two"), S.text("One"), S.text("Three")], policy: policy)
        XCTAssertEqual(d.first(.orderChanged)?.severity, .error)
        XCTAssertNil(d.first(.stopAdded))
    }
}
