import AXSnapshot

/// Matches the stops of two versions of a screen the way a reviewer pairs
/// them (DESIGN §4); each step works only on what the earlier ones left:
/// 0. anchors — a non-empty id unique in both versions, else a (role, strong
///    label) unique in both (`AnchorPass`), grown over equal neighbours; then
///    the stops between anchors aligned as sequences (`GapAligner`);
/// 1–3. among what is left, an id, a (role, label) or a label that is unique
///    on both sides (a stop that moved away from its neighbours);
/// 4. merges and splits (`GroupMatcher`; a stop folded into a paired
///    neighbour's label is found last, once the neighbours are paired);
/// 5. renamed and moved, where unambiguous (`SimilarPass`); then the same
///    frame, a similar label or the same place between matched neighbours
///    (`NeighbourMatcher`).
/// Nothing is paired by its rank among stops that share a name: a new stop
/// that repeats an existing name is new.
///
/// - Complexity: O(n log n) expected, where n is the number of stops: the
///   unique steps are hash lookups (ids by sorted fingerprints), the
///   alignment is bounded per gap (`GapAligner.maxEdits`), and the later
///   steps compare only within small buckets.
enum Matcher {
    /// A label matching one of `volatile` is compared by the pattern, so that
    /// "Updated 5 minutes ago" aligns with "Updated 1 hour ago" — by place,
    /// never as the only evidence.
    static func match(old oldVersion: PreparedVersion, new newVersion: PreparedVersion, volatile: [LabelPattern] = []) -> Matching {
        let (oldTree, newTree) = (oldVersion.tree, newVersion.tree)
        let (old, new) = (oldTree.stops, newTree.stops)
        var m = Matching(oldCount: old.count, newCount: new.count)
        guard !old.isEmpty, !new.isEmpty else { return m }
        let keys = MatchKeys(volatile: volatile)
        AnchorPass.pairUniqueIDs(&m, old: oldVersion, new: newVersion)
        if hasUnmatched(m) {
            AnchorPass.pairUnique(&m, old: old, new: new, key: { keys.labelHash($0[$1].label) }) {
                // The hash proposes; the (role, label) decides. The same role and the same
                // bytes are the same (role, label) without normalizing either label.
                old[$0].role == new[$1].role && LabelText.identical(old[$0].label, new[$1].label)
                    || keys.roleLabel(role: old[$0].role, label: old[$0].label) == keys.roleLabel(role: new[$1].role, label: new[$1].label)
            }
            AnchorPass.extend(&m, old: old, new: new, keys: keys)
            GapAligner.align(&m, old: old, new: new, keys: keys)
        }
        if hasUnmatched(m) {
            AnchorPass.pairUnique(&m, old: old, new: new) { stops, i in stops[i].id.flatMap { $0.isEmpty ? nil : $0 } }
            AnchorPass.pairUnique(&m, old: old, new: new) { keys.roleLabel(role: $0[$1].role, label: $0[$1].label) }
            AnchorPass.pairUnique(&m, old: old, new: new) { keys.roleLabel(role: $0[$1].role, label: $0[$1].label)?.label }
            // A volatile or pattern label with words of its own ("Updated * ago"), the
            // only one of its role left on each side: a moved stop, by its literal parts.
            func weak(_ stops: [Stop], _ i: Int) -> MatchKeys.Token? {
                let label = stops[i].label
                guard keys.isWeak(label), !label.isEmpty, !LabelText.words(label).isEmpty else { return nil }
                return keys.token(stops[i])
            }
            AnchorPass.pairUnique(&m, old: old, new: new, key: weak)
            // The same, its role changed ("… months ago" now a list item).
            AnchorPass.pairUnique(&m, old: old, new: new) { weak($0, $1).map { [$0.id, $0.label] } }
        }
        GroupMatcher.match(&m, old: old, new: new, oldValued: oldTree.valued, newValued: newTree.valued, newFolding: newTree.folding)
        if hasUnmatched(m) {
            SimilarPass.match(&m, old: old, new: new, keys: keys)
            NeighbourMatcher.match(&m, old: old, new: new)
        }
        // Last, once every neighbour that can be paired is: a removed stop whose words a
        // paired neighbour now reads was folded into it.
        if m.oldToNew.contains(nil) { GroupMatcher.absorbByNeighbour(&m, old: old, new: new) }
        return m
    }

    /// Whether both versions still have an unmatched stop.
    private static func hasUnmatched(_ m: Matching) -> Bool {
        m.oldToNew.contains(nil) && m.newToOld.contains(nil)
    }
}
