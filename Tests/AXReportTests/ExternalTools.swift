import AXProcess
import AXTestSupport
import Foundation
import XCTest

/// Runs the Python validators (jsonschema, sarif-tools, junitparser) and
/// xmllint on rendered reports. CI installs them; only a machine without
/// python3 at all skips these checks.
enum ExternalTools {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `arguments` through `/usr/bin/env` (so PATH decides); both outputs are
    /// drained as they come, so a chatty tool cannot block.
    static func run(_ arguments: [String]) throws -> Run {
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, what: arguments.first ?? "env")
        return Run(status: r.code, stdout: r.out, stderr: r.err)
    }

    static func which(_ tool: String) -> Bool {
        (try? run(["sh", "-c", "command -v \"$0\" >/dev/null", tool]).status) == 0
    }

    /// Throws XCTSkip when python3 is not installed.
    static func requirePython() throws {
        guard which("python3") else { throw XCTSkip("python3 is not installed") }
    }

    /// Runs a Python script with `arguments` as `sys.argv[1...]`.
    static func python(_ script: String, _ arguments: [String]) throws -> Run {
        try run(["python3", "-c", script] + arguments)
    }

    /// Writes `text` to a fresh temporary file and returns its path; the file's folder is
    /// removed when `test` ends.
    static func write(for test: XCTestCase, _ text: String, named name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("axreport-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The official schemas, vendored beside these tests (`Schemas/`, with their
    /// sources), or `$AXDIFF_SCHEMA_DIR` to check against another copy.
    static func schema(_ name: String) throws -> String {
        let directory: URL
        if let override = ProcessInfo.processInfo.environment["AXDIFF_SCHEMA_DIR"] {
            directory = URL(fileURLWithPath: override)
        } else {
            directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas")
        }
        let path = directory.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("schema \(name) not found at \(path); set AXDIFF_SCHEMA_DIR")
            throw XCTSkip("schema missing")
        }
        return path
    }
}
