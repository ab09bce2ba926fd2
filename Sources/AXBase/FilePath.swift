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

/// Path arithmetic on strings with `NSString`'s rules (its `appendingPathComponent`,
/// `lastPathComponent`, `deletingLastPathComponent`, `standardizingPath`), so paths built
/// here are the ones swift-corelibs Foundation built, without linking it.
/// `FilePathTests` checks them against `NSString` over the edge cases (empty strings,
/// trailing and repeated slashes, `.` and `..`, symbolic links).
package enum FilePath {
    /// `base` and `component` joined by one slash: `component` alone when `base` is empty,
    /// `base` alone when `component` is; no slash added after a `base` that ends in one.
    package static func appending(_ base: String, _ component: String) -> String {
        if component.isEmpty { return base }
        if base.isEmpty { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The part after the last slash, repeated and trailing slashes ignored (`"/"` for `"/"`).
    package static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf8.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// The path without its last component: `""` for a single relative component, `"/"` for
    /// a single absolute one; repeated and trailing slashes are removed first.
    package static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// The path with `~` expanded, `.` and empty components dropped, `..` applied to
    /// absolute paths, and each symbolic link met after the first component replaced by
    /// `realpath` of its target, as `NSString.standardizingPath` does on this toolchain — a
    /// relative target is taken from the current directory, and left alone when it is not
    /// found there.
    package static func standardized(_ path: String) -> String {
        let expanded = expandingTilde(path)
        var resolved = resolvingSymbolicLinks(expanded)
        for prefix in ["/var/automount", "/private"] {
            resolved = removingPrefixIfExisting(resolved, prefix) ?? resolved
        }
        return resolved
    }

    // MARK: - NSString's steps

    /// Runs of slashes made one, and a trailing slash removed (`"/"` stays).
    static func fixingSlashes(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for c in path {
            if c == "/" {
                if previousWasSlash { continue }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
            result.append(c)
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Where the last component of a fixed path (no trailing slash, longer than one) starts.
    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        var position = fixed.endIndex
        while position > fixed.startIndex {
            let previous = fixed.index(before: position)
            if fixed[previous] == "/" { break }
            position = previous
        }
        return position
    }

    /// `~` and `~user` at the start replaced by the home directory; a trailing slash removed.
    private static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let endOfUser = path.firstIndex(of: "/") ?? path.endIndex
        let user = String(path[path.index(after: path.startIndex)..<endOfUser])
        var result = path
        if let home = homeDirectory(user.isEmpty ? nil : user) {
            result.replaceSubrange(path.startIndex..<endOfUser, with: home)
        }
        if result.utf8.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// The user's home directory from the password database (the current user's when nil;
    /// `$HOME` is not read), as `NSHomeDirectoryForUser`.
    private static func homeDirectory(_ user: String?) -> String? {
        let entry = user.map { getpwnam($0) } ?? getpwuid(getuid())
        guard let entry, let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// The current user's home directory, as `NSHomeDirectory()` gave it (not `$HOME`); `$HOME`
    /// only when the password database has no entry.
    package static var home: String {
        homeDirectory(nil) ?? getenv("HOME").map { String(cString: $0) } ?? ""
    }

    /// `NSTemporaryDirectory()`: the temporary directory (`$TMPDIR`, else /tmp) with a slash after it.
    package static var temporaryDirectory: String {
        FileManager.default.temporaryDirectory.path + "/"
    }

    /// `NSString.pathComponents`: `"/"` first for an absolute path, `"/"` last after a trailing slash.
    static func components(_ path: String) -> [String] {
        guard !path.isEmpty else { return [] }
        var parts: [String] = []
        if path.hasPrefix("/") { parts.append("/") }
        parts += path.split(separator: "/").map(String.init)
        if path.hasSuffix("/") && path != "/" { parts.append("/") }
        return parts
    }

    private static func resolvingSymbolicLinks(_ path: String) -> String {
        var parts = components(path)
        guard !parts.isEmpty else { return path }
        if parts.count > 1 && parts.last == "/" { parts.removeLast() }
        let absolute = path.hasPrefix("/") || path.hasPrefix("~")
        var resolved = parts.removeFirst()
        for part in parts {
            switch part {
            case "", ".":
                break
            case ".." where absolute:
                resolved = deletingLastComponent(resolved)
            default:
                resolved = appending(resolved, part)
                if let target = symbolicLinkTarget(resolved), let real = realPath(target) {
                    resolved = real
                }
            }
        }
        return resolved
    }

    /// The target `path` names when it is a symbolic link, else nil.
    private static func symbolicLinkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path `path` names with every symbolic link resolved, nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` without `prefix` when it has it, is not just it, and what is left exists.
    private static func removingPrefixIfExisting(_ path: String, _ prefix: String) -> String? {
        guard path != prefix, path.hasPrefix(prefix) else { return nil }
        let rest = String(path.dropFirst(prefix.count))
        return access(rest, F_OK) == 0 ? rest : nil
    }
}
