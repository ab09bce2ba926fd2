#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXBase
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChildProcess {
    /// Starts the program and returns while it runs (a daemon under test, Chromium): what
    /// `stdout` and `stderr` capture is read together, as it comes, into
    /// `BackgroundProcess.output`; a `.file` or `.discard` output goes there instead. Started
    /// as `run` starts it (signals, process group, close-on-exec, `descriptors`); `input` and
    /// `timeout` are not used: the input is /dev/null — or, with `streamingInput`, a pipe this
    /// process writes through `BackgroundProcess.input` as it goes (`git fast-import` fed a
    /// generated history) — and the caller decides when it ends.
    package func start(streamingInput: Bool = false) throws -> BackgroundProcess {
        try BackgroundProcess(self, streamingInput: streamingInput)
    }
}

/// A program left running while its caller goes on: its captured output collected on a thread
/// of its own, its exit taken with `waitpid` when asked. A process still running when this
/// goes away gets SIGTERM, and is reaped when it exits.
package final class BackgroundProcess: @unchecked Sendable {
    package let pid: pid_t
    private let collected = Collected()
    private let lock = Lock()
    /// The exit status once reaped (`ChildProcess.exitStatus`); the pid is not signalled after it.
    private var status: Int32?
    /// The write end of the program's standard input, with `start(streamingInput: true)`:
    /// closing it is the end of the input.
    package let input: InputPipe?

    fileprivate init(_ child: ChildProcess, streamingInput: Bool) throws {
        let path = try child.resolvedExecutable()
        var descriptors = ChildProcess.Descriptors()
        defer { descriptors.closeAll() }
        // One pipe for both captured outputs, so they interleave as the program wrote them.
        var capture: (child: Int32, parent: Int32)?
        func end(_ output: ChildProcess.Output) throws -> Int32 {
            guard output == .capture else { return try descriptors.target(output).child }
            if capture == nil { capture = try descriptors.target(.capture) }
            return capture?.child ?? -1
        }
        var stdin: Int32
        if streamingInput {
            let ends = try descriptors.pipe()
            stdin = ends.read
            // Ours to write: `closeAll` leaves it to `input`.
            let writeEnd = fcntl(ends.write, F_DUPFD_CLOEXEC, 0)
            guard writeEnd >= 0 else { throw ChildProcess.Failure(description: "could not keep a pipe: \(String(cString: strerror(errno)))") }
            input = InputPipe(fileDescriptor: writeEnd)
        } else {
            stdin = try descriptors.openFile("/dev/null", O_RDONLY)
            input = nil
        }
        let stdout = try end(child.stdout), stderr = try end(child.stderr)
        pid = try child.spawn(path, stdin: stdin, stdout: stdout, stderr: stderr)
        if let capture {
            // Ours to read: `closeAll` leaves it to the reading thread.
            let readEnd = fcntl(capture.parent, F_DUPFD_CLOEXEC, 0)
            let collected = collected
            if readEnd >= 0 && !DetachedThread.start({ collected.drain(readEnd) }) { close(readEnd) }
        }
    }

    deinit {
        if isRunning {
            kill(pid, SIGTERM)
            let pid = pid
            DetachedThread.start {
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
        private let lock = Lock()
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
