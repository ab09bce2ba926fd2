import AXProcess
import Foundation

/// Runs the programs the benchmark measures (`axdiff`, `git`) and the ones it
/// needs (`cp`), with output sent to a file or discarded.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` to completion; throws when it exits with a code not in `accept`.
    /// `stdout` nil discards the output (it goes to /dev/null, as in `git log -p > /dev/null`).
    /// Through `ChildProcess`, whose wait ends when the child does: Foundation's `Process`
    /// noticed an exit up to 50 ms late, which put every timing on a 50 ms grid.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], stdout: String? = nil,
                    environment: [String: String] = [:], accept: Set<Int32> = [0]) throws -> Int32 {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let output: ChildProcess.Output = stdout.map { .file($0) } ?? .discard
        let status = try spawn(ChildProcess(executable, arguments, environment: env, stdout: output, stderr: output)).status
        guard accept.contains(status) else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(status)"
                          + (stdout.map { " (output in \($0))" } ?? ""))
        }
        return status
    }

    /// Starts `executable` and returns without waiting (for the watcher); its output goes to
    /// `stdout` (nil: discarded).
    static func start(_ executable: String, _ arguments: [String], cwd: String? = nil, stdout: String? = nil,
                      environment: [String: String] = [:]) throws -> BackgroundProcess {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let output: ChildProcess.Output = stdout.map { .file($0) } ?? .discard
        do {
            return try ChildProcess(executable, arguments, environment: env, stdout: output, stderr: output,
                                    workingDirectory: cwd).start()
        } catch let failure as ChildProcess.Failure {
            throw Failure(description: "could not start \(failure)")
        }
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
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try spawn(ChildProcess(executable, arguments, stderr: .discard))
        guard result.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(result.status)")
        }
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `child` (which looks a bare name up on its `PATH`); a start that fails is the bench's `Failure`.
    private static func spawn(_ child: ChildProcess) throws -> ChildProcess.Result {
        do {
            return try child.run()
        } catch let failure as ChildProcess.Failure {
            throw Failure(description: "could not start \(failure)")
        }
    }

    /// A fresh copy of a repository directory (`cp -a`), replacing `to`.
    static func copy(_ from: String, to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try run("cp", ["-a", from, to])
    }
}

extension Subprocess {
    /// The peak resident memory of `executable` run to completion, in bytes,
    /// read by a small Python parent from `RUSAGE_CHILDREN`. (Spawned from
    /// here, the child's `ru_maxrss` would start at this process's size:
    /// posix_spawn shares our memory until the exec, and the kernel keeps
    /// that high-water mark across it.) Exit codes in `accept` pass.
    static func peakMemory(_ executable: String, _ arguments: [String], stdout: String, accept: Set<Int32> = [0]) throws -> Double {
        try peakMemoryParts(executable, arguments, stdout: stdout, accept: accept).resident
    }

    /// The peak resident memory of `executable` (as `peakMemory`), and the highest of its
    /// anonymous resident memory (`RssAnon` in `/proc/PID/status`, read every 10 ms): the
    /// memory of the program itself, without the files it maps (its binary, the
    /// repository's pack indexes and pack windows), whose pages the kernel may drop at any time.
    static func peakMemoryParts(_ executable: String, _ arguments: [String], stdout: String,
                                accept: Set<Int32> = [0]) throws -> (resident: Double, anonymous: Double) {
        let script = """
            import resource, subprocess, sys, time
            anon = 0
            with open(sys.argv[1], "wb") as out:
                child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL)
                while child.poll() is None:
                    try:
                        with open("/proc/%d/status" % child.pid) as status:
                            for line in status:
                                if line.startswith("RssAnon:"):
                                    anon = max(anon, int(line.split()[1]))
                    except OSError:
                        pass
                    time.sleep(0.01)
            print(child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, anon)
            """
        let words = try output("python3", ["-c", script, stdout, try resolve(executable)] + arguments).split(separator: " ")
        guard words.count == 3, let code = Int32(words[0]), let kb = Double(words[1]), let anon = Double(words[2]) else {
            throw Failure(description: "could not read the peak memory of \(executable)")
        }
        guard accept.contains(code) else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(code)")
        }
        return (kb * 1024, anon * 1024)
    }
}
