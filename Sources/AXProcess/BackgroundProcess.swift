#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension ChildProcess {
    /// Starts the program and returns while it runs (a daemon under test): its standard output
    /// and error are read together, as they come, into `BackgroundProcess.output`. Started as
    /// `run` starts it (signals, process group, close-on-exec); `stdout`, `stderr`, `input` and
    /// `timeout` are not used: the input is /dev/null, and the caller decides when it ends.
    package func start() throws -> BackgroundProcess {
        try BackgroundProcess(self)
    }
}

/// A program left running while its caller goes on: its output collected on a thread of its
/// own, its exit taken with `waitpid` when asked. A process still running when this goes away
/// gets SIGTERM, and is reaped when it exits.
package final class BackgroundProcess: @unchecked Sendable {
    package let pid: pid_t
    private let collected = Collected()
    private let lock = NSLock()
    /// The exit status once reaped (`ChildProcess.exitStatus`); the pid is not signalled after it.
    private var status: Int32?

    fileprivate init(_ child: ChildProcess) throws {
        let path = try child.resolvedExecutable()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ChildProcess.Failure(description: "could not make a pipe: \(String(cString: strerror(errno)))")
        }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            if devNull >= 0 { close(devNull) }
            // The child has its copy; ours would keep the pipe open after it exits.
            close(ends[1])
        }
        do {
            guard devNull >= 0 else { throw ChildProcess.Failure(description: "could not open /dev/null: \(String(cString: strerror(errno)))") }
            pid = try child.spawn(path, stdin: devNull, stdout: ends[1], stderr: ends[1])
        } catch {
            close(ends[0])
            throw error
        }
        let readEnd = ends[0], collected = collected
        Thread.detachNewThread { collected.drain(readEnd) }
    }

    deinit {
        if isRunning {
            kill(pid, SIGTERM)
            let pid = pid
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
    }

    /// Standard output and error so far, interleaved as the program wrote them.
    package var output: String { collected.text }

    /// Whether the program has not exited yet; reaps it when it has.
    package var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if status != nil { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = ChildProcess.exitStatus(raw) }
        return status == nil
    }

    /// Sends `sig` to the program, unless it has exited and been reaped (its pid may be another's by then).
    package func signal(_ sig: Int32) {
        if isRunning { kill(pid, sig) }
    }

    /// Waits up to `timeout` seconds for the program to exit: its exit status (128 + the
    /// signal's number when a signal ended it), or nil when it still runs.
    package func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { usleep(2_000) }
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// The bytes read from the program, shared with the thread that reads them.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Reads `fd` to its end (every writer closed it), then closes it.
        func drain(_ fd: Int32) {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    lock.lock()
                    bytes += buffer[0..<n]
                    lock.unlock()
                } else if n == 0 || errno != EINTR {
                    break
                }
            }
            close(fd)
        }
    }
}
