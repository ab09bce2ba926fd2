import AXDiff
import AXGit

/// Repository-wide settings (notes ref, watched refs, base branch): `--config
/// FILE`, else the configuration committed at HEAD, else the defaults.
///
/// Only a HEAD with no commit yet means "the defaults": a configuration that
/// cannot be read is an error, since the defaults would send notes to a ref
/// the repository does not use.
package enum RepositorySettings {
    package static func load(_ repository: Repository, override: RepositoryConfig?) throws -> RepositoryConfig {
        if let override { return override }
        let head: ObjectID
        do {
            head = try repository.revparse("HEAD")
        } catch let e as GitError where e.code == .notFound || e.code == .unbornBranch || e.code == .invalidSpec {
            return RepositoryConfig()
        }
        return try ConfigAtCommit.load(repository, commit: head, override: nil).0
    }
}
