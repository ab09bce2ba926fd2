import AXDiff
import AXGit

/// What axdiff found in one commit: the report and the note that records it.
public struct CommitAnalysis: Sendable {
    public var commit: CommitInfo
    public var report: DiffReport
    /// The note text: deterministic for the same commit, config and axdiff version.
    public var note: String
    /// Unreadable snapshots, one line each (`path: reason`).
    public var unreadable: [String]
}
