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

/// What a writer killed half-way through a pack leaves in `objects/pack/`, removed by the
/// next writer once the one that left it is certainly gone (`WriterIdentity.isGone`: its
/// liveness lock is not held, on this host):
/// - its temporary files (`tmp_axdiff_<pid>@<host>@<token>_…`; `git prune` would remove them
///   only once they are old);
/// - its `.keep` files (git never removes a `.keep`, so the pack would be kept forever),
///   and, where the index was never written, the pack file beside it (git ignores a pack
///   without an index, and `git gc` does not remove it).
///
/// A pack whose index is there is left to git: the ref may reach it, or not, and git's
/// maintenance knows which. Nothing of a live writer, of another host's, or of git's own
/// (`.keep` files not written by axdiff) is touched.
enum PackLeftovers {
    /// - Complexity: one read of the directory and of each `.keep` file in it.
    static func removeAbandoned(in directory: String, commonDir: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let path = FilePath.appending(directory, name)
            if name.hasPrefix("tmp_axdiff_") {
                if let writer = temporaryFileWriter(name), writer.isGone(commonDir: commonDir) { unlink(path) }
            } else if name.hasSuffix(".keep") {
                guard let data = FileManager.default.contents(atPath: path),
                      let writer = WriterIdentity(text: String(decoding: data.prefix(512), as: UTF8.self)),
                      writer.isGone(commonDir: commonDir) else { continue }
                let base = String(path.dropLast(".keep".count))
                if access(base + ".idx", F_OK) != 0 { unlink(base + ".pack") }
                unlink(path)
            }
        }
    }

    /// The writer a `tmp_axdiff_<pid>@<host>@<token>_<file>` name records (an older
    /// `<pid>@<host>` name records no token).
    static func temporaryFileWriter(_ name: String) -> WriterIdentity? {
        let rest = name.dropFirst("tmp_axdiff_".count)
        guard let at = rest.firstIndex(of: "@"), let pid = Int32(rest[..<at]) else { return nil }
        let owner = rest[rest.index(after: at)...].prefix { $0 != "_" }
        let parts = owner.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0]
        let token = parts.count == 2 && WriterLiveness.isToken(parts[1]) ? String(parts[1]) : nil
        // File names carry the host with unsafe characters replaced: compare in that form.
        guard host == WriterIdentity.current.fileSafeHost else { return WriterIdentity(pid: pid, host: "\(host)", token: token) }
        return WriterIdentity(pid: pid, host: WriterIdentity.current.host, token: token)
    }
}
