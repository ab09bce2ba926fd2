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

/// Whether a writer still runs, judged by a lock no namespace can fake.
///
/// Every writing process holds, for as long as it lives, an open file description locked
/// (`fcntl` OFD write lock, released by the kernel when the process ends, however it ends) on
/// `<common-dir>/axdiff-writers/<token>`, where `<token>` is random per process. What it leaves
/// in the repository names that token (a `.keep`'s text, a temporary file's name, a ref-lock
/// marker), so a later run can ask the lock. A pid and a host name say nothing across PID
/// namespaces that share a host name (two containers on one volume); a lock on the file does.
///
/// A token file appears already locked (written aside, locked, renamed into place) and is
/// removed only once proven unlocked, so a missing one means its writer is gone. A writer that
/// cannot lock (a file system without locks) names no token, and what it leaves is never
/// judged abandoned.
package enum WriterLiveness {
    /// The directory of token files, under the common directory.
    package static let directoryName = "axdiff-writers"

    /// This process's token: 32 hex digits.
    package static let token: String = {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }()

    private static let lock = Lock()
    /// Common directories this process holds its token file in (the descriptors stay open).
    nonisolated(unsafe) private static var held: [String: Int32] = [:]

    #if os(Linux)
    private static let getLock: Int32 = 36  // F_OFD_GETLK
    private static let setLock: Int32 = 37  // F_OFD_SETLK
    #else
    private static let getLock = F_GETLK
    private static let setLock = F_SETLK
    #endif

    /// Makes sure this process holds its token file in `commonDir`; returns the token, or nil
    /// when the lock cannot be held here (then nothing may name a token).
    ///
    /// The first call for a repository also removes the token files of writers that are gone.
    package static func hold(in commonDir: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if held[commonDir] != nil { return token }
        let directory = FilePath.appending(commonDir, directoryName)
        if !SharedPermissions.makeDirectory(directory, commonDir: commonDir) { return nil }
        let path = FilePath.appending(directory, token)
        // A sweeper may remove the aside file in the instant before it is locked: try again.
        for attempt in 0..<3 {
            let aside = FilePath.appending(directory, "tmp-\(token)-\(attempt)")
            let fd = open(aside, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return nil }
            SharedPermissions.adjust(aside, commonDir: commonDir)
            let text = Array("axdiff \(getpid()) on \(WriterIdentity.current.host)\n".utf8)
            guard (try? text.withUnsafeBytes { try POSIXFile.writeAll(fd, $0, path: aside) }) != nil,
                  setWriteLock(fd) else {
                close(fd)
                unlink(aside)
                return nil
            }
            if rename(aside, path) == 0 {
                held[commonDir] = fd
                removeAbandoned(in: directory, except: token)
                return token
            }
            close(fd)
            unlink(aside)
        }
        return nil
    }

    /// True only when the writer of `token` is certainly gone: its token file is unlocked, or
    /// was removed once it was. Anything that cannot be read or asked counts as alive.
    package static func isGone(token: String, commonDir: String) -> Bool {
        guard isToken(token) else { return false }
        let path = FilePath.appending(FilePath.appending(commonDir, directoryName), token)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return errno == ENOENT }
        defer { close(fd) }
        return isUnlocked(fd)
    }

    /// Whether `text` has the form of a token (what else a file name may hold is not one).
    package static func isToken<S: StringProtocol>(_ text: S) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ("0"..."9").contains(Character(UnicodeScalar($0))) || ("a"..."f").contains(Character(UnicodeScalar($0))) }
    }

    /// Removes the token files (and aside files) nobody holds a lock on.
    private static func removeAbandoned(in directory: String, except own: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where !name.contains(own) {
            let path = FilePath.appending(directory, name)
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            if isUnlocked(fd) { unlink(path) }
            close(fd)
        }
    }

    private static func setWriteLock(_ fd: Int32) -> Bool {
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        return fcntl(fd, setLock, &request) == 0
    }

    /// Asks whether any open file description holds a lock on `fd`'s file; false when the
    /// system cannot say.
    private static func isUnlocked(_ fd: Int32) -> Bool {
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        guard fcntl(fd, getLock, &request) == 0 else { return false }
        return request.l_type == Int16(F_UNLCK)
    }
}
