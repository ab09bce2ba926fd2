import AXDiff
import AXSnapshot
import AXHistory
import Foundation

/// Snapshot files on disk: reading with the size limit, and listing a
/// directory's snapshots by relative path.
enum SnapshotFiles {
    /// Reads and parses one file. Errors name the file as the user typed it.
    static func read(_ path: String, maxBytes: Int, maxElements: Int = SnapshotReader.defaultMaxElements) throws -> Snapshot {
        let bytes = try readBytes(path, maxBytes: maxBytes)
        return try SnapshotReader.read(bytes, file: path, maxElements: maxElements)
    }

    static func readBytes(_ path: String, maxBytes: Int) throws -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw SnapshotError(file: path, message: "no such file")
        }
        guard !isDir.boolValue else { throw SnapshotError(file: path, message: "is a directory, expected a snapshot file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
            throw SnapshotError(file: path, message: "file is \(size) bytes, larger than the \(maxBytes)-byte limit (maxSnapshotBytes)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SnapshotError(file: path, message: "cannot be opened for reading")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        guard data.count <= maxBytes else {
            throw SnapshotError(file: path, message: "larger than the \(maxBytes)-byte limit (maxSnapshotBytes)")
        }
        return [UInt8](data)
    }

    /// Regular files under `root`, relative, sorted — with `snapshotsOnly`, those
    /// of a snapshot extension (a README or a screenshot beside the snapshots is
    /// not one); hidden entries and symbolic links are skipped so a link cannot
    /// lead outside the tree.
    static func list(_ root: String, snapshotsOnly: Bool = true) -> [String] {
        let base = URL(fileURLWithPath: root)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var result: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isSymbolicLink != true, values?.isRegularFile == true,
                  !snapshotsOnly || RepositoryConfig.snapshotExtensions.contains(url.pathExtension.lowercased()) else { continue }
            let full = url.standardizedFileURL.path
            if full.hasPrefix(prefix) { result.append(String(full.dropFirst(prefix.count))) }
        }
        return result.sorted()
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Loads `--config FILE`; else the configuration of the git working tree
    /// that holds `near` (its `.axdiff.json`, else `Config/axdiff.json`, as
    /// `check` reads them from a commit); else the defaults.
    static func config(_ path: String?, near file: String) throws -> RepositoryConfig {
        if let path { return try config(path) }
        guard let root = workingTreeRoot(holding: file) else { return RepositoryConfig() }
        for relative in ConfigAtCommit.paths {
            let candidate = root.appendingPathComponent(relative).path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue else { continue }
            return try config(candidate)
        }
        return RepositoryConfig()
    }

    /// The nearest directory at or above `file` that has a `.git` (a directory,
    /// or the file a linked worktree or submodule has), or nil.
    /// - Complexity: O(d) lookups, where d is the depth of the path.
    static func workingTreeRoot(holding file: String) -> URL? {
        let start = URL(fileURLWithPath: file).standardizedFileURL
        var parts = start.path.split(separator: "/").map(String.init)
        if !isDirectory(start.path), !parts.isEmpty { parts.removeLast() }
        while true {
            let directory = "/" + parts.joined(separator: "/")
            if FileManager.default.fileExists(atPath: (directory == "/" ? "" : directory) + "/.git") { return URL(fileURLWithPath: directory) }
            if parts.isEmpty { return nil }
            parts.removeLast()
        }
    }

    /// Loads `--config FILE`, or the defaults.
    static func config(_ path: String?) throws -> RepositoryConfig {
        guard let path else { return RepositoryConfig() }
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError("\(path): cannot read the configuration file") }
        return try RepositoryConfig.parse([UInt8](data), file: path)
    }
}
