import AXDiff
import AXGit

/// What axdiff found in one commit: the report and the note that records it.
package struct CommitAnalysis: Sendable {
    package var commit: CommitInfo
    package var report: DiffReport
    /// The note as stored, UTF-8: deterministic for the same commit, config and axdiff version.
    package var noteBytes: [UInt8]
    /// Unreadable snapshots, one line each (`path: reason`).
    package var unreadable: [String]

    package init(commit: CommitInfo, report: DiffReport, noteBytes: [UInt8], unreadable: [String]) {
        self.commit = commit
        self.report = report
        self.noteBytes = noteBytes
        self.unreadable = unreadable
    }

    /// The note text: `noteBytes` decoded.
    package var note: String { String(decoding: noteBytes, as: UTF8.self) }
}
