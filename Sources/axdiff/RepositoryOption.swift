import AXDiff
import AXGit
import AXWatch

/// `--repo PATH` (default: the current directory) and `--config FILE`, shared
/// by the commands that work on a repository.
struct RepositoryOption {
    let path: String
    let configPath: String?

    init(_ a: Arguments) {
        path = a.option("repo") ?? "."
        configPath = a.option("config")
    }

    func open() throws -> Repository {
        do {
            return try Repository.open(path: path)
        } catch let e as GitError {
            throw InputError("\(path): \(e.message)")
        }
    }

    /// `--config FILE` when given (it then wins over committed configuration).
    func configOverride() throws -> Config? {
        try configPath.map { try SnapshotFiles.config($0) }
    }

    func resolve(_ repository: Repository, _ revision: String) throws -> ObjectID {
        do {
            return try repository.revparse(revision)
        } catch let e as GitError {
            throw InputError("unknown revision '\(revision)': \(e.message)")
        }
    }
}
