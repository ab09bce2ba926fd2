import AXDiff
import AXSnapshot
import AXHistory
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

/// Snapshot files on disk: reading with the size limit, and listing a
/// directory's snapshots by relative path.
enum SnapshotFiles {
    /// Reads and parses one file. Errors name the file as the user typed it.
    static func read(_ path: String, maxBytes: Int, maxElements: Int = SnapshotReader.defaultMaxElements) throws -> Snapshot {
        let bytes = try readBytes(path, maxBytes: maxBytes)
        return try SnapshotReader.read(bytes, file: path, maxElements: maxElements)
    }

    /// Reads, parses and prepares one file (`expectedStops` as
    /// `PreparedVersion`). The snapshot's node tree goes on return: a command
    /// that prepares each version as it reads it holds one node tree at a
    /// time, and none while it diffs.
    static func prepared(_ path: String, maxBytes: Int, maxElements: Int, expectedStops: Int? = nil) throws -> PreparedVersion {
        PreparedVersion(try read(path, maxBytes: maxBytes, maxElements: maxElements), expectedStops: expectedStops)
    }

    static func readBytes(_ path: String, maxBytes: Int) throws -> [UInt8] {
        // One open, one fstat and reads straight into the array: through
        // FileManager, FileHandle and `Data`, reading a file cost three
        // instructions per byte of a diff (callgrind), copies and page faults
        // besides.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SnapshotError(file: path, message: errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot be opened for reading")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SnapshotError(file: path, message: "cannot be opened for reading") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw SnapshotError(file: path, message: "is a directory, expected a snapshot file") }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw SnapshotError(file: path, message: "file is \(size) bytes, larger than the \(maxBytes)-byte limit (maxSnapshotBytes)")
        }
        // Up to one byte past the limit, so that a file grown since fstat, or
        // one that has no size (a pipe), is still refused past it. The usual
        // file is one read into an array of its size and one more byte.
        var bytes: [UInt8] = []
        var wanted = size + 1
        while bytes.count <= maxBytes {
            wanted = min(wanted, maxBytes + 1 - bytes.count)
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                while count < wanted {
                    let n = readFile(fd, base + count, wanted - count)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failure = errno }
                    if n <= 0 { return }
                    count += n
                }
            }
            guard failure == 0 else { throw SnapshotError(file: path, message: "cannot be read: \(String(cString: strerror(failure)))") }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if chunk.count < wanted { break }
            wanted = 64 * 1024
        }
        guard bytes.count <= maxBytes else {
            throw SnapshotError(file: path, message: "larger than the \(maxBytes)-byte limit (maxSnapshotBytes)")
        }
        return bytes
    }

    /// Regular files under `root`, relative, sorted — with `snapshotsOnly`, those
    /// of a snapshot extension (a README or a screenshot beside the snapshots is
    /// not one); hidden entries and symbolic links are skipped so a link cannot
    /// lead outside the tree.
    static func list(_ root: String, snapshotsOnly: Bool = true) -> [String] {
        let base = URL(fileURLWithPath: root)
        let found = collectFiles(under: base.path)
        var result: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for relative in found {
            let url = base.appendingPathComponent(relative)
            guard !snapshotsOnly || RepositoryConfig.snapshotExtensions.contains(url.pathExtension.lowercased()) else { continue }
            let full = url.standardizedFileURL.path
            if full.hasPrefix(prefix) { result.append(String(full.dropFirst(prefix.count))) }
        }
        return result.sorted()
    }

    /// The regular files under `root` (itself not a symbolic link), by their path below it:
    /// entries whose name starts with a dot, and symbolic links, are not followed or listed (as
    /// Foundation's enumerator with `.skipsHiddenFiles` left them). A stack of directories still
    /// to read, each read whole and closed before the next: the depth of the tree bounds neither
    /// the call stack nor the open descriptors.
    private static func collectFiles(under root: String) -> [String] {
        var found: [String] = []
        var pending = [(path: root, relative: "")]
        var st = stat()
        while let (directory, relative) = pending.popLast() {
            guard lstat(directory, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, let stream = opendir(directory) else { continue }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                let below = relative.isEmpty ? name : relative + "/" + name
                guard lstat(path, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: pending.append((path, below))
                case S_IFREG: found.append(below)
                default: break
                }
            }
            closedir(stream)
        }
        return found
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir
    }

    /// Loads `--config FILE`; else the configuration of the git working tree
    /// that holds `near` (its `.axdiff.json`, else `Config/axdiff.json`, as
    /// `check` reads them from a commit); else the defaults.
    static func config(_ path: String?, near file: String) throws -> RepositoryConfig {
        if let path { return try config(path) }
        guard let root = workingTreeRoot(holding: file) else { return RepositoryConfig() }
        for relative in ConfigAtCommit.paths {
            let candidate = root.appendingPathComponent(relative).path
            var isDir = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir else { continue }
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

/// read(2), named apart from `SnapshotFiles.read`.
private func readFile(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(fd, buffer, count)
}
