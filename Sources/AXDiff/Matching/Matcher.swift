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
/// - Complexity: O(n log n) expected, where n is the number of stops: passes
///   1–3 are hash-map lookups; pass 4 and 5 only compare within small buckets.
enum Matcher {
    static func match(old: [Stop], new: [Stop]) -> Matching {
        var m = Matching(oldCount: old.count, newCount: new.count)
        pass(&m, old: old, new: new) { $0.id.flatMap { $0.isEmpty ? nil : $0 } }
        pass(&m, old: old, new: new) { $0.label.isEmpty ? nil : "\($0.role.rawValue)\u{1F}\(LabelText.normalized($0.label))" }
        pass(&m, old: old, new: new) { $0.label.isEmpty ? nil : LabelText.normalized($0.label) }
        GroupMatcher.match(&m, old: old, new: new)
        NeighbourMatcher.match(&m, old: old, new: new)
        return m
    }

    /// Pairs unmatched stops with equal keys, k-th occurrence to k-th.
    ///
    /// - Complexity: O(n) expected.
    static func pass(_ m: inout Matching, old: [Stop], new: [Stop], key: (Stop) -> String?) {
        // Indices, not `enumerated()`: that copies every stop (all its fields)
        // before the `where` clause skips the matched ones.
        var queues: [String: [Int]] = [:]
        for i in old.indices where m.oldToNew[i] == nil {
            if let k = key(old[i]) { queues[k, default: []].append(i) }
        }
        var taken: [String: Int] = [:]
        for j in new.indices where m.newToOld[j] == nil {
            guard let k = key(new[j]), let queue = queues[k] else { continue }
            let next = taken[k, default: 0]
            guard next < queue.count else { continue }
            taken[k] = next + 1
            m.pair(old: queue[next], new: j)
        }
    }
}
