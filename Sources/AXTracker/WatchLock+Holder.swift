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

extension WatchLock {
    /// What the lock file says about its watcher, and whether it still runs.
    package struct Holder: Equatable, Sendable {
        package var pid: Int32
        package var host: String
        /// ISO 8601, as written at start.
        package var since: String
        /// The watcher's last error, with its time, when it logged one.
        package var lastError: String?
        /// The watcher's word on its remote while that cannot be reached (`remote 'NAME' unreachable since …`).
        package var remote: String?
        /// True when the lock is held now (checked on this host only).
        package var running: Bool
        /// False when the holder is on another host, where its liveness cannot be checked.
        package var checked: Bool

        /// The first line: `PID HOST SINCE` (a lone pid from an older axdiff reads too).
        static func parse(_ text: String) -> (pid: Int32, host: String, since: String)? {
            guard let first = text.split(separator: "\n", omittingEmptySubsequences: false).first else { return nil }
            let fields = first.split(separator: " ")
            guard let pidField = fields.first, let pid = Int32(pidField), pid > 0 else { return nil }
            return (pid, fields.count > 1 ? String(fields[1]) : "", fields.count > 2 ? String(fields[2]) : "")
        }

        static func hostName() -> String {
            var buffer = [CChar](repeating: 0, count: 256)
            guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
            let name = String(cString: buffer)
            return name.isEmpty ? "unknown" : name.replacingEvery(" ", with: "_")
        }
    }

    /// Reads `<directory>/axdiff-watch.lock` without taking it (a watcher starting
    /// at that moment must not find it held). Nil when no watcher ever ran here.
    ///
    /// Whether the lock is held is read from the kernel's lock table
    /// (`/proc/locks`, by the file's inode), so a reused pid is not taken for the
    /// watcher; where that table does not exist, the pid's liveness is used.
    package static func holder(directory: String) -> Holder? {
        let path = FilePath.appending(directory, "axdiff-watch.lock")
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        guard let (pid, host, since) = Holder.parse(text) else { return nil }
        let lines = text.split(separator: "\n").dropFirst()
        let lastError = lines.first { !$0.hasPrefix("remote ") }.map(String.init)
        let remote = lines.first { $0.hasPrefix("remote ") }.map(String.init)
        guard host.isEmpty || host == Holder.hostName() else {
            return Holder(pid: pid, host: host, since: since, lastError: lastError, remote: remote, running: false, checked: false)
        }
        return Holder(pid: pid, host: host, since: since, lastError: lastError, remote: remote,
                      running: isLocked(path, by: pid), checked: true)
    }

    private static func isLocked(_ path: String, by pid: Int32) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return kill(pid, 0) == 0 || errno == EPERM
        }
        // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF": pid, then major:minor:inode
        // (major and minor in hex, as the kernel prints them).
        let dev = UInt64(st.st_dev)
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff))
        let minor = (dev & 0xff) | ((dev >> 12) & ~UInt64(0xff))
        let wanted = [String(major, radix: 16), String(minor, radix: 16), String(UInt64(st.st_ino))]
        for line in table.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count >= 6, f[1] == "FLOCK", f[3] == "WRITE" else { continue }
            let id = f[5].split(separator: ":").map { $0.drop { $0 == "0" } }
            if id.count == 3, id.map(String.init) == wanted.map({ String($0.drop { $0 == "0" }) }) { return true }
        }
        return false
    }
}
