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

/// Which paths change when a repository's refs move, in the files backend git and libgit2
/// share: git writes a ref by renaming `X.lock` over `X`, a loose ref in a directory under
/// `refs/`, and `packed-refs` and `HEAD` in a git directory itself. A worktree's own git
/// directory (`git_repository_path`) has its `HEAD`; the common directory
/// (`git_repository_commondir`) has `refs/` and `packed-refs`; both are roots.
package struct RefLayout: Sendable, Equatable {
    /// The git directory and the common directory, once each.
    package let roots: [String]

    /// The names in a root that concern refs: everything else written there (a watcher's
    /// lock file with its last error, the index, `FETCH_HEAD`) says nothing about them.
    package static let namesThatCount: Set<String> = ["packed-refs", "HEAD", "refs"]

    package init(gitDir: String, commonDir: String) {
        roots = gitDir == commonDir ? [gitDir] : [gitDir, commonDir]
    }

    package init(_ repository: Repository) {
        self.init(gitDir: repository.gitDir, commonDir: repository.commonDir)
    }

    /// The roots, then each root's `refs/` and every directory under it (a new ref there is
    /// a new entry), the walk stopping at `limit` directories.
    ///
    /// - Complexity: O(d), where d is the number of directories under the roots' `refs/`, at most `limit`.
    package func directories(limit: Int) -> [String] {
        var dirs = roots
        for root in roots {
            let refs = FilePath.appending(root, "refs")
            dirs.append(refs)
            Self.walk(refs, into: &dirs, limit: limit)
        }
        return dirs
    }

    /// Appends every directory under `directory` (a symbolic link to one too, not followed),
    /// depth first, each before what it holds, siblings in the order the directory lists
    /// them: the order of Foundation's directory enumerator (fts), so the same directories
    /// are kept when `limit` cuts the walk short. A stack of listings, each directory read
    /// whole and closed before its first subdirectory: the depth of `refs/` bounds neither
    /// the call stack nor the open descriptors.
    private static func walk(_ directory: String, into dirs: inout [String], limit: Int) {
        var stack = [(entries: entries(of: directory), next: 0)]
        while let top = stack.indices.last, dirs.count < limit {
            let i = stack[top].next
            guard i < stack[top].entries.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = i + 1
            let full = stack[top].entries[i]
            var st = stat()
            guard stat(full, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { continue }
            dirs.append(full)
            var link = stat()
            if lstat(full, &link) == 0, link.st_mode & S_IFMT == S_IFDIR { stack.append((entries(of: full), 0)) }
        }
    }

    /// The paths of `directory`'s entries but `.` and `..`, in the order it lists them.
    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var paths: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { paths.append(FilePath.appending(directory, name)) }
        }
        return paths
    }
}
