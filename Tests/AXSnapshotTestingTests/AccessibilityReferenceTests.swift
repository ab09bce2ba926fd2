import AXDiff
import AXSnapshot
import AXSnapshotTesting
import Foundation
import XCTest

/// `AccessibilityReference` and `assertAccessibility` under XCTest.
final class AccessibilityReferenceTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try Checkouts.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Every snapshot of every reader, recorded as its reference, matches it: the canonical
    /// writer keeps every field a rule reads. The first run records and fails; the second passes.
    func testASnapshotFromEachReaderMatchesTheReferenceItRecorded() throws {
        var compared: [String: Int] = [:]
        for format in Checkouts.formats {
            for (name, snapshot) in try Checkouts.corpus(format) {
                let reference = AccessibilityReference(named: name, directory: directory)
                let first = reference.verify(snapshot)
                XCTAssertEqual(first, "No reference was found; recorded \(reference.path). Run the test again to compare against it.")
                let written = try String(contentsOfFile: reference.path, encoding: .utf8)
                XCTAssertEqual(written, SnapshotJSONWriter.json(snapshot), name)
                XCTAssertNil(reference.verify(snapshot), "\(format)/\(name)")
                compared[format, default: 0] += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared["xcuitest-debugdescription"] ?? 0, 5, "\(compared)")
        XCTAssertGreaterThanOrEqual(compared["playwright-aria"] ?? 0, 5, "\(compared)")
        XCTAssertGreaterThanOrEqual(compared["android-uiautomator"] ?? 0, 5, "\(compared)")
    }

    /// A regression fails with axdiff's sentences: one change, naming the moved button.
    func testARegressionFailsWithTheDiffsSentences() throws {
        let reference = AccessibilityReference(named: "Checkout", directory: directory)
        XCTAssertNotNil(reference.verify(try Checkouts.checkout()))
        let message = try XCTUnwrap(reference.verify(try Checkouts.checkout(tryAgainFirst: true)))
        XCTAssertTrue(message.hasPrefix("The accessibility of \"Checkout\" no longer matches its reference \(reference.path):\n"), message)
        XCTAssertTrue(message.contains("  ✗ order.regressed  \"Try again\" is now read before \"Payment failed\""), message)
        XCTAssertTrue(message.contains("      after:  Try again › Payment failed › Card number › Support"), message)
        XCTAssertEqual(message.split(separator: "\n").filter { $0.hasPrefix("  ✗ ") || $0.hasPrefix("  ! ") || $0.hasPrefix("  · ") }.count, 1, message)
        XCTAssertTrue(message.contains("Axdiff-Errors: 1\n"), message)
        XCTAssertTrue(message.hasSuffix("record the reference again (record: true, or AXDIFF_RECORD=1)."), message)
    }

    /// What axdiff does not report does not fail: the whole screen two points lower.
    func testAMoveOfTheWholeScreenIsNoFailure() throws {
        let reference = AccessibilityReference(named: "Checkout", directory: directory)
        XCTAssertNotNil(reference.verify(try Checkouts.checkout()))
        XCTAssertNil(reference.verify(try Checkouts.checkout(shift: 2)))
    }

    /// `failOn: .error` lets a warning through and still stops a regression.
    func testTheSeverityThatFails() throws {
        let lenient = AccessibilityReference(named: "Checkout", directory: directory, failOn: .error)
        XCTAssertNotNil(lenient.verify(try Checkouts.checkout()))
        var smaller = try Checkouts.checkout()
        smaller.elements[3].frame?.height = 20   // "Support" shrinks below 44 pt: a warning
        XCTAssertNil(lenient.verify(smaller))
        XCTAssertNotNil(AccessibilityReference(named: "Checkout", directory: directory).verify(smaller))
        XCTAssertNotNil(lenient.verify(try Checkouts.checkout(tryAgainFirst: true)))
    }

    /// Record mode writes the new tree over the reference and fails once; then it matches.
    func testRecordModeReplacesTheReference() throws {
        let reference = AccessibilityReference(named: "Checkout", directory: directory)
        XCTAssertNotNil(reference.verify(try Checkouts.checkout()))
        let moved = try Checkouts.checkout(tryAgainFirst: true)
        XCTAssertEqual(reference.verify(moved, record: true),
                       "Recorded the reference \(reference.path) (record mode). Turn record mode off and run the test again to compare against it.")
        XCTAssertNil(reference.verify(moved))
    }

    /// A reference that is not axsnapshot JSON fails, naming the file and the place.
    func testAnUnreadableReferenceFailsNamingIt() throws {
        let reference = AccessibilityReference(named: "Checkout", directory: directory)
        try Data("{\"axsnapshot\": 1, \"elements\": [".utf8).write(to: URL(fileURLWithPath: reference.path))
        let message = try XCTUnwrap(reference.verify(try Checkouts.checkout()))
        XCTAssertTrue(message.hasPrefix("\(reference.path): the reference cannot be read: "), message)
    }

    /// The reference file beside this test (`__Snapshots__/AccessibilityReferenceTests/Checkout.json`,
    /// committed) passes through `assertAccessibility`, as an app's UI test calls it.
    func testTheCommittedReferenceBesideTheTestMatches() throws {
        let reference = AccessibilityReference(named: "Checkout")
        XCTAssertTrue(reference.path.hasSuffix("Tests/AXSnapshotTestingTests/__Snapshots__/AccessibilityReferenceTests/Checkout.json"), reference.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: reference.path), "the committed reference")
        assertAccessibility(of: try Checkouts.checkout(), matches: "Checkout")
        XCTAssertNil(reference.verify(try Checkouts.checkout()))
    }
}
