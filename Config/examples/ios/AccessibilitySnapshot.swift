import XCTest

/// Writes what XCUITest sees of the app's accessibility tree — `app.debugDescription`
/// — to `<folder>/<screen>.txt`, where the folder comes from the environment
/// variable `AXDIFF_SNAPSHOTS`. Without it nothing is written, so the UI tests
/// run as they always did.
///
/// Add this file to the UI-test target and call `AccessibilitySnapshot.record`
/// on each screen worth tracking. Run on a simulator (the test runner writes to
/// the Mac's file system; on a device it cannot reach your checkout):
///
///     TEST_RUNNER_AXDIFF_SNAPSHOTS="$PWD/Snapshots/ios" \
///       xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 15'
///
/// (xcodebuild hands `TEST_RUNNER_`-prefixed variables to the test runner
/// without the prefix.) From Xcode (⌘U), set the variable in the scheme: Product
/// › Scheme › Edit Scheme… › Test › Arguments › Environment Variables, name
/// `AXDIFF_SNAPSHOTS`, value `$(SRCROOT)/Snapshots/ios`, with "Expand Variables
/// Based On" set to the app target; share the scheme (Manage Schemes… › Shared)
/// so the setting is committed. Then `git add Snapshots/ios && git commit`.
///
/// The file is `debugDescription` without the element addresses (`0x7fb5a0512bb0`)
/// and the process id (`pid: 41491`), which change on every run: re-recording an
/// unchanged screen writes the same bytes, so branches that re-record do not
/// conflict. axdiff ignores both anyway.
///
/// What `debugDescription` cannot show, and axdiff therefore cannot compare:
/// accessibility hints, custom actions (`accessibilityCustomActions`), Voice
/// Control names (`accessibilityUserInputLabels`), traits other than selected,
/// disabled and focused, and the order VoiceOver itself computes (XCUITest lists
/// elements in view order; axdiff judges the visual order from the frames).
/// Where these matter, export an axsnapshot JSON file from the app instead.
enum AccessibilitySnapshot {
    /// What changes from run to run in `debugDescription`: element addresses and the process id.
    static let volatile = [#", 0x[0-9a-fA-F]+"#, #", pid: [0-9]+"#]

    /// Said once per test run: a run from Xcode without the variable writes nothing.
    private static let unsetNotice: Void = {
        print("AccessibilitySnapshot: AXDIFF_SNAPSHOTS is not set, so no snapshot is written (set it in the scheme's Test action, or as TEST_RUNNER_AXDIFF_SNAPSHOTS for xcodebuild)")
    }()

    /// `description` without what changes from run to run.
    static func stable(_ description: String) -> String {
        volatile.reduce(description) { text, pattern in
            text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
    }

    /// - Parameter screen: the file name without `.txt`: letters, digits, `.`, `_`, `-`.
    static func record(_ app: XCUIApplication, screen: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let folder = ProcessInfo.processInfo.environment["AXDIFF_SNAPSHOTS"], !folder.isEmpty else {
            _ = unsetNotice
            return
        }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !screen.isEmpty, !screen.hasPrefix("."), screen.unicodeScalars.allSatisfy(allowed.contains) else {
            XCTFail("AccessibilitySnapshot: '\(screen)' is not a usable file name", file: file, line: line)
            return
        }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        let target = directory.appendingPathComponent(screen + ".txt")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Atomic: a test killed mid-write never leaves half a snapshot to commit.
            try Data((stable(app.debugDescription) + "\n").utf8).write(to: target, options: .atomic)
        } catch {
            XCTFail("AccessibilitySnapshot: cannot write \(target.path): \(error)", file: file, line: line)
        }
    }
}

/// An example: one snapshot per screen a user walks through.
final class AccessibilitySnapshotTests: XCTestCase {
    func testCheckoutFlow() {
        let app = XCUIApplication()
        app.launch()
        AccessibilitySnapshot.record(app, screen: "Home")
        app.buttons["Checkout"].tap()
        XCTAssertTrue(app.staticTexts["Order summary"].waitForExistence(timeout: 5))
        AccessibilitySnapshot.record(app, screen: "Checkout")
    }
}
