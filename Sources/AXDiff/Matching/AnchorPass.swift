import AXSnapshot

/// The first step of matching (DESIGN §4): pair what is unique on both sides,
/// then grow each pair over the neighbours that read the same.
///
/// A stop that is one of several with the same id or the same (role, label)
/// is never paired here by its rank among them: that is what made one
/// inserted row shift every row after it by one. Its place among its
/// neighbours pairs it instead (`extend`, `GapAligner`).
enum AnchorPass {
    /// Pairs unmatched stops whose `key` is non-nil and occurs exactly once
    /// among the unmatched stops of each version. `key` is given the stops
    /// and an index, and reads the fields it needs in place: passed a `Stop`,
    /// it was given a copy of every field (callgrind).
    ///
    /// - Complexity: O(n) expected, where n is the number of stops.
    /// `accept`, when given, is asked before each pair is made (a key that is a
    /// hash checks what it stands for).
    static func pairUnique<Key: Hashable>(_ m: inout Matching, old: [Stop], new: [Stop], key: ([Stop], Int) -> Key?,
                                          accept: ((Int, Int) -> Bool)? = nil) {
        var olds: [Key: Int] = [:]
        olds.reserveCapacity(old.count)
        for i in old.indices where m.oldToNew[i] == nil {
            if let k = key(old, i) { olds[k] = olds[k] == nil ? i : -1 }
        }
        guard !olds.isEmpty else { return }
        var news: [Key: Int] = [:]
        news.reserveCapacity(olds.count)
        for j in new.indices where m.newToOld[j] == nil {
            if let k = key(new, j), olds[k] != nil { news[k] = news[k] == nil ? j : -1 }
        }
        // Each key pairs at most one stop with one: the order the keys are
        // visited in cannot change the result.
        for (k, j) in news where j >= 0 {
            if let i = olds[k], i >= 0, accept?(i, j) ?? true { m.pair(old: i, new: j) }
        }
    }

    /// `pairUnique` for keys that are 64-bit hashes (`MatchKeys.labelHash`),
    /// counted in a `UniqueKeys` table instead of a `Dictionary`: the same
    /// pairs, without hashing each hash again.
    ///
    /// - Complexity: O(n) expected, where n is the number of stops.
    static func pairUnique(_ m: inout Matching, old: [Stop], new: [Stop], key: ([Stop], Int) -> UInt64?,
                           accept: ((Int, Int) -> Bool)? = nil) {
        var olds = UniqueKeys(capacity: old.count)
        for i in old.indices where m.oldToNew[i] == nil {
            if let k = key(old, i) { olds.add(k, i) }
        }
        guard !olds.isEmpty else { return }
        var news = UniqueKeys(capacity: min(new.count, olds.count))
        for j in new.indices where m.newToOld[j] == nil {
            if let k = key(new, j), olds.index(of: k) != nil { news.add(k, j) }
        }
        // Each key pairs at most one stop with one: the order the keys are
        // visited in cannot change the result.
        news.forEach { k, j in
            guard j >= 0, let i = olds.index(of: k), i >= 0, accept?(i, j) ?? true else { return }
            m.pair(old: i, new: j)
        }
    }

    /// Pairs the stops whose non-empty id is unique in both versions, by the
    /// versions' sorted id fingerprints (`IDPrints`) when both have them: a
    /// walk of two sorted lists instead of hashing every id of both.
    ///
    /// - Complexity: O(n) for the walk, where n is the number of stops.
    static func pairUniqueIDs(_ m: inout Matching, old: PreparedVersion, new: PreparedVersion) {
        guard let o = old.idPrints?.entries, let n = new.idPrints?.entries else {
            pairUnique(&m, old: old.stops, new: new.stops) { stops, i in stops[i].id.flatMap { $0.isEmpty ? nil : $0 } }
            return
        }
        let (oldStops, newStops) = (old.stops, new.stops)
        var x = 0, y = 0
        while x < o.count, y < n.count {
            let (p, q) = (o[x].print, n[y].print)
            if p < q {
                x += 1
            } else if q < p {
                y += 1
            } else {
                var xe = x + 1, ye = y + 1
                while xe < o.count, o[xe].print == p { xe += 1 }
                while ye < n.count, n[ye].print == p { ye += 1 }
                // Two different ids with one fingerprint are not paired here;
                // the unique-id pass over what is left pairs them by the ids.
                if xe == x + 1, ye == y + 1, oldStops[o[x].stop].id == newStops[n[y].stop].id {
                    m.pair(old: o[x].stop, new: n[y].stop)
                }
                (x, y) = (xe, ye)
            }
        }
    }

    /// Grows every pair forwards and backwards over unmatched neighbours with
    /// equal tokens, as `git diff --patience` grows its unique lines: the
    /// "Delete" after a moved "Card 3" goes with "Card 3". Walked from the
    /// unmatched new stops, each looking at the paired stop just before it
    /// (forwards, in reading order, so runs grow) and then just after it
    /// (backwards).
    ///
    /// - Complexity: O(n) in the number of stops, and nothing but a scan where all are paired.
    static func extend(_ m: inout Matching, old: [Stop], new: [Stop], keys: MatchKeys) {
        let unmatched = new.indices.filter { m.newToOld[$0] == nil }
        guard !unmatched.isEmpty else { return }
        func same(_ i: Int, _ j: Int) -> Bool {
            m.oldToNew[i] == nil && old[i].role == new[j].role && old[i].id == new[j].id
                && keys.sameLabel(old[i].label, new[j].label)
        }
        for j in unmatched where j > 0 {
            guard m.newToOld[j] == nil, let i = m.newToOld[j - 1], i + 1 < old.count, same(i + 1, j) else { continue }
            m.pair(old: i + 1, new: j)
        }
        for j in unmatched.reversed() where j + 1 < new.count {
            guard m.newToOld[j] == nil, let i = m.newToOld[j + 1], i > 0, same(i - 1, j) else { continue }
            m.pair(old: i - 1, new: j)
        }
    }
}
