import Foundation
import XCTest

/// A real git repository in a temporary folder, driven with the git CLI.
final class GitRepo {
    let url: URL
    var path: String { url.path }
    private var clock = 1_767_225_600

    init(_ test: XCTestCase, bare: Bool = false) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-e2e-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let dir = url
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try git(bare ? ["init", "-q", "--bare", "-b", "main"] : ["init", "-q", "-b", "main"])
    }

    @discardableResult
    func git(_ args: [String], env: [String: String] = [:]) throws -> String {
        var environment = ["GIT_AUTHOR_DATE": "@\(clock) +0000", "GIT_COMMITTER_DATE": "@\(clock) +0000"]
        for (k, v) in env { environment[k] = v }
        let r = try CLI.run(["-C", path, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + args,
                            env: environment, executable: URL(fileURLWithPath: "/usr/bin/git"))
        guard r.code == 0 else {
            throw NSError(domain: "git", code: Int(r.code), userInfo: [NSLocalizedDescriptionKey: "git \(args.joined(separator: " ")): \(r.err)"])
        }
        return r.out
    }

    @discardableResult
    func commit(_ message: String, _ files: [String: String] = [:]) throws -> String {
        for (rel, text) in files { try CLI.write(text, to: url.appendingPathComponent(rel)) }
        try git(["add", "-A"])
        clock += 60
        try git(["commit", "-q", "--allow-empty", "-m", message])
        return try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func note(_ rev: String) -> String? {
        guard let r = try? CLI.run(["-C", path, "notes", "--ref=axdiff", "show", rev], executable: URL(fileURLWithPath: "/usr/bin/git")),
              r.code == 0 else { return nil }
        return r.out
    }

    /// Waits until `rev` has a note, up to `timeout` seconds.
    func waitForNote(_ rev: String, timeout: TimeInterval = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let n = note(rev) { return n }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }
}

/// axsnapshot JSON for a screen whose stops are the given (role, label) pairs.
func screenJSON(_ name: String, _ stops: [(String, String)]) -> String {
    let elements = stops.map { role, label in "{\"role\": \"\(role)\", \"label\": \"\(label)\"}" }
    return "{\"axsnapshot\": 1, \"screen\": \"\(name)\", \"elements\": [\n  " + elements.joined(separator: ",\n  ") + "\n]}\n"
}

/// A long-running `axdiff` process whose output is collected as it comes.
final class Background {
    let process = Process()
    private let lock = NSLock()
    private var buffer = Data()

    /// `environment` is added to this process's own.
    init(_ args: [String], environment: [String: String] = [:]) throws {
        process.executableURL = CLI.binary
        process.arguments = args
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.buffer.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }

    func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

    /// Waits for exit up to `timeout` seconds; nil when still running.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}
