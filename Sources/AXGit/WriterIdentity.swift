#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is writing: a process id *and* the host it runs on, as git's `gc.pid` records them.
///
/// Why the host: a repository on a shared disk is written from several machines, and a
/// pid says nothing about another machine's processes (nor about another pid namespace,
/// which has another host name in a container). A writer of another host is never judged
/// dead: what it left is waited for, or left to git, never removed.
package struct WriterIdentity: Equatable, Sendable {
    package let pid: Int32
    package let host: String

    package static let current = WriterIdentity(pid: getpid(), host: hostName())

    package init(pid: Int32, host: String) {
        self.pid = pid
        self.host = host
    }

    /// `axdiff <pid> on <host>`: one line, the form git's `index-pack --keep` writes.
    package var text: String { "axdiff \(pid) on \(host)" }

    /// Reads `text` back; nil for anything else (a `.keep` of git's, or of a user's).
    package init?(text: String) {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4, fields[0] == "axdiff", fields[2] == "on", let pid = Int32(fields[1]), pid > 0 else { return nil }
        self.init(pid: pid, host: String(fields[3]))
    }

    /// The host name with only the characters a file name may safely hold.
    package var fileSafeHost: String {
        String(host.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
            ? Character($0) : "-" })
    }

    /// True only when the writer certainly no longer runs: it ran on this host and no process
    /// has its pid. Another host's writer, this process, and a process that exists but may
    /// not be signalled all count as alive.
    package var isGone: Bool {
        guard host == Self.current.host, pid > 0, pid != Self.current.pid else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(cString: buffer)
        return name.isEmpty ? "localhost" : name
    }
}
