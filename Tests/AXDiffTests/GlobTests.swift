@testable import AXDiff
import XCTest

final class GlobTests: XCTestCase {
    /// ASCII patterns and paths are matched on bytes; the answers must be
    /// those of the `Character` matcher, also for non-ASCII and CR LF paths.
    func testByteGlobAgreesWithCharacterGlob() {
        let patterns = ["Snapshots/**", "**/*.aria.yml", "Check?ut", "a*b?c/**/d", "*", "**", "?", "é*", "x\r\ny", "Snap*/*.json"]
        let paths = ["Snapshots/A.json", "snapshots/x/y.aria.yml", "Checkout", "Check/ut", "a/b/c", "axbyc/d", "axbyc/q/r/d",
                     "", "é", "éx", "x\r\ny", "x\ny", "Snapshots/é.json", "Snap\r\nshots/a.json", "Snapx/A.json"]
        for p in patterns {
            for path in paths {
                XCTAssertEqual(Glob(p).matches(path), Glob(p).matchesByCharacters(path), "\(p.debugDescription) ~ \(path.debugDescription)")
            }
        }
        XCTAssertTrue(Glob("Check?ut").matches("Checkout"))
        XCTAssertFalse(Glob("x?y").matches("x\r\ny") && !Glob("x?y").matchesByCharacters("x\r\ny"))
    }
}
