import AXProcess
import AXTestSupport
import Foundation
import XCTest

/// Runs the built `axdiff` binary and captures what it prints.
enum CLI {
    typealias Result = ChildProcess.Result

    /// The `axdiff` executable next to the test bundle (SwiftPM puts both in the
    /// same products directory), or `AXDIFF_BIN`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["AXDIFF_BIN"] { return URL(fileURLWithPath: path) }
        // On Linux the main bundle is the products directory itself; on macOS it is
        // the .xctest bundle inside it.
        let candidates = (Bundle.allBundles.map(\.bundleURL) + [Bundle.main.bundleURL])
            .flatMap { [$0, $0.deletingLastPathComponent()] }
            .map { $0.appendingPathComponent("axdiff") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    @discardableResult
    static func run(_ args: [String], cwd: URL? = nil, env: [String: String] = [:], stdin: String? = nil,
                    executable: URL? = nil, timeout: TimeInterval = 120) throws -> Result {
        try ChildProcess.run(executable ?? binary, args, cwd: cwd, env: env, stdin: stdin, timeout: timeout, what: "CLI")
    }

    /// A fresh temporary directory, removed when the test ends.
    static func tempDir(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
