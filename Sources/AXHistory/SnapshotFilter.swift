import AXDiff
import AXGit
import AXGlob

/// Finds the snapshot files a commit changed, with the globs of the configuration it was
/// last given compiled once: a history's commits nearly all share one configuration, and
/// compiling its globs again for every commit cost more than the tree diff itself.
///
/// Belongs to one thread, like its analyser.
final class SnapshotFilter {
    private var snapshots: [String]?
    private var ignore: [String] = []
    private var inTrees = PathGlobSet([])
    private var paths = SnapshotPaths(RepositoryConfig())

    /// The snapshot files `commit` changed against its first parent, by `config`.
    func changes(in commit: ObjectID, of repository: Repository, config: RepositoryConfig) throws -> [TreeChange] {
        // Equal arrays that share their storage (the same parsed configuration, or the
        // defaults) compare in constant time.
        if snapshots != config.snapshots || ignore != config.ignore {
            snapshots = config.snapshots
            ignore = config.ignore
            inTrees = PathGlobSet(config.snapshots)
            paths = SnapshotPaths(config)
        }
        return try repository.changes(in: commit, matching: inTrees).filter { paths.contains($0.path) }
    }
}
