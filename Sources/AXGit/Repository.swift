import CLibgit2
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

/// An open git repository: owns one `git_repository*` and frees it in `deinit`.
///
/// Threading: a libgit2 repository handle must not be used from two threads at
/// once, and libgit2's error state is per thread. `Repository` is therefore
/// deliberately *not* `Sendable`: open one `Repository` per thread (or per task
/// that stays on one thread) instead of sharing one.
package final class Repository {
    let handle: OpaquePointer
    /// Commits and trees this handle parsed last (`withCommit`, `withTree`).
    var recent = RecentObjects()

    /// The `.git` directory (for a bare repository, the repository itself), with a trailing slash.
    package let gitDir: String
    /// The working tree, with a trailing slash; nil for a bare repository.
    package let workdir: String?
    /// The directory shared by all worktrees (holds refs, objects, config), with a trailing slash.
    package let commonDir: String

    private init(handle: OpaquePointer) {
        self.handle = handle
        gitDir = String(cString: git_repository_path(handle))
        workdir = git_repository_workdir(handle).map { String(cString: $0) }
        commonDir = git_repository_commondir(handle).map { String(cString: $0) } ?? gitDir
    }

    deinit {
        recent.removeAll()
        git_repository_free(handle)
    }

    package var isBare: Bool { git_repository_is_bare(handle) == 1 }

    /// Opens the repository containing `path` (searching parent directories, like git).
    ///
    /// Throws `.notARepository` when there is none, and `.unsupportedRefStorage` for a
    /// repository that uses reftable (libgit2 1.5 only reads files-backed refs).
    package static func open(path: String) throws -> Repository {
        Libgit2.ensureInitialized()
        var repo: OpaquePointer?
        let code = git_repository_open_ext(&repo, path, 0, nil)
        if code < 0 {
            let error = lastError(code, "git_repository_open_ext")
            throw ReftableProbe.diagnose(openFailure: error, searchingFrom: path)
        }
        return try checked(Repository(handle: repo!))
    }

    /// Opens the repository described by git's environment (`GIT_DIR`, `GIT_WORK_TREE`,
    /// `GIT_OBJECT_DIRECTORY`, `GIT_ALTERNATE_OBJECT_DIRECTORIES`, `GIT_CEILING_DIRECTORIES`, …),
    /// as a hook must: in `pre-receive`, pushed objects sit in a quarantine directory
    /// that only these variables point to.
    package static func openFromEnvironment() throws -> Repository {
        Libgit2.ensureInitialized()
        var repo: OpaquePointer?
        let code = git_repository_open_ext(&repo, nil, GIT_REPOSITORY_OPEN_FROM_ENV.rawValue, nil)
        if code < 0 {
            let error = lastError(code, "git_repository_open_ext")
            let env = ProcessInfo.processInfo.environment
            let start = env["GIT_DIR"] ?? FileManager.default.currentDirectoryPath
            throw ReftableProbe.diagnose(openFailure: error, searchingFrom: start)
        }
        return try checked(Repository(handle: repo!))
    }

    /// libgit2 opens a repository whose `reftable/` stack sits next to a stale files backend
    /// (e.g. config edited by hand) and would then read outdated refs: refuse it.
    private static func checked(_ repository: Repository) throws -> Repository {
        if ReftableProbe.hasReftableStack(commonDir: repository.commonDir) {
            throw ReftableProbe.reftableError(gitDir: repository.gitDir)
        }
        return repository
    }
}

extension Repository {
    /// The object directory (`objects/`, or where `GIT_OBJECT_DIRECTORY` points), with a trailing slash.
    func objectsDirectory() throws -> String {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_repository_item_path(&buffer, handle, GIT_REPOSITORY_ITEM_OBJECTS), "git_repository_item_path")
        guard let pointer = buffer.ptr else { throw GitError(.notFound, "objects", "the repository has no object directory") }
        return String(cString: pointer)
    }
}

extension Repository {
    /// The handle's object database; the caller frees it (`git_odb_free`) at once.
    func objectDatabase() throws -> OpaquePointer? {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, handle), "git_repository_odb")
        return odb
    }
}
