import AXSnapshot

/// Matches the stops of two versions of a screen in passes (DESIGN §4); each
/// pass works only on what the earlier ones left unmatched:
/// 1. equal non-empty `id`, k-th occurrence to k-th;
/// 2. equal (role, label), k-th to k-th;
/// 3. equal label, role changed;
/// 4. merges and splits (`GroupMatcher`);
/// 5. same role and a similar label, the same frame, or the same place
///    between matched neighbours (`NeighbourMatcher`).
///
/// - Complexity: O(n log n) expected, where n is the number of stops: pass 1
///   walks fingerprints sorted once per version (`IDPass`), passes 2–3 are
///   hash-map lookups; pass 4 and 5 only compare within small buckets.
enum Matcher {
    /// A label matching one of `volatile` is keyed by the pattern, so that
    /// "Updated 5 minutes ago" matches "Updated 1 hour ago".
    static func match(old oldVersion: PreparedVersion, new newVersion: PreparedVersion, volatile: [LabelPattern] = []) -> Matching {
        let (oldTree, newTree) = (oldVersion.tree, newVersion.tree)
        let (old, new) = (oldTree.stops, newTree.stops)
        var m = Matching(oldCount: old.count, newCount: new.count)
        if !IDPass.pair(&m, old: oldVersion, new: newVersion) {
            pass(&m, old: old, new: new) { $0.id.flatMap { $0.isEmpty ? nil : $0 } }
        }
        func label(_ stop: Stop) -> String {
            if !volatile.isEmpty, let k = volatile.firstIndex(where: { $0.matches(stop.label) }) { return "\u{1E}\(k)" }
            return LabelText.normalized(stop.label)
        }
        pass(&m, old: old, new: new) { $0.label.isEmpty ? nil : "\($0.role.rawValue)\u{1F}\(label($0))" }
        pass(&m, old: old, new: new) { $0.label.isEmpty ? nil : label($0) }
        GroupMatcher.match(&m, old: old, new: new, oldValued: oldTree.valued, newValued: newTree.valued, newFolding: newTree.folding)
        NeighbourMatcher.match(&m, old: old, new: new)
        return m
    }

    /// Pairs unmatched stops with equal keys, k-th occurrence to k-th.
    ///
    /// The old stops of each key form a chain in reading order (`next`), and
    /// the dictionary holds, per key, the next old stop a new stop of that
    /// key takes: one hash lookup per stop on each side. (It was a queue
    /// array per key and a second dictionary of positions: an allocation per
    /// distinct id and two lookups per new stop, most of pass 1's cost.)
    ///
    /// - Complexity: O(n) expected.
    static func pass<Key: Hashable>(_ m: inout Matching, old: [Stop], new: [Stop], key: (Stop) -> Key?) {
        // Only unmatched old stops take part: after the id pass there are
        // few, often none, so the table is sized by them (it was sized for
        // every old stop, an allocation and a clear of hundreds of buckets
        // per pass, to hold a handful of keys).
        let unmatched = old.indices.filter { m.oldToNew[$0] == nil }
        guard !unmatched.isEmpty else { return }
        var cursor: [Key: Int] = [:]
        cursor.reserveCapacity(unmatched.count)
        var next = [Int](repeating: -1, count: old.count)
        // Backwards, so that each key's chain runs forwards. Indices, not
        // `enumerated()`: that copies every stop (all its fields) before the
        // `where` clause skips the matched ones.
        for i in unmatched.reversed() {
            if let k = key(old[i]) { next[i] = cursor.updateValue(i, forKey: k) ?? -1 }
        }
        guard !cursor.isEmpty else { return }
        for j in new.indices where m.newToOld[j] == nil {
            guard let k = key(new[j]), let slot = cursor.index(forKey: k) else { continue }
            let i = cursor.values[slot]
            guard i >= 0 else { continue }
            cursor.values[slot] = next[i]
            m.pair(old: i, new: j)
        }
    }
}
