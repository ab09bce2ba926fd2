/// The changes across a set of compared snapshots: one commit, one branch, or
/// two directories. Reports render this.
public struct DiffReport: Sendable {
    /// Screens with changes, sorted by path.
    public var screens: [ScreenDiff]
    /// How many snapshots were compared (changed or not), for "in 2 of 14 snapshots".
    public var snapshotsCompared: Int
    /// Remarks that belong in the report header, e.g. that a merge commit was
    /// compared with its first parent.
    public var remarks: [String]

    public init(screens: [ScreenDiff], snapshotsCompared: Int, remarks: [String] = []) {
        self.screens = screens.sorted { $0.path < $1.path }
        self.snapshotsCompared = snapshotsCompared
        self.remarks = remarks
    }

    public var allChanges: [Change] { screens.flatMap(\.changes) }
    public var errors: Int { screens.reduce(0) { $0 + $1.count(.error) } }
    public var warnings: Int { screens.reduce(0) { $0 + $1.count(.warning) } }
    public var notes: Int { screens.reduce(0) { $0 + $1.count(.note) } }
    public var improvements: Int { screens.reduce(0) { $0 + $1.improvements } }
    /// Screens that have at least one reported change.
    public var changedScreens: Int { screens.filter { !$0.changes.isEmpty }.count }

    /// Whether any change not accepted is at or above `threshold`.
    public func fails(at threshold: Severity) -> Bool {
        guard threshold != .off else { return false }
        return allChanges.contains { !$0.accepted && $0.severity >= threshold && $0.severity != .off }
    }
}
