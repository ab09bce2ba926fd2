import AXGlob

/// A configuration's `snapshots` and `ignore` globs, compiled once: what
/// `Config.isSnapshotPath` asks, for a caller that asks it of every commit's changes
/// (compiling the default globs for each path cost more than matching them).
package struct SnapshotPaths: Sendable {
    private let snapshots: [PathGlob]
    private let ignore: [PathGlob]

    package init(_ config: Config) {
        snapshots = config.snapshots.map(PathGlob.init)
        ignore = config.ignore.map(PathGlob.init)
    }

    package func contains(_ path: String) -> Bool {
        snapshots.contains { $0.matches(path) } && !ignore.contains { $0.matches(path) }
    }
}
