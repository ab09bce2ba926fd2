import AXDiff
import AXGit

/// What the gate decided about a revision, and the report that shows why.
public struct GateVerdict: Sendable {
    /// The checked commit.
    public var revision: CommitInfo
    /// The base as named (`--base`, else `baseBranch`).
    public var baseName: String
    /// Nil when the revision shares no history with the base, or there is no base.
    public var mergeBase: ObjectID?
    /// The configuration the verdict was made under.
    public var config: Config
    /// The net change, accepted changes marked.
    public var report: DiffReport
    /// Every usable `Axdiff-Accept` trailer in the range.
    public var accepts: [AcceptTrailer]
    /// Trailers that could not be used, one line each.
    public var warnings: [String]
    /// Snapshots at the revision that cannot be read, one line each (`path: reason`).
    public var unreadable: [String]
    /// Screen names that more than one snapshot at the revision has.
    public var repeatedScreens: Set<String>

    /// Whether a change at or above `failOn` is left unaccepted.
    public var fails: Bool { report.fails(at: config.failOn) }

    /// The changes that fail the gate: not accepted, at or above `failOn`.
    public var failing: [(path: String, change: Change)] {
        let threshold = config.failOn
        guard threshold != .off else { return [] }
        return report.screens.flatMap { screen in
            screen.changes.filter { !$0.accepted && $0.severity >= threshold }.map { (screen.path, $0) }
        }
    }

    /// The trailers that would accept exactly the failing changes — each names
    /// the kind, the screen (its path when another snapshot shares the name)
    /// and the element — sorted and without repeats: what to tell the user who
    /// means the change.
    public var suggestedTrailers: [AcceptTrailer] {
        var seen = Set<String>()
        var out: [AcceptTrailer] = []
        for (path, change) in failing {
            let trailer = AcceptTrailer.suggestion(for: change, path: path, nameRepeats: repeatedScreens.contains(change.screen))
            if seen.insert(trailer.text).inserted { out.append(trailer) }
        }
        return out.sorted { $0.text < $1.text }
    }
}
