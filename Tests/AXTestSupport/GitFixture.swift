// The tests' fixture cleans up through XCTest, which the static SDK lacks: a release build
// with `--static-swift-stdlib` builds every target, this file empty.
#if canImport(XCTest)
import AXProcess
import Foundation
import XCTest

/// A real git repository in a temporary folder, driven with the git CLI.
package final class GitFixture {
    package let url: URL
    package var path: String { url.path }
    private var clock = 1_767_225_600

    package init(_ test: XCTestCase, bare: Bool = false) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let dir = url
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try git(bare ? ["init", "-q", "--bare", "-b", "main"] : ["init", "-q", "-b", "main"])
    }

    /// Runs git in the repository; throws with stderr when it fails.
    @discardableResult
    package func git(_ args: [String], env: [String: String] = [:], stdin: String? = nil) throws -> String {
        var environment = ["GIT_AUTHOR_DATE": "@\(clock) +0000", "GIT_COMMITTER_DATE": "@\(clock) +0000"]
        for (k, v) in env { environment[k] = v }
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["git", "-C", path, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + args,
                                     env: environment, stdin: stdin, what: "git")
        guard r.code == 0 else {
            throw NSError(domain: "git", code: Int(r.code), userInfo: [
                NSLocalizedDescriptionKey: "git \(args.joined(separator: " ")): \(r.err)"])
        }
        return r.out
    }

    package func write(_ text: String, _ relative: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes the files, commits them all, returns the new commit's full id.
    @discardableResult
    package func commit(_ message: String, _ files: [String: String] = [:], remove: [String] = []) throws -> String {
        for (path, text) in files { try write(text, path) }
        for path in remove { try git(["rm", "-q", path]) }
        try git(["add", "-A"])
        clock += 60
        try git(["commit", "-q", "--allow-empty", "-m", message])
        return try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package func note(_ rev: String, ref: String = "axdiff") -> String? {
        try? git(["notes", "--ref=\(ref)", "show", rev])
    }

    /// Waits until `rev` has a note, up to `timeout` seconds (a watcher in another process writes it).
    package func waitForNote(_ rev: String, timeout: TimeInterval = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let n = note(rev) { return n }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }
}

/// axsnapshot JSON for a screen whose stops are the given (role, label) pairs.
package func screenJSON(_ name: String, _ stops: [(String, String)]) -> String {
    let elements = stops.map { role, label in
        "{\"role\": \"\(role)\", \"label\": \"\(label)\"}"
    }
    return "{\"axsnapshot\": 1, \"screen\": \"\(name)\", \"elements\": [\n  " + elements.joined(separator: ",\n  ") + "\n]}\n"
}
#endif
