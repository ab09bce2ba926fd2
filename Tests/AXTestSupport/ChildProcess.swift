import Foundation

/// Runs a program and captures what it prints, for every test that drives one
/// (git, the built `axdiff`, Chromium). Both pipes are read at once, so a
/// chatty child cannot block on a full pipe while the other is read.
package enum ChildProcess {
    package struct Result {
        package var out: String
        package var err: String
        package var code: Int32
    }

    /// `env` is laid over this process's environment; `stdin`, when given, is
    /// written and closed, else the child reads an empty pipe. With a `timeout`,
    /// a child still running then is terminated (killed 2 s later) and the call
    /// throws, naming `what`.
    package static func run(_ executable: URL, _ args: [String], cwd: URL? = nil, env: [String: String] = [:],
                            stdin: String? = nil, timeout: TimeInterval? = nil, what: String) throws -> Result {
        // A child that exits early must not kill the test run through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = executable
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
        let box = Output()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            group.enter()
            DispatchQueue.global().async {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile(), isOut: isOut)
                group.leave()
            }
        }
        if let timeout, group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            let pid = p.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { if p.isRunning { kill(pid, SIGKILL) } }
            throw NSError(domain: what, code: 1, userInfo: [NSLocalizedDescriptionKey: "\(what) \(args) timed out after \(Int(timeout)) s"])
        }
        group.wait()
        p.waitForExit()
        let (o, e) = box.get()
        return Result(out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self), code: p.terminationStatus)
    }

    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func set(_ data: Data, isOut: Bool) {
            lock.lock()
            if isOut { out = data } else { err = data }
            lock.unlock()
        }
        func get() -> (Data, Data) {
            lock.lock()
            defer { lock.unlock() }
            return (out, err)
        }
    }
}
