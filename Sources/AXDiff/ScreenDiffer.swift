import AXSnapshot

/// Compares two versions of one screen and says what changed for a screen
/// reader user. Pure: no I/O, no git.
public enum ScreenDiffer {
    /// The kinds `lint` reports: smells present in one snapshot (`KindRule.isSmell`).
    package static let smellKinds = Set(ChangeKind.allCases.filter { $0.rule.isSmell })

    /// Compares `old` with `new`; either may be nil (a screen added or removed).
    ///
    /// - Complexity: O(n log n) for matching and the spoken order, plus the
    ///   bounded pair checks of the visual reference (see `OrderAnalysis`).
    ///
    /// `source`: the source-locale snapshot of this screen when `new` is a
    /// translation of it (see `LocaleSiblings`), for `label.untranslated`.
    public static func diff(old: Snapshot?, new: Snapshot?, path: String, policy: DiffPolicy = DiffPolicy(),
                            source: LocaleSource? = nil) -> ScreenDiff {
        let oldVersion = old.map { PreparedVersion($0) }
        return diff(old: oldVersion, new: new.map { PreparedVersion($0, expectedStops: oldVersion?.stops.count) },
                    path: path, policy: policy, source: source)
    }

    /// `diff` of two prepared versions: walking history, the old version of
    /// a change is the new version of the one before, so a caller that keeps
    /// what it prepared (`PreparedVersionCache`) prepares each version once.
    ///
    /// - Complexity: as `diff`.
    ///
    /// `renamedFrom`: the path the old version was read from, when the snapshot's file moved.
    package static func diff(old: PreparedVersion?, new: PreparedVersion?, path: String, policy: DiffPolicy,
                             source: LocaleSource? = nil, renamedFrom: String? = nil) -> ScreenDiff {
        let screen = new?.facts.screen ?? old?.facts.screen ?? SnapshotReader.screenName(for: path)
        guard let new else {
            let stops = old?.stops ?? []
            var removed = ScreenDiff(screen: screen, path: path, changes: apply(policy, [ScreenRemoved.change(screen: screen, stops: stops.count)]),
                                     stopsBefore: stops)
            removed.layoutDirection = old?.facts.layoutDirection ?? .ltr
            removed.containersBefore = old?.outline.containers ?? []
            return removed
        }
        let isNewScreen = old == nil
        let old = old ?? PreparedVersion(Snapshot.empty(screen: screen))
        let (oldStops, newStops) = (old.stops, new.stops)
        let volatile = policy.volatile.filter { $0.applies(to: screen) }.map(\.label)
        let matching = Matcher.match(old: old, new: new, volatile: volatile)
        let context = DiffContext(
            screen: screen, old: old, new: new,
            matching: matching,
            contracts: policy.contracts.filter { $0.applies(to: screen) }.map(\.order),
            isNewScreen: isNewScreen, volatile: volatile, source: source)
        // The order rules' changes come from one judgement of all moves; every
        // other rule looks for its own.
        let analysis = isNewScreen ? nil : OrderAnalysis.analyse(context)
        var changes = analysis?.changes ?? []
        if let renamedFrom, !isNewScreen { changes.append(ScreenRenamed.change(screen: screen, from: renamedFrom, to: path)) }
        for rule in KindRules.changeRules {
            changes += rule.changes(in: context)
        }
        var diff = ScreenDiff(screen: screen, path: path, changes: apply(policy, sorted(changes)),
                              stopsBefore: oldStops, stopsAfter: newStops, matchedOld: matching.newToOld,
                              moves: analysis?.moves ?? [], visualMoves: analysis?.visualMoves ?? [])
        diff.layoutDirection = new.facts.layoutDirection
        diff.containersBefore = old.outline.containers
        diff.containersAfter = new.outline.containers
        return diff
    }

    /// How much of two versions is the same screen: the share of the larger
    /// version's stops that matching pairs (or groups) with the same id or a
    /// like name, from 0 to 1. A
    /// snapshot removed and another added in one commit are one screen
    /// renamed when this is at least `renameThreshold`.
    ///
    /// - Complexity: as matching, O(n log n).
    package static func sameScreenShare(old: PreparedVersion, new: PreparedVersion) -> Double {
        let larger = max(old.stops.count, new.stops.count)
        guard larger > 0 else { return 0 }
        let m = Matcher.match(old: old, new: new)
        // A pair counts when it shares its id or reads alike: two unrelated screens still pair
        // stops by role and place, which says nothing about their being one screen.
        let (o, n) = (old.stops, new.stops)
        let paired = n.indices.filter { j in
            guard let i = m.newToOld[j] else { return false }
            return (o[i].id != nil && o[i].id == n[j].id && o[i].id != "") || LabelText.similar(o[i].name, n[j].name)
                || (o[i].name.isEmpty && n[j].name.isEmpty)
        }.count + m.groupedNew.count
        return Double(paired) / Double(larger)
    }

    /// The share of stops two files must have in common to be one screen renamed.
    package static let renameThreshold = 0.6

    /// The smells of one snapshot: what a diff against an empty screen flags.
    public static func lint(_ snapshot: Snapshot, path: String, policy: DiffPolicy = DiffPolicy(),
                            source: Snapshot? = nil) -> ScreenDiff {
        lint(PreparedVersion(snapshot), path: path, policy: policy, source: source)
    }

    /// `lint` of a prepared version, which holds no nodes: a caller that
    /// prepares a snapshot as it reads it lets go of its node tree before
    /// the rules run.
    package static func lint(_ version: PreparedVersion, path: String, policy: DiffPolicy, source: Snapshot? = nil) -> ScreenDiff {
        var result = diff(old: nil, new: version, path: path, policy: policy, source: source.map { LocaleSource(new: $0) })
        result.changes = result.changes.filter { smellKinds.contains($0.kind) }
        return result
    }

    /// A snapshot that could not be read: one error-level change that says why.
    /// `error`, when it is a `SnapshotError`, gives the place in the file.
    public static func unreadable(path: String, reason: String, error: Error? = nil, policy: DiffPolicy = DiffPolicy()) -> ScreenDiff {
        let screen = SnapshotReader.screenName(for: path)
        let change = SnapshotUnreadable.change(screen: screen, reason: reason, error: error)
        return ScreenDiff(screen: screen, path: path, changes: apply(policy, [change]))
    }

    /// Severity overrides from the policy; `off` drops the change.
    ///
    /// The changes are updated where they lie, in the array the caller hands
    /// over: a copy of each (a dozen strings and arrays retained and
    /// released) cost more than the lookups (callgrind).
    static func apply(_ policy: DiffPolicy, _ changes: consuming [Change]) -> [Change] {
        for k in changes.indices {
            changes[k].severity = policy.severity(of: changes[k].kind, default: changes[k].severity)
        }
        // Tested in place first: `removeAll` hands each change to its test as a copy.
        if changes.indices.contains(where: { changes[$0].severity == .off }) {
            changes.removeAll { $0.severity == .off }
        }
        return changes
    }

    /// Deterministic order: severity (error first), kind, then first element's position.
    ///
    /// The indices are sorted, the changes read where they lie, and each
    /// change moved once into place: sorting the changes themselves moved
    /// each (a few hundred bytes, a dozen references) at every merge, and
    /// copying them into a new array retained and released each reference
    /// (callgrind). The index breaks ties, so the order is total.
    static func sorted(_ changes: consuming [Change]) -> [Change] {
        let order = changes.indices.sorted { a, b in
            if changes[a].severity != changes[b].severity { return changes[a].severity > changes[b].severity }
            if changes[a].kind != changes[b].kind { return changes[a].kind < changes[b].kind }
            let (ia, ib) = (changes[a].elements.first?.index ?? -1, changes[b].elements.first?.index ?? -1)
            if ia != ib { return ia < ib }
            return a < b
        }
        // Place k takes the change at order[k]: each cycle of the permutation
        // followed by swaps, which move a change without copying it.
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var k = start
            placed[k] = true
            while order[k] != start {
                changes.swapAt(k, order[k])
                k = order[k]
                placed[k] = true
            }
        }
        return changes
    }
}
