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

/// Proof that a ref lock left behind is axdiff's own, so that a lock left by an axdiff
/// process that was killed (SIGKILL while it held `<ref>.lock`) does not block every later
/// write — and so that no other lock is ever touched.
///
/// Once its lock is taken, a writer leaves a marker
/// `<common-dir>/axdiff-ref-owners/<ref, / as %>.<token>` holding the lock file's device and
/// inode, the one content it will write there (`<new id>\n`; the lock is empty until then) and
/// its host,
/// and removes the marker once the lock is gone (renamed into the ref, or removed). A lock is
/// removed only when all of these hold, checked right before removal:
/// - a marker names it, and the marker's writer is certainly gone (`WriterLiveness`: its token
///   file is unlocked — a lock no namespace can fake) and ran on this host;
/// - the file at the lock's path is that very file (same device and inode) and holds nothing,
///   or exactly what that writer was to write;
/// - it is older than `minimumAge` (git holds a ref lock for milliseconds).
///
/// Any other lock — git's, another tool's, a live axdiff's — is waited for and never removed.
/// A marker whose writer is gone and that proves nothing (its lock renamed into place, a lock
/// that is not the one it names, a marker of another form) is removed, never trusted. A
/// writer killed between taking the lock and writing its marker leaves a lock nothing proves
/// is its own: left to the user, as git leaves its own.
struct RefLockOwner {
    static let minimumAge: TimeInterval = 2
    static let directoryName = "axdiff-ref-owners"

    let commonDir: String
    let lockPath: String
    let directory: String
    let prefix: String

    init(commonDir: String, reference: String) {
        self.commonDir = commonDir
        lockPath = FilePath.appending(commonDir, reference) + ".lock"
        directory = FilePath.appending(commonDir, Self.directoryName)
        prefix = reference.replacingEvery("/", with: "%") + "."
    }

    /// A marker written for a lock this process holds.
    struct Claim {
        let path: String
        /// Removes the marker: call once the lock is gone.
        func release() { unlink(path) }
    }

    /// Marks the lock this process has just taken as its own, to be written `new`. Nil when
    /// no marker can be written (no liveness token, a read-only directory): then a crash
    /// leaves a lock for the user to remove, as git's own.
    func claim(writing new: ObjectID) -> Claim? {
        guard let token = WriterLiveness.hold(in: commonDir),
              SharedPermissions.makeDirectory(directory, commonDir: commonDir) else { return nil }
        var lock = stat()
        guard lstat(lockPath, &lock) == 0 else { return nil }
        let path = FilePath.appending(directory, prefix + token)
        let text = "\(UInt64(lock.st_dev)) \(UInt64(lock.st_ino)) \(new.hex) \(WriterIdentity.current.fileSafeHost)\n"
        do {
            try POSIXFile.replace(path, with: Array(text.utf8), temporary: path + ".tmp", sync: false)
        } catch {
            return nil
        }
        SharedPermissions.adjust(path, commonDir: commonDir)
        return Claim(path: path)
    }

    /// Removes the ref's lock when a gone axdiff writer provably left it; true when it did.
    /// Markers of gone writers are removed, except one naming a lock still too young to
    /// remove: it proves the lock on a later attempt.
    func takeOverIfStale() -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        var tookOver = false
        for name in names.sorted() where name.hasPrefix(prefix) {
            let marker = FilePath.appending(directory, name)
            let token = name.dropFirst(prefix.count)
            guard WriterLiveness.isToken(token) else {
                // Another form (an older axdiff's `pid@host` marker) proves nothing; a live
                // writer's aside file stays.
                let owner = token.hasSuffix(".tmp") ? token.dropLast(4) : token
                if !WriterLiveness.isToken(owner) || WriterLiveness.isGone(token: String(owner), commonDir: commonDir) {
                    unlink(marker)
                }
                continue
            }
            guard WriterLiveness.isGone(token: String(token), commonDir: commonDir) else { continue }
            let outcome = tookOver ? .provesNothing : FileManager.default.contents(atPath: marker).map(removeLockIfNamed) ?? .provesNothing
            if outcome == .removed { tookOver = true }
            // A lock too young to remove is still proved this writer's by the marker: kept for
            // the next attempt, which the caller makes after a back-off.
            if outcome != .tooYoung { unlink(marker) }
        }
        return tookOver
    }

    enum Outcome {
        case removed
        /// The very file the marker names, not yet `minimumAge` old.
        case tooYoung
        case provesNothing
    }

    /// Removes the lock when it is the very file `marker` names and holds only what its writer
    /// was to write, checked right before removal.
    private func removeLockIfNamed(by marker: Data) -> Outcome {
        // `<device> <inode> <new id> <host>\n`; another host's writer may hold a lock this host
        // does not see (a network file system that keeps locks local).
        let fields = String(decoding: marker.prefix(512), as: UTF8.self).split(separator: " ")
        guard fields.count == 4, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
              let new = ObjectID(hex: fields[2]), fields[3] == WriterIdentity.current.fileSafeHost + "\n" else { return .provesNothing }
        let fd = open(lockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return .provesNothing }
        defer { close(fd) }
        var held = stat()
        guard fstat(fd, &held) == 0, UInt64(held.st_dev) == device, UInt64(held.st_ino) == inode else { return .provesNothing }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count >= 0 else { return .provesNothing }
        let content = Array(buffer[0..<count])
        guard content.isEmpty || content == Array((new.hex + "\n").utf8) else { return .provesNothing }
        guard Date().timeIntervalSince1970 - Self.seconds(held.st_mtim) >= Self.minimumAge else { return .tooYoung }
        // The path still names that file (nothing renamed another into place meanwhile).
        var now = stat()
        guard lstat(lockPath, &now) == 0, now.st_dev == held.st_dev, now.st_ino == held.st_ino else { return .provesNothing }
        return unlink(lockPath) == 0 ? .removed : .provesNothing
    }

    private static func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
}
