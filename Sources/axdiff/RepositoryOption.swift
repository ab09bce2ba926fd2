import AXDiff
import AXGit
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

/// `--repo PATH` (default: the current directory) and `--config FILE`, shared
/// by the commands that work on a repository.
struct RepositoryOption {
    let path: String
    let configPath: String?

    init(_ a: Arguments) {
        path = a.option("repo") ?? "."
        configPath = a.declares("config") ? a.option("config") : nil
    }

    func open() throws -> Repository {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError("\(path): does not exist") }
        do {
            return try Repository.open(path: path)
        } catch let e as GitError {
            throw InputError("\(path): \(e.message)")
        }
    }

    /// `--config FILE` when given (it then wins over committed configuration).
    func configOverride() throws -> RepositoryConfig? {
        try configPath.map { try SnapshotFiles.config($0) }
    }

    func resolve(_ repository: Repository, _ revision: String) throws -> ObjectID {
        do {
            return try repository.revparse(revision)
        } catch let e as GitError {
            try Self.requireCommits(repository, path)
            throw InputError(e.message.hasPrefix("unknown revision") || e.message.hasPrefix("'") ? e.message : "unknown revision '\(revision)': \(e.message)")
        }
    }

    /// "no commits yet" for a repository with no branch, rather than an unknown `HEAD`.
    static func requireCommits(_ repository: Repository, _ path: String) throws {
        if (try? repository.references(matching: [RefName.allBranches]).isEmpty) == true, (try? repository.revparse("HEAD")) == nil {
            throw InputError("\(path): no commits yet")
        }
    }
}
