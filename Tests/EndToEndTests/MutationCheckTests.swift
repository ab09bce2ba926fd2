import AXTestSupport
import Foundation
import XCTest

/// `Scripts/mutation-check.sh`: each named rule constant, moved a little in a
/// copy of the pure modules, makes the tests that pin it fail. A constant the
/// tests do not pin is named in the failure.
final class MutationCheckTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryRuleConstantIsPinnedByATest() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let script = Self.root.appendingPathComponent("Scripts/mutation-check.sh")
        let result = try CLI.run([script.path], cwd: Self.root, executable: URL(fileURLWithPath: "/bin/sh"), timeout: 3 * 3600)
        XCTAssertEqual(result.code, 0, result.out + result.err)
        let killed = result.out.split(separator: "\n").filter { $0.hasPrefix("killed: ") }
        // One line per mutant in the script's list, each naming the tests that failed.
        XCTAssertEqual(killed.count, 11, result.out)
        XCTAssertTrue(killed.allSatisfy { $0.contains(" by ") && $0.split(separator: " ").count > 3 }, result.out)
        XCTAssertTrue(result.out.hasSuffix("mutation-check: every mutant killed\n"), result.out)
    }
}
