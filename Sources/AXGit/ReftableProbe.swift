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

/// Explains why a repository could not be opened, in particular when it uses reftable.
///
/// libgit2 1.5 refuses a repository whose config sets `extensions.refStorage`
/// with an opaque "unsupported extension" message; a repository converted by
/// hand may instead just have a `reftable/` directory. Either way the user
/// deserves to be told what is going on.
enum ReftableProbe {
    static func diagnose(openFailure error: GitError, searchingFrom path: String) -> GitError {
        guard let gitDir = discoverGitDir(from: path) else {
            if error.code == .notFound {
                return GitError(.notARepository, "open", "'\(path)' is not a git repository (or any of its parents)")
            }
            return error
        }
        if usesReftable(gitDir: gitDir) {
            return reftableError(gitDir: gitDir)
        }
        if error.code == .notFound {
            return GitError(.notARepository, "open", "'\(path)' is not a git repository (or any of its parents): \(error.message)")
        }
        return error
    }

    static func reftableError(gitDir: String) -> GitError {
        let shown = gitDir.hasSuffix("/") ? String(gitDir.dropLast()) : gitDir
        return GitError(.unsupportedRefStorage, "open",
                        "'\(shown)' uses reftable, which libgit2 1.5 cannot read; "
                        + "convert it with 'git refs migrate --ref-format=files' or use a files-backed clone")
    }

    /// True when a reftable stack (`reftable/tables.list`) exists in the common directory.
    static func hasReftableStack(commonDir: String) -> Bool {
        let list = FilePath.appending(FilePath.appending(commonDir, "reftable"), "tables.list")
        return FileManager.default.fileExists(atPath: list)
    }

    /// The git directory libgit2 finds for `path`, without opening it.
    static func discoverGitDir(from path: String) -> String? {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_repository_discover(&buffer, path, 0, nil) == 0, let ptr = buffer.ptr else { return nil }
        return String(cString: ptr)
    }

    /// True when the repository at `gitDir` stores refs in reftable.
    static func usesReftable(gitDir: String) -> Bool {
        let fm = FileManager.default
        var directories = [gitDir]
        let commondirFile = FilePath.appending(gitDir, "commondir")
        if let text = try? String(contentsOfFile: commondirFile, encoding: .utf8) {
            let relative = text.trimming(.whitespacesAndNewlines)
            let common = relative.hasPrefix("/") ? relative : FilePath.appending(gitDir, relative)
            directories.append(common)
        }
        for directory in directories {
            var isDirectory = false
            if fm.fileExists(atPath: FilePath.appending(directory, "reftable"), isDirectory: &isDirectory),
               isDirectory {
                return true
            }
            if configSaysReftable(FilePath.appending(directory, "config")) {
                return true
            }
        }
        return false
    }

    private static func configSaysReftable(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        var config: OpaquePointer?
        guard git_config_open_ondisk(&config, path) == 0, let config else { return false }
        defer { git_config_free(config) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_config_get_string_buf(&buffer, config, "extensions.refstorage") == 0, let ptr = buffer.ptr else {
            return false
        }
        return String(cString: ptr).lowercased() == "reftable"
    }
}
