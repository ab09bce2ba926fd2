import AXDiff
import AXSnapshot
import XCTest

/// `snapshot.unreadable` (Rules/SnapshotUnreadable.swift): one error that
/// says why a snapshot could not be read, and where.
final class SnapshotUnreadableTests: XCTestCase {
    func testAReadersErrorBecomesOneErrorWithItsPlace() throws {
        let broken = "{\"axsnapshot\": 1, \"screen\": \"Login\",\n \"elements\": [{\"role\": \"button\" \"label\": \"Go\"}]}"
        var caught: Error?
        XCTAssertThrowsError(try SnapshotReader.read(Array(broken.utf8), file: "Snapshots/Login.json")) { caught = $0 }
        let error = try XCTUnwrap(caught)
        let d = ScreenDiffer.unreadable(path: "Snapshots/Login.json", reason: "\(error)", error: error)
        XCTAssertEqual(d.kinds(), [.snapshotUnreadable])
        let c = d.first(.snapshotUnreadable)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.screen, "Login")
        XCTAssertEqual(c?.message, "snapshot cannot be read: \(error)")
        XCTAssertEqual(c?.line, 2)
        XCTAssertNotNil(c?.column)
    }

    func testAReasonWithoutAPlace() {
        let c = ScreenDiffer.unreadable(path: "Snapshots/Big.json", reason: "larger than 16777216 bytes").first(.snapshotUnreadable)
        XCTAssertEqual(c?.message, "snapshot cannot be read: larger than 16777216 bytes")
        XCTAssertNil(c?.line)
        XCTAssertNil(c?.column)
    }
}
