import Foundation
import XCTest

/// Runs the built `axdiff` binary and captures what it prints.
enum CLI {
    struct Result {
        var out: String
        var err: String
        var code: Int32
    }

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
        // A child that exits early must not kill the test run through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = args
        if let cwd { p.currentDirectoryURL = cwd }
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            throw NSError(domain: "CLI", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(args) timed out after \(timeout)s"])
        }
        p.waitUntilExit()
        return Result(out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self), code: p.terminationStatus)
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
