#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

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
/// The one way the package runs a program: to its end (`run`) — git for the tracker and the
/// demo, the measured programs for the bench, git and the built binary for the tests — or left
/// running (`start`): a daemon under test or measured, Chromium for the recorder (given its
/// DevTools pipe as two extra `descriptors`). In a module of its own that needs nothing else.
///
/// The child starts with standard input from /dev/null (or the bytes given), the default action for the signals a
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
        /// The run outlived its `timeout` and was ended: SIGTERM to its process group, SIGKILL 2 s later.
        package var timedOut = false
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// `executable` (a path, or a name looked up on the `PATH` of `environment`), its
    /// arguments, and its whole environment.
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var stdout: Output = .capture
    package var stderr: Output = .capture
    /// The directory the child starts in; nil: this process's.
    package var workingDirectory: String?
    /// What the child reads on its standard input, then end of file; nil: /dev/null.
    package var input: [UInt8]?
    /// Seconds after which a child still running is ended (`Result.timedOut`); nil: no limit.
    package var timeout: Double?
    /// Descriptors the child gets beyond its standard three: the child's number → this
    /// process's descriptor, of which the child gets a copy under that number (the DevTools
    /// pipe Chromium reads on 3 and writes on 4). This process's descriptors must not be
    /// among the child's numbers, which are set in ascending order.
    package var descriptors: [Int32: Int32] = [:]
    /// Whether the child starts in a process group of its own (see the type). False for a
    /// child that must end with this process when the terminal interrupts it (Chromium).
    package var ownProcessGroup = true

    package init(_ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                 stdout: Output = .capture, stderr: Output = .capture, workingDirectory: String? = nil,
                 input: [UInt8]? = nil, timeout: Double? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.workingDirectory = workingDirectory
        self.input = input
        self.timeout = timeout
    }

    /// Runs the program to its end; throws `Failure` only when it could not be started.
    package func run() throws -> Result {
        let path = try resolvedExecutable()
        var descriptors = Descriptors()
        defer { descriptors.closeAll() }
        let stdin = try input == nil ? (child: descriptors.openFile("/dev/null", O_RDONLY), parent: -1) : descriptors.inputSocket()
        let out = try descriptors.target(stdout)
        let err = try descriptors.target(stderr)
        let pid = try spawn(path, stdin: stdin.child, stdout: out.child, stderr: err.child)
        // The child has its copies; ours would keep its pipes open after it exits.
        descriptors.closeChildEnds()
        var exchange = Exchange(input: stdin.parent >= 0 ? (stdin.parent, input ?? []) : nil, out: out.parent, err: err.parent,
                                pid: pid, timeout: timeout)
        exchange.run()
        descriptors.closeAll()
        return Result(status: Self.wait(pid), stdout: exchange.data[0], stderr: exchange.data[1], timedOut: exchange.timedOut)
    }

    /// Starts the program at `path` with these descriptors as its standard input, output and
    /// error, with the signal state and process group described on the type.
    func spawn(_ path: String, stdin: Int32, stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        for (target, fd) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        if let workingDirectory {
            guard Self.addChdir(&actions, workingDirectory) == 0 else {
                throw Failure(description: "cannot start \(path) in \(workingDirectory)")
            }
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
        let group = ownProcessGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | group))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv + [nil], envp + [nil])
        guard spawned == 0 else {
            throw Failure(description: "\(path): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// `posix_spawn_file_actions_addchdir_np`, which glibc declares only for `_GNU_SOURCE`
    /// (so Swift does not import it) and has had since 2.29: looked up once by name.
    private static func addChdir(_ actions: inout posix_spawn_file_actions_t, _ directory: String) -> Int32 {
        #if canImport(Glibc)
        guard let addChdirNP else { return -1 }
        return addChdirNP(&actions, directory)
        #else
        return posix_spawn_file_actions_addchdir_np(&actions, directory)
        #endif
    }

    #if canImport(Glibc)
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addChdirNP: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
    #endif

    /// `executable` itself when it names a path, else the first executable file of that name
    /// on the `PATH` the child gets (as `env` and a shell look it up).
    func resolvedExecutable() throws -> String {
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
        return exitStatus(status)
    }

    /// A `waitpid` status as a shell gives it: the exit code, or 128 + the signal's number.
    static func exitStatus(_ status: Int32) -> Int32 {
        // `WIFEXITED`, `WEXITSTATUS` and `WTERMSIG`, which Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Writes the child's input and reads both of its outputs to their ends, whichever is
    /// ready first (`poll`), so that no pipe can fill up and block the child while another is
    /// served; and ends a child that outlives its timeout.
    private struct Exchange {
        var fds: [pollfd]
        var data: [[UInt8]] = [[], []]
        var pending: ArraySlice<UInt8>
        let pid: pid_t
        var deadline: Double?
        var killAt: Double?
        var timedOut = false

        /// A negative descriptor is none.
        init(input: (fd: Int32, bytes: [UInt8])?, out: Int32, err: Int32, pid: pid_t, timeout: Double?) {
            fds = [pollfd(fd: out, events: Int16(POLLIN), revents: 0), pollfd(fd: err, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: input?.fd ?? -1, events: Int16(POLLOUT), revents: 0)]
            pending = input?.bytes[...] ?? []
            self.pid = pid
            deadline = timeout.map { Self.now() + $0 }
            if fds[2].fd >= 0, pending.isEmpty { finishInput() }
        }

        mutating func run() {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // The input alone does not keep the exchange going: a child that exits without
            // reading it has said all it will.
            while fds[0].fd >= 0 || fds[1].fd >= 0 {
                if let killAt, Self.now() >= killAt {
                    kill(-pid, SIGKILL)
                    kill(pid, SIGKILL)
                    // A descendant in another process group may hold the pipes open: stop reading.
                    break
                }
                if killAt == nil, let deadline, Self.now() >= deadline {
                    timedOut = true
                    kill(-pid, SIGTERM)
                    kill(pid, SIGTERM)
                    killAt = Self.now() + 2
                }
                let wakeUp = killAt ?? deadline
                let wait = wakeUp.map { Int32(max(1, min(1_000, ($0 - Self.now()) * 1_000))) } ?? -1
                guard poll(&fds, nfds_t(fds.count), wait) >= 0 else {
                    if errno == EINTR { continue }
                    break
                }
                for k in 0..<2 where fds[k].fd >= 0 && fds[k].revents != 0 {
                    let n = buffer.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                    if n > 0 {
                        data[k] += buffer[0..<n]
                    } else if n == 0 || errno != EINTR {
                        fds[k].fd = -1   // end of file (or an error): poll skips a negative descriptor
                    }
                }
                if fds[2].fd >= 0, fds[2].revents != 0 { writeInput() }
            }
            if fds[2].fd >= 0 { finishInput() }
        }

        /// Writes what the socket takes now; a child that stopped reading ends the input
        /// (an error, not a SIGPIPE: `MSG_NOSIGNAL`, or `SO_NOSIGPIPE` on Darwin).
        private mutating func writeInput() {
            let n = pending.withUnsafeBytes { send(fds[2].fd, $0.baseAddress, $0.count, Self.noSignal) }
            if n > 0 {
                pending = pending.dropFirst(n)
                if pending.isEmpty { finishInput() }
            } else if n < 0, errno != EINTR, errno != EAGAIN, errno != EWOULDBLOCK {
                finishInput()
            }
        }

        /// End of file on the child's standard input. (The descriptor is closed with the others.)
        private mutating func finishInput() {
            shutdown(fds[2].fd, Int32(SHUT_WR))
            fds[2].fd = -1
        }

        #if canImport(Glibc)
        static let noSignal = Int32(MSG_NOSIGNAL)
        #else
        static let noSignal: Int32 = 0
        #endif

        static func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
    }

    /// The descriptors opened for one run, all close-on-exec (the child gets its copies
    /// through `dup2`), closed when the run ends.
    struct Descriptors {
        private var opened: [Int32] = []
        private var childEnds: [Int32] = []
        private var files: [String: Int32] = [:]

        /// The child's end of an output (its descriptor 1 or 2), and the end this process reads (-1: none).
        mutating func target(_ output: Output) throws -> (child: Int32, parent: Int32) {
            switch output {
            case .discard:
                return (try openFile("/dev/null", O_WRONLY), -1)
            case .file(let path):
                // Both outputs to one file share one open file, so one's writes follow the
                // other's instead of overwriting them.
                if let fd = files[path] { return (fd, -1) }
                let fd = try openFile(path, O_WRONLY | O_CREAT | O_TRUNC)
                files[path] = fd
                return (fd, -1)
            case .capture:
                let ends = try pipe()
                childEnds.append(ends.write)
                return (ends.write, ends.read)
            }
        }

        /// A pipe, both ends close-on-exec, closed by `closeAll`.
        mutating func pipe() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard systemPipe(&ends) == 0 else {
                throw Failure(description: "could not make a pipe: \(String(cString: strerror(errno)))")
            }
            opened += ends
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }

        /// The child's standard input as one end of a socket pair, and the end this process
        /// writes (non-blocking): unlike a pipe's, a write to it never raises SIGPIPE.
        mutating func inputSocket() throws -> (child: Int32, parent: Int32) {
            var ends: [Int32] = [-1, -1]
            #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue)
            #else
            let type = SOCK_STREAM
            #endif
            guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
                throw Failure(description: "could not make a socket pair: \(String(cString: strerror(errno)))")
            }
            opened += ends
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            childEnds.append(ends[0])
            return (ends[0], ends[1])
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
            files = [:]
        }
    }
}

/// The C library's `pipe`, under a name that a method called `pipe` does not hide.
private func systemPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }
