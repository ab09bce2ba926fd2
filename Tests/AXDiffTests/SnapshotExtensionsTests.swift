import AXDiff
import AXSnapshot
import XCTest

/// The configuration's snapshot files come from the registered readers' extensions, not a list of its own.
final class SnapshotExtensionsTests: XCTestCase {
    func testTheConfigurationsSnapshotFilesDeriveFromTheReaders() {
        let extensions = SnapshotReader.fileExtensions
        XCTAssertEqual(Config.snapshotExtensions, extensions)
        XCTAssertEqual(Config.snapshotLikeFiles, extensions.map { "**/*.\($0)" })
        for e in extensions {
            XCTAssertTrue(Config.defaultSnapshots.contains("Snapshots/**/*.\(e)"), e)
            XCTAssertTrue(Config.defaultSnapshots.contains("snapshots/**/*.\(e)"), e)
        }
        XCTAssertEqual(Config.defaultSnapshots.count, 2 * extensions.count + 1)
    }
}
