import Foundation

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
            let refs = (root as NSString).appendingPathComponent("refs")
            dirs.append(refs)
            guard let walker = FileManager.default.enumerator(atPath: refs) else { continue }
            while let rel = walker.nextObject() as? String, dirs.count < limit {
                let full = (refs as NSString).appendingPathComponent(rel)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), isDir.boolValue { dirs.append(full) }
            }
        }
        return dirs
    }
}
