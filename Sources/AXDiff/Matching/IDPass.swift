import AXSnapshot

/// Pass 1 of matching (equal non-empty ids, k-th occurrence to k-th) keyed
/// by a 64-bit fingerprint of each id's bytes instead of the id itself.
///
/// Keyed by `String`, every id of both versions is hashed (SipHash behind
/// canonical-equivalence checks) and a dictionary of all of them probed at
/// random, a cache miss per stop at 100,000 stops. Here each version's
/// fingerprints come sorted with it (`IDPrints`, made once per version when
/// it is prepared), and equal fingerprints are paired k-th to k-th by
/// walking the two sorted lists side by side.
///
/// The result is exactly `Matcher.pass` on the ids, or nothing:
/// - fingerprints are made only of ASCII ids, whose `==` is byte equality
///   (`IDPrints` is nil for a version with another id);
/// - every pair found is checked on the ids before any is made, so two
///   different ids with one fingerprint are caught.
/// In either case `pair` returns false and the caller runs `Matcher.pass`.
/// (If every pair found joins equal ids, pairing the k-th stop of each
/// fingerprint is pairing the k-th stop of each id.) Sorting keeps the cost
/// O(n log n) even for fingerprints crafted to collide.
enum IDPass {
    /// - Complexity: O(n) for the walk, where n is the number of stops.
    static func pair(_ m: inout Matching, old: PreparedVersion, new: PreparedVersion) -> Bool {
        // Both sides' prints first, so that a non-ASCII id gives up before
        // anything is paired.
        guard let oldPrints = old.idPrints, let newPrints = new.idPrints else { return false }
        let (o, n) = (oldPrints.entries, newPrints.entries)
        var found: [(old: Int, new: Int)] = []
        found.reserveCapacity(min(o.count, n.count))
        var x = 0, y = 0
        while x < o.count, y < n.count {
            // Only unmatched stops take part (all of them in pass 1, which
            // runs first): a matched one is as if it had no id.
            if m.oldToNew[o[x].stop] != nil {
                x += 1
            } else if m.newToOld[n[y].stop] != nil {
                y += 1
            } else if o[x].print < n[y].print {
                x += 1
            } else if n[y].print < o[x].print {
                y += 1
            } else {
                found.append((o[x].stop, n[y].stop))
                x += 1
                y += 1
            }
        }
        // Checked and paired in the new version's order: in the order of the prints, each
        // check read two stops and their ids at random places (at 100,000 stops, a cache
        // miss or two each); in stop order both sides mostly move forward together.
        let (oldStops, newStops) = (old.stops, new.stops)
        var oldOfNew = [Int](repeating: -1, count: newStops.count)
        for (i, j) in found { oldOfNew[j] = i }
        // Through buffer pointers: an array's subscript copies the whole `Stop` to read its id.
        let same = oldStops.withUnsafeBufferPointer { oldStops in
            newStops.withUnsafeBufferPointer { newStops in
                oldOfNew.enumerated().allSatisfy { j, i in i < 0 || oldStops[i].id == newStops[j].id }
            }
        }
        guard same else { return false }
        for (j, i) in oldOfNew.enumerated() where i >= 0 { m.pair(old: i, new: j) }
        return true
    }
}
