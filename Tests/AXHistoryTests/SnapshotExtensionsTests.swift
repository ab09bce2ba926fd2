import AXHistory
import AXSnapshot
import XCTest

/// The configuration's snapshot files come from the registered readers' extensions, not a list of its own.
final class SnapshotExtensionsTests: XCTestCase {
    func testTheConfigurationsSnapshotFilesDeriveFromTheReaders() {
        let extensions = SnapshotReader.fileExtensions
        XCTAssertEqual(RepositoryConfig.snapshotExtensions, extensions)
        XCTAssertEqual(RepositoryConfig.snapshotLikeFiles, extensions.map { "**/*.\($0)" })
        for e in extensions {
            XCTAssertTrue(RepositoryConfig.defaultSnapshots.contains("Snapshots/**/*.\(e)"), e)
            XCTAssertTrue(RepositoryConfig.defaultSnapshots.contains("snapshots/**/*.\(e)"), e)
        }
        XCTAssertEqual(RepositoryConfig.defaultSnapshots.count, 2 * extensions.count + 1)
    }
}
