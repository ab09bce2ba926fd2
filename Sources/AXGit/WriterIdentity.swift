#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is writing: a process id, the host it runs on — as git's `gc.pid` records them — and
/// the token of its liveness lock (`WriterLiveness`).
///
/// Whether a writer is gone is judged by its lock only: a pid says nothing across PID
/// namespaces that share a host name (two containers on one volume, `docker --network host`),
/// and the lock's file is one no namespace can fake. The pid and host are information for
/// people; the host still keeps another host's writer alive (a network file system may not
/// carry locks between hosts). A writer without a token (an older axdiff, a file system
/// without locks) is never judged gone: what it left is waited for, or left to the user.
package struct WriterIdentity: Equatable, Sendable {
    package let pid: Int32
    package let host: String
    /// The writer's `WriterLiveness` token; nil when it holds none.
    package let token: String?

    package static let current = WriterIdentity(pid: getpid(), host: hostName())

    package init(pid: Int32, host: String, token: String? = nil) {
        self.pid = pid
        self.host = host
        self.token = token
    }

    /// This process, with its token when it holds its liveness lock in `commonDir`.
    package static func writing(in commonDir: String) -> WriterIdentity {
        WriterIdentity(pid: current.pid, host: current.host, token: WriterLiveness.hold(in: commonDir))
    }

    /// `axdiff <pid> on <host> <token>`: one line, the form git's `index-pack --keep` writes,
    /// with the token after it.
    package var text: String { "axdiff \(pid) on \(host)" + (token.map { " " + $0 } ?? "") }

    /// Reads `text` back; nil for anything else (a `.keep` of git's, or of a user's).
    package init?(text: String) {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4 || fields.count == 5, fields[0] == "axdiff", fields[2] == "on",
              let pid = Int32(fields[1]), pid > 0 else { return nil }
        let token = fields.count == 5 ? String(fields[4]) : nil
        if let token, !WriterLiveness.isToken(token) { return nil }
        self.init(pid: pid, host: String(fields[3]), token: token)
    }

    /// The host name with only the characters a file name may safely hold.
    package var fileSafeHost: String {
        String(host.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
            ? Character($0) : "-" })
    }

    /// True only when the writer certainly no longer runs: it named a token, its liveness lock
    /// in `commonDir` is not held, and it ran on this host. Anything else counts as alive.
    package func isGone(commonDir: String) -> Bool {
        guard host == Self.current.host, let token, token != WriterLiveness.token else { return false }
        return WriterLiveness.isGone(token: token, commonDir: commonDir)
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(cString: buffer)
        return name.isEmpty ? "localhost" : name
    }
}
