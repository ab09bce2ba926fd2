#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibgit2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `core.sharedRepository` applied to what axdiff creates, as git's `adjust_shared_perm` does
/// to what git creates (libgit2 1.5 ignores the setting when it writes objects and refs).
///
/// A repository shared by a group (`group`, `all`, `0xxx`) needs every directory writable by
/// the group (and set-group-id, so new files keep the group) and every file readable by it —
/// writable where the owner may write it (a reflog, a ref, a `.keep`): otherwise the next group
/// member's `git notes add`, `git gc` or axdiff run fails with "Permission denied".
package enum SharedPermissions {
    /// git's values (`git_config_perm`): `umask` → 0, `group` → 0660, `all` → 0664, a mode
    /// `0xxx` → −(xxx & 0666); nil for a value git refuses.
    package static func setting(fromConfig value: String?) -> Int32? {
        guard let value else { return 0o660 }  // `sharedRepository` with no value means `group`
        switch value.lowercased() {
        case "umask": return 0
        case "group": return 0o660
        case "all", "world", "everybody": return 0o664
        case "true", "yes", "on": return 0o660
        case "false", "no", "off", "": return 0
        default: break
        }
        guard let mode = Int32(value, radix: 8) else { return nil }
        switch mode {
        case 0: return 0
        case 1: return 0o660
        case 2: return 0o664
        default:
            // git refuses a mode that takes the owner's read or write away.
            guard mode & 0o600 == 0o600, mode <= 0o7777 else { return nil }
            return -(mode & 0o666)
        }
    }

    /// The mode git gives a file or directory of mode `mode` under `shared` (`calc_shared_perm`
    /// and, for a directory, `adjust_shared_perm`'s execute and set-group-id bits).
    package static func mode(_ mode: mode_t, shared: Int32, isDirectory: Bool) -> mode_t {
        guard shared != 0 else { return mode }
        var tweak = mode_t(abs(shared))
        if mode & S_IWUSR == 0 { tweak &= ~0o222 }
        if mode & S_IXUSR != 0 { tweak |= (tweak & 0o444) >> 2 }
        var result = shared < 0 ? (mode & ~0o777) | tweak : mode | tweak
        if isDirectory {
            result |= (result & 0o444) >> 2
            if result & 0o060 != 0 { result |= S_ISGID }
        }
        return result
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var cache: [String: (stamp: [Int], shared: Int32)] = [:]

    /// The repository's `core.sharedRepository` (from its own config file, where git reads it),
    /// re-read when that file changes. A value git refuses counts as unset.
    package static func shared(commonDir: String) -> Int32 {
        let file = FilePath.appending(commonDir, "config")
        var st = stat()
        let stamp = stat(file, &st) == 0 ? [Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_size), Int(st.st_ino)] : []
        lock.lock()
        if let cached = cache[commonDir], cached.stamp == stamp {
            lock.unlock()
            return cached.shared
        }
        lock.unlock()
        let shared = stamp.isEmpty ? 0 : (setting(fromConfig: configValue(file: file)) ?? 0)
        lock.lock()
        cache[commonDir] = (stamp, shared)
        lock.unlock()
        return shared
    }

    /// `core.sharedRepository` in `file`: nil when unset ("unset" reads as 0 below).
    private static func configValue(file: String) -> String? {
        Libgit2.ensureInitialized()
        var config: OpaquePointer?
        guard git_config_open_ondisk(&config, file) == 0 else { return "umask" }
        defer { git_config_free(config) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        guard git_config_get_entry(&entry, config, "core.sharedrepository") == 0, let entry else { return "umask" }
        defer { git_config_entry_free(entry) }
        return entry.pointee.value.map { String(cString: $0) }
    }

    /// Applies the repository's setting to `path`, as git does to each file and directory it
    /// creates. Best effort: a file of another user cannot be changed, and need not be.
    package static func adjust(_ path: String, commonDir: String) {
        let shared = shared(commonDir: commonDir)
        guard shared != 0 else { return }
        adjust(path, shared: shared)
    }

    private static func adjust(_ path: String, shared: Int32) {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT != S_IFLNK else { return }
        let isDirectory = st.st_mode & S_IFMT == S_IFDIR
        let old = st.st_mode & 0o7777
        let new = mode(old, shared: shared, isDirectory: isDirectory) & 0o7777
        if new != old { chmod(path, new) }
    }

    /// Applies the setting to `path` and to every directory between it and `commonDir` (or the
    /// objects directory): what libgit2 may have created on the way (`refs/notes/`,
    /// `logs/refs/notes/`, `objects/ab/`).
    package static func adjustPath(_ path: String, below root: String, commonDir: String) {
        let shared = shared(commonDir: commonDir)
        guard shared != 0 else { return }
        let top = FilePath.standardized(root)
        var current = FilePath.standardized(path)
        guard current.hasPrefix(top + "/") else { return }
        while current.count > top.count && current.hasPrefix(top + "/") {
            adjust(current, shared: shared)
            current = FilePath.deletingLastComponent(current)
        }
    }

    /// Makes `path` (and its missing parents) with the setting applied; false when it cannot.
    package static func makeDirectory(_ path: String, commonDir: String) -> Bool {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return false
        }
        adjustPath(path, below: commonDir, commonDir: commonDir)
        return true
    }
}
