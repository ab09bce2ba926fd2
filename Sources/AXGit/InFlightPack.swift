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

/// A pack written and not yet reachable from a ref, held by its `.keep` file.
///
/// git's maintenance deletes unreachable objects (`git repack -a -d` drops them from the
/// packs it rewrites; `git gc --prune=now` and `git prune` remove them). A pack whose notes
/// commit is still waiting for the notes ref — behind another process's lock, or rebuilt
/// after a lost compare-and-swap — would lose its objects; `.keep` is how git itself protects
/// such a pack (`index-pack --keep` during a fetch), and its text names the writer
/// (`axdiff <pid> on <host> <token>`), so a later run can tell a dead writer's leftovers
/// (`PackLeftovers`) from a live one's.
struct InFlightPack: Sendable {
    /// `pack-<checksum>`.
    let name: String
    /// Nil when another writer holds the same pack (the same bytes) already: its `.keep` stays
    /// its own to remove.
    let keepPath: String?

    /// Puts `<directory>/<name>.keep` in place, before the pack is. Not fsynced: after a
    /// crash its writer is gone, and the pack with it is unreachable either way.
    static func hold(name: String, in directory: String, commonDir: String) throws -> InFlightPack {
        let path = FilePath.appending(directory, name) + ".keep"
        // Written aside and linked into place, so a `.keep` is never seen without its text: an
        // empty one (a kill between creating and writing it) would name no writer, and would
        // hold its pack forever.
        let temporary = FilePath.appending(directory, PackWriter.temporaryPrefix(commonDir: commonDir) + name + ".keep")
        defer { unlink(temporary) }
        do {
            try POSIXFile.write(Array((WriterIdentity.writing(in: commonDir).text + "\n").utf8), to: temporary)
        } catch let failure as POSIXFile.Failure {
            throw GitError(.other(-1), "pack", failure.description)
        }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return InFlightPack(name: name, keepPath: nil) }
            throw GitError(.other(-1), "pack", "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        SharedPermissions.adjust(path, commonDir: commonDir)
        return InFlightPack(name: name, keepPath: path)
    }

    /// Lets git's maintenance treat the pack like any other: called once the ref reaches it,
    /// or once it is known that no ref will (a compare-and-swap lost, a write that failed).
    func release() {
        if let keepPath { unlink(keepPath) }
    }
}
