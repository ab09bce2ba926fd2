#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Records which axdiff processes are moving a reference, so that a ref lock
/// left behind by an axdiff process that was killed (SIGKILL between libgit2
/// creating `<ref>.lock` and renaming it into place) does not block every
/// later write.
///
/// Before each compare-and-swap a writer leaves a marker
/// `<common-dir>/axdiff-ref-owners/<ref, / as %>.<pid>@<host>` and removes it
/// after. A lock is taken over only when a marker names a process of this host
/// that no longer exists (`WriterIdentity.isGone`: a process of another host
/// sharing the disk is never judged dead), the lock file is newer than that
/// marker (so that process made it),
/// and the lock is older than `minimumAge` (git holds a ref lock for
/// milliseconds). Any other lock — git's, a live axdiff's — is respected and
/// never removed.
struct RefLockOwner {
    static let minimumAge: TimeInterval = 2

    let lockPath: String
    let directory: String
    let prefix: String

    init(gitDir: String, reference: String) {
        lockPath = (gitDir as NSString).appendingPathComponent(reference) + ".lock"
        directory = (gitDir as NSString).appendingPathComponent("axdiff-ref-owners")
        prefix = reference.replacingOccurrences(of: "/", with: "%") + "."
    }

    private var ownPath: String {
        let me = WriterIdentity.current
        return (directory as NSString).appendingPathComponent(prefix + "\(me.pid)@\(me.fileSafeHost)")
    }

    /// Marks the coming update as this process's (best effort: without the
    /// marker, a lock left by a crash here would need removing by hand).
    func claim() {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(ownPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd >= 0 { close(fd) }
    }

    func release() {
        unlink(ownPath)
    }

    /// Removes the ref's lock when a dead axdiff process left it; true when it did.
    func takeOverIfStale() -> Bool {
        var lock = stat()
        guard stat(lockPath, &lock) == 0 else { return false }
        let lockTime = Self.seconds(lock.st_mtim)
        guard Date().timeIntervalSince1970 - lockTime >= Self.minimumAge,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        for name in names where name.hasPrefix(prefix) {
            let owner = name.dropFirst(prefix.count).split(separator: "@", maxSplits: 1)
            guard owner.count == 2, let pid = Int32(owner[0]) else { continue }
            let host = owner[1] == WriterIdentity.current.fileSafeHost ? WriterIdentity.current.host : String(owner[1])
            // A live owner, one of another host, or one we may not signal is respected.
            guard WriterIdentity(pid: pid, host: host).isGone else { continue }
            let marker = (directory as NSString).appendingPathComponent(name)
            var st = stat()
            guard stat(marker, &st) == 0 else { continue }
            if lockTime >= Self.seconds(st.st_mtim) {
                unlink(lockPath)
                unlink(marker)
                return true
            }
            unlink(marker)  // a dead writer that left no lock: just its marker
        }
        return false
    }

    private static func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
}
