import XCTest
import Foundation
@testable import AXBase

/// `ErrorDescription.localized` and `CFormat` against Foundation's `localizedDescription`
/// and `String(format:)`, which they replace.
final class ErrorDescriptionTests: XCTestCase {
    private struct Plain: Error {}
    private enum Cases: Error { case first, second }
    private struct Described: LocalizedError { var errorDescription: String? { "described" } }

    func testFileErrorsAsFoundation() throws {
        let fm = FileManager.default
        let file = NSTemporaryDirectory() + "error-description-\(getpid())"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? fm.removeItem(atPath: file) }
        let failing: [() throws -> Void] = [
            { try fm.createDirectory(atPath: "/nonexistent-\(getpid())/a/b", withIntermediateDirectories: false) },
            { try fm.createDirectory(atPath: file + "/sub", withIntermediateDirectories: true) },
            { try fm.createDirectory(atPath: file, withIntermediateDirectories: false) },
            { try Data("x".utf8).write(to: URL(fileURLWithPath: file + "/sub")) },
            { try Data("x".utf8).write(to: URL(fileURLWithPath: "/nonexistent-\(getpid())/x"), options: .atomic) },
            { _ = try String(contentsOfFile: "/nonexistent-\(getpid())", encoding: .utf8) },
            { try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "/nonexistent-\(getpid())") },
            { try fm.removeItem(atPath: "/nonexistent-\(getpid())") },
            { throw CocoaError(.fileWriteOutOfSpace) },
            { throw CocoaError(.init(rawValue: 9999)) },
            { throw POSIXError(.ENOSPC) },
            { throw Plain() },
            { throw Cases.second },
            { throw Described() },
        ]
        for (i, body) in failing.enumerated() {
            do {
                try body()
                XCTFail("case \(i) did not throw")
            } catch {
                XCTAssertEqual(ErrorDescription.localized(error), error.localizedDescription, "case \(i): \(error)")
            }
        }
    }

    func testCFormatAsStringFormat() {
        for t in [0, 0.04, 0.05, 0.15, 0.25, 0.35, 1.45, 9.94, 9.95, 9.96, 5, -0.05] {
            XCTAssertEqual(CFormat.string("%.1f s", t), String(format: "%.1f s", t), "\(t)")
        }
        for offset in [0, 60, 90, 330, 345, 765, 840, 1439] {
            XCTAssertEqual(CFormat.string("%02d%02d", offset / 60, offset % 60), String(format: "%02d%02d", offset / 60, offset % 60))
        }
    }
}
