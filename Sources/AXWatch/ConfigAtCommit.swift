import AXDiff
import AXGit

/// The configuration in force at a commit (DESIGN §8): `.axdiff.json` in the
/// commit's tree, else `Config/axdiff.json`, else the defaults — unless the
/// user gave `--config FILE`, which wins.
public enum ConfigAtCommit {
    public static let paths = [".axdiff.json", "Config/axdiff.json"]

    /// The configuration and, when the committed file is broken, why it was not used.
    public static func load(_ repository: Repository, commit: ObjectID, override: Config?) -> (Config, String?) {
        if let override { return (override, nil) }
        for path in paths {
            do {
                guard let bytes = try repository.file(at: path, in: commit, maxBytes: 1 << 20) else { continue }
                return (try Config.parse(bytes, file: path), nil)
            } catch {
                return (Config(), "configuration \(error); the defaults were used")
            }
        }
        return (Config(), nil)
    }
}
