import AXProcess
import Foundation

/// The tests' way to run a program (git, the built `axdiff`, Chromium) through the
/// package's one spawner, with text in and out and a time limit.
extension ChildProcess {
    /// `env` is laid over this process's environment; `stdin`, when given, is
    /// written and closed, else the child reads an empty input. With a `timeout`,
    /// a child still running then is ended (SIGTERM, SIGKILL 2 s later) and the
    /// call throws, naming `what`.
    package static func run(_ executable: URL, _ args: [String], cwd: URL? = nil, env: [String: String] = [:],
                            stdin: String? = nil, timeout: TimeInterval? = nil, what: String) throws -> Result {
        // Tests also write to the pipes of daemons they start with `Process` (Background):
        // one that exits early must not end the test run through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        let child = ChildProcess(executable.path, args, environment: environment, workingDirectory: cwd?.path,
                                 input: Array((stdin ?? "").utf8), timeout: timeout)
        let result = try child.run()
        if result.timedOut {
            throw Failure(description: "\(what) \(args) timed out after \(Int(timeout ?? 0)) s")
        }
        return result
    }
}

extension ChildProcess.Result {
    package var out: String { String(decoding: stdout, as: UTF8.self) }
    package var err: String { String(decoding: stderr, as: UTF8.self) }
    package var code: Int32 { status }
}
