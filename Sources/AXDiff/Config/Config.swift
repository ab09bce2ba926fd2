import AXGlob
import AXSnapshot

/// axdiff's configuration (DESIGN §8): every key optional, defaults here.
public struct Config: Sendable, Equatable {
    public var snapshots: [String] = Config.defaultSnapshots
    public var notesRef = "refs/notes/axdiff"
    public var watchRefs: [String] = ["refs/heads/*"]
    public var baseBranch = "main"
    public var severity: [ChangeKind: Severity] = [:]
    public var failOn: Severity = .error
    public var contracts: [Contract] = []
    public var ignore: [String] = []
    public var maxSnapshotBytes = 16 * 1024 * 1024
    /// Snapshots that may hold more elements are reported unreadable without being built.
    public var maxSnapshotElements = SnapshotReader.defaultMaxElements
    /// Labels whose text changes from capture to capture (times, counts).
    public var volatile: [VolatileLabel] = []
    /// The locale the other locales' snapshots of a screen are compared with (`label.untranslated`).
    public var sourceLocale = "en"

    public init() {}

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

    /// The severity a change of `kind` gets under this configuration.
    public func severity(of kind: ChangeKind, default value: Severity) -> Severity {
        severity[kind] ?? value
    }

    /// Whether a repository path is a snapshot axdiff should read.
    public func isSnapshotPath(_ path: String) -> Bool {
        SnapshotPaths(self).contains(path)
    }

    /// Whether a screen (by name) or path is ignored.
    public func ignores(screen: String, path: String) -> Bool {
        ignore.contains { $0 == screen || PathGlob($0).matches(screen) || PathGlob($0).matches(path) }
    }
}
