import AXDiff
import AXGit

/// The configuration in force at a commit (DESIGN §8): `.axdiff.json` in the
/// commit's tree, else `Config/axdiff.json`, else the defaults — unless the
/// user gave `--config FILE`, which wins.
package enum ConfigAtCommit {
    package static let paths = [".axdiff.json", "Config/axdiff.json"]

    /// Configurations parsed, by the path and blob they were read from: walking history, the
    /// configuration changes far more rarely than the commits, and each commit read and
    /// parsed its file again. Belongs to one thread, like its analyser.
    final class Cache {
        fileprivate struct Key: Hashable {
            let path: String
            let blob: ObjectID
        }
        fileprivate var parsed: [Key: (RepositoryConfig, String?)] = [:]
        init() {}
    }

    /// The configuration and, when the committed file is broken, why it was not used.
    ///
    /// - Throws: `GitError` when the commit's tree or the file cannot be read (a damaged or
    ///   incomplete repository): the defaults would give a note that is wrong, not one that
    ///   says the file is broken.
    package static func load(_ repository: Repository, commit: ObjectID, override: RepositoryConfig?) throws -> (RepositoryConfig, String?) {
        try load(repository, commit: commit, override: override, cache: nil)
    }

    /// The same, the file's two possible places looked up in one read of the commit's tree,
    /// and a file parsed once per `cache`.
    static func load(_ repository: Repository, commit: ObjectID, override: RepositoryConfig?, cache: Cache?) throws -> (RepositoryConfig, String?) {
        if let override { return (override, nil) }
        let blobs = try repository.blobIDs(at: paths, in: commit)
        for (path, blob) in zip(paths, blobs) {
            guard let blob else { continue }
            let key = Cache.Key(path: path, blob: blob)
            if let kept = cache?.parsed[key] { return kept }
            let loaded: (RepositoryConfig, String?)
            do {
                loaded = (try RepositoryConfig.parse(try repository.blob(blob, maxBytes: 1 << 20), file: path), nil)
            } catch let error as GitError where error.code != .tooLarge && error.code != .wrongType {
                throw error
            } catch {
                loaded = (RepositoryConfig(), "configuration \(error); the defaults were used")
            }
            // A history has a handful of versions of its configuration; bounded all the same.
            if cache?.parsed.count ?? 0 < 64 { cache?.parsed[key] = loaded }
            return loaded
        }
        return (RepositoryConfig(), nil)
    }
}
