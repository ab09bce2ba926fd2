import Foundation

/// Runs the programs the benchmark measures (`axdiff`, `git`) and the ones it
/// needs (`cp`), with output sent to a file or discarded.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` to completion; throws when it exits non-zero.
    /// `stdout` nil discards the output (it goes to /dev/null, as in `git log -p > /dev/null`).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], cwd: String? = nil, stdout: String? = nil,
                    environment: [String: String] = [:]) throws -> Int32 {
        let process = try start(executable, arguments, cwd: cwd, stdout: stdout, environment: environment)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)"
                          + (stdout.map { " (output in \($0))" } ?? ""))
        }
        return process.terminationStatus
    }

    /// Starts `executable` and returns without waiting (for the watcher).
    static func start(_ executable: String, _ arguments: [String], cwd: String? = nil, stdout: String? = nil,
                      environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try resolve(executable))
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// A bare name is looked up on PATH, as a shell would.
    static func resolve(_ executable: String) throws -> String {
        if executable.contains("/") { return executable }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "\(executable) not found on PATH")
    }

    /// What `git` prints (trimmed), for the few facts the benchmark reads back.
    static func output(_ executable: String, _ arguments: [String], cwd: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try resolve(executable))
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh copy of a repository directory (`cp -a`), replacing `to`.
    static func copy(_ from: String, to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try run("cp", ["-a", from, to])
    }
}
