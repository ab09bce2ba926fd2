import AXDiff
import AXGit

/// What axdiff found in one commit: the report and the note that records it.
package struct CommitAnalysis: Sendable {
    package var commit: CommitInfo
    package var report: DiffReport
    /// The note text: deterministic for the same commit, config and axdiff version.
    package var note: String
    /// Unreadable snapshots, one line each (`path: reason`).
    package var unreadable: [String]
}
