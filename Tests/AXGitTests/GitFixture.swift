import AXGit
import Foundation
import XCTest

/// A throwaway git repository in a temporary folder, driven by the git CLI.
final class GitFixture {
    let path: String
    private var clock = 1_700_000_000

    struct CommandFailed: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        let stderr: String
        var description: String { "git \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    /// A new repository in a folder of its own under `parent` (the temporary directory by default).
    init(bare: Bool = false, under parent: URL = FileManager.default.temporaryDirectory) throws {
        let base = parent.appendingPathComponent("axgit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
        try git(bare ? ["init", "-q", "--bare", "-b", "main"] : ["init", "-q", "-b", "main"])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var gitDir: String { (path as NSString).appendingPathComponent(".git") }

    func open() throws -> Repository { try Repository.open(path: path) }

    /// Runs git in the repository with a fixed identity and dates that advance a minute per call
    /// to `commit`, so history order is deterministic.
    @discardableResult
    func git(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> String {
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_CONFIG_GLOBAL"] = "/dev/null"
        env["GIT_AUTHOR_DATE"] = "\(clock) +0000"
        env["GIT_COMMITTER_DATE"] = "\(clock) +0000"
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"] {
            env[key] = nil
        }
        env.merge(environment) { _, new in new }
        let fullArguments = ["-C", path, "-c", "user.name=Test Author", "-c", "user.email=test@example.com",
                             "-c", "core.autocrlf=false", "-c", "gc.auto=0"] + arguments
        let (status, output, errorOutput) = try Spawn.run("/usr/bin/git", fullArguments, input: Array((input ?? "").utf8),
                                                          environment: env)
        guard status == 0 else {
            throw CommandFailed(arguments: arguments, status: status, stderr: String(decoding: errorOutput, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    func write(_ relative: String, _ content: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(relative))
    }

    /// Writes (or, for nil, deletes) files, commits everything, returns the new commit id.
    @discardableResult
    func commit(_ message: String, _ files: [String: String?] = [:]) throws -> ObjectID {
        for (file, content) in files {
            if let content { try write(file, content) } else { try remove(file) }
        }
        clock += 60
        try git(["add", "-A"])
        try git(["commit", "-q", "--allow-empty", "-m", message])
        return try rev("HEAD")
    }

    func rev(_ revision: String) throws -> ObjectID {
        let hex = try git(["rev-parse", "--verify", revision]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = ObjectID(hex: hex) else { throw CommandFailed(arguments: ["rev-parse", revision], status: 0, stderr: hex) }
        return id
    }

    /// Creates `count` linear commits on `branch` in one `git fast-import` run; returns them oldest first.
    func fastImport(commits count: Int, branch: String = "main") throws -> [ObjectID] {
        var stream = ""
        for index in 1...count {
            clock += 60
            let message = "commit \(index)\n"
            let content = "content \(index)\n"
            stream += "commit refs/heads/\(branch)\n"
            stream += "committer Test Author <test@example.com> \(clock) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)"
            stream += "M 100644 inline file.txt\ndata \(content.utf8.count)\n\(content)\n"
        }
        try git(["fast-import", "--quiet"], input: stream)
        return try git(["rev-list", "--reverse", branch]).split(separator: "\n").map { ObjectID(hex: $0)! }
    }
}

/// Asserts that `body` throws a `GitError` with `code`, and returns it for further checks.
@discardableResult
func XCTAssertGitError<T>(_ code: GitError.Code, file: StaticString = #filePath, line: UInt = #line,
                          _ body: () throws -> T) -> GitError? {
    do {
        _ = try body()
        XCTFail("expected GitError \(code), nothing was thrown", file: file, line: line)
    } catch let error as GitError {
        XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
        return error
    } catch {
        XCTFail("expected GitError \(code), got \(error)", file: file, line: line)
    }
    return nil
}
