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

/// One watcher per repository: an exclusive `flock` on
/// `<git-common-dir>/axdiff-watch.lock`, which holds the owner's pid, host and
/// start time on its first line, the watcher's last error on its second, and, while
/// `--remote` cannot be reached, a line that says so (read by `axdiff status`).
/// These writes land in the git directory, which `RefMonitor` watches; it ignores them.
///
/// The kernel drops the lock when its holder dies, even by SIGKILL, so a dead
/// holder never blocks the next start; a live one is respected and named.
package final class WatchLock {
    struct Held: Error, CustomStringConvertible {
        package var path: String
        package var pid: Int32?
        package var description: String {
            "another axdiff watch" + (pid.map { " (pid \($0))" } ?? "") + " is running on this repository; it holds \(path)"
        }
    }

    /// The lock file cannot be made or opened (a read-only repository, no permission): no
    /// watcher can run here, whether another one does or not.
    struct Unavailable: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String {
            "cannot open the watch lock \(path): \(reason); axdiff watch writes notes into the repository, "
                + "so it needs to be able to write there"
        }
    }

    package let path: String
    private let fd: Int32

    /// - Throws: `Held` when a live process holds the lock; `Unavailable` when the lock file
    ///   cannot be opened at all.
    package init(directory: String) throws {
        path = FilePath.appending(directory, "axdiff-watch.lock")
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Unavailable(path: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Unavailable(path: path, reason: reason)
            }
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &buffer, 31, 0)
            close(fd)
            let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
            throw Held(path: path, pid: Holder.parse(text)?.pid)
        }
        self.fd = fd
        holderLine = "\(getpid()) \(Holder.hostName()) \(ISO8601Time.string(from: Date()))\n"
        rewrite(holderLine)
    }

    private var holderLine = ""
    private var errorLine = ""
    private var remoteLine = ""

    /// Keeps the watcher's last error beside the holder line, for `axdiff status`.
    package func record(error message: String) {
        errorLine = ISO8601Time.string(from: Date()) + " " + Self.oneLine(message) + "\n"
        rewrite(holderLine + errorLine + remoteLine)
    }

    /// Keeps what the watcher knows of its remote (`RemoteHealth.statusLine`, which starts
    /// with `remote `; nil: it answers), for `axdiff status`.
    func record(remote status: String?) {
        let line = status.map { Self.oneLine($0) + "\n" } ?? ""
        guard line != remoteLine else { return }
        remoteLine = line
        rewrite(holderLine + errorLine + remoteLine)
    }

    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private func rewrite(_ text: String) {
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        // The pid stays in the file; the lock itself is what counts.
        close(fd)
    }
}
