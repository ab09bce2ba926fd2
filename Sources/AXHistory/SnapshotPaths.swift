import AXGlob

/// A configuration's `snapshots` and `ignore` globs, compiled once: what
/// `RepositoryConfig.isSnapshotPath` asks, for a caller that asks it of every commit's changes
/// (compiling the default globs for each path cost more than matching them).
/// The globs are the tree walk's (`PathGlobSet`), so the configuration keeps
/// exactly the files the walk found.
package struct SnapshotPaths: Sendable {
    private let snapshots: PathGlobSet
    private let ignore: PathGlobSet

    package init(_ config: RepositoryConfig) {
        snapshots = PathGlobSet(config.snapshots)
        ignore = PathGlobSet(config.ignore)
    }

    package func contains(_ path: String) -> Bool {
        snapshots.matches(path) && !ignore.matches(path)
    }
}
