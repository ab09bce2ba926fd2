import AXDiff
import AXGit

/// Repository-wide settings (notes ref, watched refs, base branch): `--config
/// FILE`, else the configuration committed at HEAD, else the defaults.
public enum RepositorySettings {
    public static func load(_ repository: Repository, override: Config?) -> Config {
        if let override { return override }
        guard let head = try? repository.revparse("HEAD") else { return Config() }
        return (try? ConfigAtCommit.load(repository, commit: head, override: nil))?.0 ?? Config()
    }
}
