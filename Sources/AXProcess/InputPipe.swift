#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXBase

/// The write end of a running program's standard input (`BackgroundProcess.input`): bytes
/// written whole, through short and interrupted writes; closing it is the end of the input.
/// Closed when it goes away, if not before.
package final class InputPipe: @unchecked Sendable {
    private let lock = Lock()
    private var fd: Int32

    init(fileDescriptor: Int32) {
        fd = fileDescriptor
    }

    deinit {
        if fd >= 0 { _ = systemClose(fd) }
    }

    /// Writes all of `bytes`; throws with the system's words when the pipe fails (the program
    /// has exited, or the input was closed).
    package func write(_ bytes: [UInt8]) throws {
        try lock.withLock {
            guard fd >= 0 else { throw ChildProcess.Failure(description: "the input is closed") }
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ChildProcess.Failure(description: "cannot write the input: \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }

    /// Closes the pipe: the program reads the end of its input.
    package func close() throws {
        let result: Int32 = lock.withLock {
            guard fd >= 0 else { return 0 }
            defer { fd = -1 }
            return systemClose(fd)
        }
        if result != 0 { throw ChildProcess.Failure(description: "cannot close the input: \(String(cString: strerror(errno)))") }
    }
}

// The C calls under other names: the methods `write` and `close` hide them inside the class.
#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemClose = Glibc.close
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
private let systemClose = Darwin.close
#endif
