import AXDiff
import AXSnapshot
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Fails the running test when `snapshot`'s accessibility differs from the reference named
/// `name` (`AccessibilityReference`), with axdiff's sentences for each change:
///
/// ```swift
/// assertAccessibility(of: try SnapshotReader.read(bytes, file: "Checkout.txt"), matches: "Checkout")
/// ```
///
/// The first run records the reference and fails; `record: true` (or `AXDIFF_RECORD=1`)
/// records it again. Works under XCTest and Swift Testing alike.
public func assertAccessibility(
    of snapshot: @autoclosure () throws -> Snapshot,
    matches name: String,
    record: Bool = false,
    policy: DiffPolicy = DiffPolicy(),
    failOn: Severity = .note,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let message: String?
    do {
        let reference = AccessibilityReference(named: name, directory: snapshotDirectory, file: filePath, policy: policy, failOn: failOn)
        message = reference.verify(try snapshot(), record: record || AccessibilityReference.recordsFromEnvironment)
    } catch {
        message = "The snapshot for \"\(name)\" could not be taken: \(error)"
    }
    guard let message else { return }
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A failure of the running test: a Swift Testing issue inside a `@Test`, else an XCTest failure.
func reportFailure(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    print(message)
    #endif
}
