import AXDiff
import AXSnapshot

/// A `DiffReport` put in the order every format shows it, with its counts.
///
/// Renderers read this rather than the report itself so that they all agree
/// on what is shown (changes whose severity is `off` are not), on the order
/// (screens by path; changes by severity, kind, element) and on the counts.
/// The order is total, so the output does not depend on the order in which
/// the diff engine produced the changes.
struct ReportModel {
    struct Screen {
        var screen: String
        var path: String
        /// Changes to show, in report order.
        var changes: [Change]
        /// The new version's stops and, for each, the old stop it matched: where
        /// SARIF finds an element's line in the file as it is now.
        var stopsAfter: [Stop] = []
        var matchedOld: [Int?] = []
        /// Where the snapshot was taken, when its stops say so.
        var platform: Platform?

        /// The changes the note, text and Markdown list: every one but the
        /// order changes past the first `maxOrderChanges` (regressions come
        /// first in report order), so a note stays small however many
        /// stops moved. JSON, SARIF and JUnit keep all of `changes`.
        var listed: [Change] {
            var orderSeen = 0
            return changes.filter { change in
                guard change.kind.isOrder else { return true }
                orderSeen += 1
                return orderSeen <= ReportModel.maxOrderChanges
            }
        }

        /// How many order changes `listed` leaves out.
        var unlistedMoves: Int {
            max(0, changes.filter { $0.kind.isOrder }.count - ReportModel.maxOrderChanges)
        }

        /// `and 480 more stops moved`, or nil when every order change is listed.
        var unlistedLine: String? {
            let n = unlistedMoves
            return n > 0 ? "and \(n) more stop\(n == 1 ? "" : "s") moved" : nil
        }
    }

    /// Order changes listed per screen in the note, text and Markdown.
    static let maxOrderChanges = 20

    /// Every screen of the report, sorted by path, including screens left
    /// with nothing to show (JUnit still lists them as checked).
    let screens: [Screen]
    let remarks: [String]
    let snapshotsCompared: Int
    /// Counts of shown changes not accepted, by severity.
    let errors: Int
    let warnings: Int
    let notes: Int
    /// Notes that are not improvements.
    let plainNotes: Int
    let improvements: Int
    let accepted: Int

    /// - Complexity: O(n log n), where n is the number of changes.
    init(_ report: DiffReport) {
        screens = report.screens
            .map { Screen(screen: $0.screen, path: $0.path, changes: Self.shown($0.changes),
                          stopsAfter: $0.stopsAfter, matchedOld: $0.matchedOld,
                          platform: ($0.stopsAfter.first ?? $0.stopsBefore.first)?.platform) }
            .sorted { ($0.path, $0.screen) < ($1.path, $1.screen) }
        remarks = report.remarks
        snapshotsCompared = report.snapshotsCompared
        // Counted in place: lists of the shown and the open changes copied
        // every change (each of its strings and arrays retained) to count them.
        var (errors, warnings, notes, plainNotes, improvements, accepted) = (0, 0, 0, 0, 0, 0)
        for screen in screens {
            for k in screen.changes.indices {
                if screen.changes[k].improvement { improvements += 1 }
                if screen.changes[k].accepted {
                    accepted += 1
                    continue
                }
                switch screen.changes[k].severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .note:
                    notes += 1
                    if !screen.changes[k].improvement { plainNotes += 1 }
                case .off: break
                }
            }
        }
        (self.errors, self.warnings, self.notes, self.plainNotes, self.improvements, self.accepted)
            = (errors, warnings, notes, plainNotes, improvements, accepted)
    }

    /// The changes whose severity is not `off`, in report order.
    ///
    /// The diff engine hands them over sorted almost as reports order them
    /// (`ScreenDiffer.sorted`), mostly exactly: then the list is kept as it
    /// is, checked in one pass. Otherwise their indices are sorted and the
    /// changes copied once into place: sorting the changes themselves moved
    /// each (a few hundred bytes, a dozen references) at every merge
    /// (callgrind). The sort is the same stable one, so equal changes keep
    /// their order, and a list already in order stays as it is.
    ///
    /// - Complexity: O(n log n) comparisons for n changes, O(n) when they
    ///   come in order.
    static func shown(_ changes: [Change]) -> [Change] {
        let kept = changes.indices.filter { changes[$0].severity != .off }
        let inOrder = zip(kept, kept.dropFirst()).allSatisfy { !inReportOrder(changes, $1, $0) }
        if inOrder && kept.count == changes.count { return changes }
        let order = inOrder ? kept : kept.sorted { inReportOrder(changes, $0, $1) }
        return order.map { changes[$0] }
    }

    var changedScreens: [Screen] { screens.filter { !$0.changes.isEmpty } }
    var hasChanges: Bool { screens.contains { !$0.changes.isEmpty } }

    /// "1 error, 2 warnings, 1 improvement"; notes only when there is no
    /// error or warning to lead with; "no changes" when nothing is shown.
    var summaryLine: String { summaryLine(notes: "note") }

    /// `notes` names note-severity changes where "note" would read as a git note.
    func summaryLine(notes noun: String) -> String {
        var parts: [String] = []
        if errors > 0 { parts.append(Self.count(errors, "error")) }
        if warnings > 0 { parts.append(Self.count(warnings, "warning")) }
        if errors == 0 && warnings == 0 && plainNotes > 0 { parts.append(Self.count(plainNotes, noun)) }
        if improvements > 0 { parts.append(Self.count(improvements, "improvement")) }
        if accepted > 0 { parts.append("\(accepted) accepted") }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }

    /// The header after "axdiff: ", e.g. "1 error in 2 of 14 snapshots",
    /// "no accessibility changes in 14 snapshots" or "no snapshot changed".
    var headline: String {
        guard hasChanges else {
            if snapshotsCompared == 0 { return "no snapshot changed" }
            return "no accessibility changes in \(Self.count(snapshotsCompared, "snapshot"))"
        }
        let changed = changedScreens.count
        // A report should never claim more changed snapshots than compared ones.
        let total = max(snapshotsCompared, changed)
        return "\(summaryLine) in \(changed) of \(Self.count(total, "snapshot"))"
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Severity (error first), then kind, then the first element's position;
    /// the rest only breaks ties so that the order is total.
    ///
    /// `changes[x]` before `changes[y]`, their fields read where they lie:
    /// passed as values, both changes were copied (a dozen references
    /// retained and released) at each comparison (callgrind).
    static func inReportOrder(_ changes: [Change], _ x: Int, _ y: Int) -> Bool {
        if changes[x].severity != changes[y].severity { return changes[x].severity > changes[y].severity }
        if changes[x].kind != changes[y].kind { return changes[x].kind < changes[y].kind }
        let ai = changes[x].elements.first?.index ?? -1, bi = changes[y].elements.first?.index ?? -1
        if ai != bi { return ai < bi }
        if changes[x].message != changes[y].message { return changes[x].message < changes[y].message }
        if changes[x].accepted != changes[y].accepted { return !changes[x].accepted }
        if changes[x].improvement != changes[y].improvement { return !changes[x].improvement }
        let (ab, bb) = (changes[x].before ?? "", changes[y].before ?? "")
        if ab != bb { return ab < bb }
        let (aa, ba) = (changes[x].after ?? "", changes[y].after ?? "")
        if aa != ba { return aa < ba }
        return changes[x].elements.map(sortKey).lexicographicallyPrecedes(changes[y].elements.map(sortKey))
    }

    private static func sortKey(_ element: ElementRef) -> String {
        "\(element.index)\u{1}\(element.label)\u{1}\(element.id ?? "")\u{1}\(element.role.rawValue)\u{1}\(element.line ?? 0)"
    }
}
