import Foundation
import XCTest

final class ComplexityClaimsTests: XCTestCase {
    func testPrint() throws {
        for c in try ComplexityClaim.all() { print("CLAIM \(c.key) \(c.file):\(c.line)") }
    }
}
