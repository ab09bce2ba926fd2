#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program run to its end: started with `posix_spawn`, its output read, its exit taken
/// with `waitpid`.
///
/// Why not Foundation's `Process`: its `waitUntilExit` checks on the child from its run loop
/// every 50 ms, so a child that has exited is noticed up to 50 ms late. That was added to the
/// end of a backfill (git's maintenance, a few milliseconds of work, is the last thing it
/// runs: a twentieth of a 1 s backfill), and it put every timing of `axdiff-bench` on a
/// 50 ms grid (BENCHMARKS.md, "Pack windows after git gc, the object cache, and timing a
/// child").
///
/// The child starts with standard input from /dev/null, the default action for the signals a
/// daemon catches or ignores (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD) and no signal
/// blocked, whatever the calling thread had, in a process group of its own (as `Process` starts
/// it): Ctrl-C in the terminal reaches axdiff, which finishes its round, and not a git push or
/// repack halfway through. The descriptors a run opens are close-on-exec:
/// a child started meanwhile on another thread holds no end of this one's pipes.
package struct ChildProcess {
    /// Where the child's standard output or error goes.
    package enum Output: Equatable {
        /// /dev/null.
        case discard
        /// Read into `Result.stdout` or `Result.stderr`.
        case capture
        /// The file at this path, created or truncated.
        case file(String)
    }

    package struct Result {
        /// The exit code; 128 + the signal's number when a signal ended the child (as a shell says).
        package var status: Int32
        package var stdout: [UInt8]
        package var stderr: [UInt8]
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// `executable` (a path, or a name looked up on the `PATH` of `environment`), its
    /// arguments, and its whole environment.
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var stdout: Output = .capture
    package var stderr: Output = .capture

    package init(_ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                 stdout: Output = .capture, stderr: Output = .capture) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Runs the program to its end; throws `Failure` only when it could not be started.
    package func run() throws -> Result {
        let path = try resolvedExecutable()
        var descriptors = Descriptors()
        defer { descriptors.closeAll() }
        let input = try descriptors.openFile("/dev/null", O_RDONLY)
        let out = try descriptors.target(stdout)
        let err = try descriptors.target(stderr)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, target) in [(input, Int32(0)), (out.child, 1), (err.child, 2)] {
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv + [nil], envp + [nil])
        guard spawned == 0 else {
            throw Failure(description: "\(path): \(String(cString: strerror(spawned)))")
        }
        // The child has its copies; ours would keep its pipes open after it exits.
        descriptors.closeChildEnds()
        let (outBytes, errBytes) = Self.drain(out.parent, err.parent)
        return Result(status: Self.wait(pid), stdout: outBytes, stderr: errBytes)
    }

    /// `executable` itself when it names a path, else the first executable file of that name
    /// on the `PATH` the child gets (as `env` and a shell look it up).
    private func resolvedExecutable() throws -> String {
        if executable.contains("/") { return executable }
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + executable
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw Failure(description: "\(executable) is not on PATH (\(searchPath))")
    }

    /// Waits for `pid` to exit, through interruptions.
    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // `WIFEXITED`, `WEXITSTATUS` and `WTERMSIG`, which Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Reads both pipes to their ends, whichever has bytes first (`poll`), so that neither
    /// can fill up and block the child while the other is read. A negative descriptor is no pipe.
    private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var data: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for k in fds.indices where fds[k].fd >= 0 && fds[k].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    data[k] += buffer[0..<n]
                } else if n == 0 || errno != EINTR {
                    fds[k].fd = -1   // end of file (or an error): poll skips a negative descriptor
                }
            }
        }
        return (data[0], data[1])
    }

    /// The descriptors opened for one run, all close-on-exec (the child gets its copies
    /// through `dup2`), closed when the run ends.
    private struct Descriptors {
        private var opened: [Int32] = []
        private var childEnds: [Int32] = []

        /// The child's end of an output (its descriptor 1 or 2), and the end this process reads (-1: none).
        mutating func target(_ output: Output) throws -> (child: Int32, parent: Int32) {
            switch output {
            case .discard:
                return (try openFile("/dev/null", O_WRONLY), -1)
            case .file(let path):
                return (try openFile(path, O_WRONLY | O_CREAT | O_TRUNC), -1)
            case .capture:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    throw Failure(description: "could not make a pipe: \(String(cString: strerror(errno)))")
                }
                opened += ends
                for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                childEnds.append(ends[1])
                return (ends[1], ends[0])
            }
        }

        mutating func openFile(_ path: String, _ flags: Int32) throws -> Int32 {
            let fd = open(path, flags | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw Failure(description: "could not open \(path): \(String(cString: strerror(errno)))") }
            opened.append(fd)
            return fd
        }

        mutating func closeChildEnds() {
            for fd in childEnds { close(fd) }
            opened.removeAll { childEnds.contains($0) }
            childEnds = []
        }

        mutating func closeAll() {
            for fd in opened { close(fd) }
            opened = []
            childEnds = []
        }
    }
}
