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

/// Writing files with POSIX calls, the one way every writer of the package does it: all the
/// bytes (a short write continues, an interrupted one is retried), a file replaced whole
/// (written aside, optionally fsynced, renamed into place, so no reader sees half of it), and
/// a failure that names the call, the file and the system's reason. Every function here throws
/// only `Failure`.
package enum POSIXFile {
    /// A system call that failed: `cannot <operation> <path>: <reason>`.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let operation: String
        package let path: String
        /// `errno` of the failing call (`ENOSPC` for a write that wrote nothing).
        package let code: Int32

        package init(_ operation: String, _ path: String, code: Int32 = errno) {
            self.operation = operation
            self.path = path
            self.code = code
        }

        package var reason: String { String(cString: strerror(code)) }
        package var description: String { "cannot \(operation) \(path): \(reason)" }
    }

    /// `open(2)` without a mode, for code inside types that have an `open` of their own.
    package static func openDescriptor(_ path: String, _ flags: Int32) -> Int32 {
        open(path, flags)
    }

    /// Writes every byte of `bytes` to `fd`; `path` names the file in a failure.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            #if canImport(Glibc)
            let n = Glibc.write(fd, next, left)
            #else
            let n = Darwin.write(fd, next, left)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure("write", path)
            }
            // A write that writes nothing and reports no error: the device is full.
            guard n > 0 else { throw Failure("write", path, code: ENOSPC) }
            next += n
            left -= n
        }
    }

    /// Creates (or truncates) `path` and writes `bytes` to it, fsynced when `sync`.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, sync: Bool = false) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure("create", path) }
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
            if sync, fsync(fd) != 0 { throw Failure("fsync", path) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw Failure("close", path) }
    }

    /// Replaces `path` with `bytes`: written to `temporary` (beside it), fsynced when `sync`,
    /// then renamed over it. On failure the temporary file is removed and `path` is as it was.
    package static func replace(_ path: String, with bytes: [UInt8], temporary: String, mode: mode_t = 0o644,
                                sync: Bool) throws {
        do {
            try write(bytes, to: temporary, mode: mode, sync: sync)
            guard rename(temporary, path) == 0 else { throw Failure("rename \(temporary) to", path) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Makes the creations and renames in `directory` durable.
    package static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("open", directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Failure("fsync", directory) }
    }
}
