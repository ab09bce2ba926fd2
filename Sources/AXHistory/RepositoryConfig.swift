import AXDiff
import AXGit
import AXGlob
import AXSnapshot

/// axdiff's configuration file (DESIGN §8): the repository's and the daemon's settings —
/// which files are snapshots and how large one may be, where the notes go, which refs are
/// watched, the base branch — and, read from the same file, the diff's `policy`. Every key
/// optional, defaults here.
package struct RepositoryConfig: Sendable, Equatable {
    package var snapshots: [String] = RepositoryConfig.defaultSnapshots
    package var notesRef = RefName.defaultNotes
    package var watchRefs: [String] = [RefName.allBranches]
    package var baseBranch = "main"
    package var ignore: [String] = []
    package var maxSnapshotBytes = 16 * 1024 * 1024
    /// Snapshots that may hold more elements are reported unreadable without being built.
    package var maxSnapshotElements = SnapshotReader.defaultMaxElements
    /// What the diff reads: severities, the failing severity, contracts, volatile labels, the source locale.
    package var policy = DiffPolicy()

    package init() {}

    /// The file extensions of the snapshot formats, as their readers declare them.
    package static let snapshotExtensions = SnapshotReader.fileExtensions

    /// Files of a snapshot extension under `Snapshots/` or `snapshots/`, and
    /// ARIA snapshots anywhere: a README or a screenshot beside the snapshots
    /// is not one.
    package static let defaultSnapshots: [String] =
        ["Snapshots", "snapshots"].flatMap { dir in snapshotExtensions.map { "\(dir)/**/*.\($0)" } } + ["**/*.aria.yml"]

    /// Every file of a snapshot extension, wherever it is: where the gate looks
    /// for snapshots that no glob of `snapshots` takes.
    package static let snapshotLikeFiles: [String] = snapshotExtensions.map { "**/*.\($0)" }

    /// Whether a repository path is a snapshot axdiff should read.
    package func isSnapshotPath(_ path: String) -> Bool {
        SnapshotPaths(self).contains(path)
    }

    /// Whether a screen (by name) or path is ignored.
    package func ignores(screen: String, path: String) -> Bool {
        ignore.contains { $0 == screen || PathGlob($0).matches(screen) || PathGlob($0).matches(path) }
    }
}
