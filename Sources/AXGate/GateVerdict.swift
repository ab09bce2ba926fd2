import AXDiff
import AXGit
import AXHistory

/// What the gate decided about a revision, and the report that shows why.
package struct GateVerdict: Sendable {
    /// The checked commit.
    package var revision: CommitInfo
    /// The base as named (`--base`, else `baseBranch`).
    var baseName: String
    /// Nil when the revision shares no history with the base, or there is no base.
    package var mergeBase: ObjectID?
    /// The commit whose snapshots the revision's were compared with: the merge base, else
    /// (no history in common) the base's tip; nil only when there is no base at all.
    package var comparedWith: ObjectID?
    /// The configuration the verdict was made under.
    package var config: RepositoryConfig
    /// The net change, accepted changes marked.
    package var report: DiffReport
    /// Every usable `Axdiff-Accept` trailer in the range.
    package var accepts: [AcceptTrailer]
    /// Trailers that could not be used, one line each.
    package var warnings: [String]
    /// Snapshots at the revision that cannot be read, one line each (`path: reason`).
    package var unreadable: [String]
    /// Screen names that more than one snapshot at the revision has.
    var repeatedScreens: Set<String>

    /// Whether a change at or above `failOn` is left unaccepted.
    package var fails: Bool { report.fails(at: config.policy.failOn) }

    /// The changes that fail the gate: not accepted, at or above `failOn`.
    package var failing: [(path: String, change: Change)] {
        let threshold = config.policy.failOn
        guard threshold != .off else { return [] }
        return report.screens.flatMap { screen in
            screen.changes.filter { !$0.accepted && $0.severity >= threshold }.map { (screen.path, $0) }
        }
    }

    /// The trailers that would accept exactly the failing changes — each names
    /// the kind, the screen (its path when another snapshot shares the name)
    /// and the element — sorted and without repeats: what to tell the user who
    /// means the change.
    package var suggestedTrailers: [AcceptTrailer] {
        var seen = Set<String>()
        var out: [AcceptTrailer] = []
        for (path, change) in failing {
            let trailer = AcceptTrailer.suggestion(for: change, path: path, nameRepeats: repeatedScreens.contains(change.screen))
            if seen.insert(trailer.text).inserted { out.append(trailer) }
        }
        return out.sorted { $0.text < $1.text }
    }
}
