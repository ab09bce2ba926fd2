import AXSnapshot

/// Pass 4 of matching: merges and splits.
///
/// A new stop whose name (label, or label and value) is the join — by ", " or
/// " " — of the names of two or more consecutive unmatched old stops, in
/// order, is a merge; the reverse is a split. Unlabelled images between the
/// parts are skipped (a merge usually hides the decorative image). An old stop
/// whose id now sits inside a new stop (a control folded into a combined
/// element) joins that stop's merge as well.
///
/// - Complexity: O(n · k · p), where k is the number of distinct lengths of
///   the free parts' names and p the number of parts in a run: each candidate
///   start is a hash lookup of the one prefix of that length, and only when a
///   separator follows it.
enum GroupMatcher {
    /// `oldValued` and `newValued` list the stops with a value
    /// (`StopTree.valued`), `newFolding` those with inner ids (`StopTree.folding`).
    static func match(_ m: inout Matching, old: [Stop], new: [Stop], oldValued: [Int], newValued: [Int], newFolding: [Int]) {
        widenByValue(&m, old: old, new: new, oldValued: oldValued, newValued: newValued)
        // Only unmatched stops can be free, and no pairing changes below:
        // the candidates are listed once instead of every stop being tested
        // twice per side.
        let unmatchedOld = old.indices.filter { m.oldToNew[$0] == nil }
        let unmatchedNew = new.indices.filter { m.newToOld[$0] == nil }
        var (usedOld, usedNew) = (m.groupedOld, m.groupedNew)
        let merges = find(singles: new, among: unmatchedNew, singleFree: { m.newToOld[$0] == nil && !usedNew.contains($0) },
                          parts: old, among: unmatchedOld, partFree: { m.oldToNew[$0] == nil && !usedOld.contains($0) })
        m.merges += merges
        (usedOld, usedNew) = (m.groupedOld, m.groupedNew)
        let splits = find(singles: old, among: unmatchedOld, singleFree: { m.oldToNew[$0] == nil && !usedOld.contains($0) },
                          parts: new, among: unmatchedNew, partFree: { m.newToOld[$0] == nil && !usedNew.contains($0) })
        m.splits += splits
        absorbByID(&m, old: old, new: new, folding: newFolding, unmatchedOld: unmatchedOld, usedOld: m.groupedOld)
    }

    /// Finds, for each free single stop, a run of free part stops whose names
    /// words, in order, are its name's words. `among` lists, in order, the
    /// indices that may be free.
    static func find(singles: [Stop], among singleCandidates: [Int], singleFree: (Int) -> Bool,
                     parts: [Stop], among partCandidates: [Int], partFree: (Int) -> Bool) -> [StopGroup] {
        // No free single, nothing to cover: the parts' names are not indexed
        // (a new screen's every stop, or a commit that only moved stops).
        guard singleCandidates.contains(where: singleFree) else { return [] }
        var byName: [[Substring]: [Int]] = [:]
        // Indices, not `enumerated()`, which copies every stop before testing it.
        for i in partCandidates where partFree(i) {
            let stop = parts[i]
            let words = LabelText.words(stop.name)
            guard !words.isEmpty else { continue }
            byName[words, default: []].append(i)
            if stop.name != stop.label {
                let label = LabelText.words(stop.label)
                if !label.isEmpty { byName[label, default: []].append(i) }
            }
        }
        // No free part has a name, so no run can cover anything: a new screen
        // (every stop free, nothing on the other side) stops here instead of
        // trying every prefix of every name.
        guard !byName.isEmpty else { return [] }
        // Only a prefix as long as some part's name can start a run, so the
        // cuts tried per name are bounded by the distinct name lengths, not by
        // the name's words.
        let lengths = Set(byName.keys.map(\.count)).sorted()
        var used = Set<Int>()
        var groups: [StopGroup] = []
        for j in singleCandidates where singleFree(j) {
            let single = singles[j]
            for text in [single.name, single.label] where !text.isEmpty {
                let target = LabelText.words(text)
                if let run = cover(target, byName: byName, lengths: lengths, parts: parts, free: { partFree($0) && !used.contains($0) }) {
                    groups.append(StopGroup(single: j, parts: run))
                    used.formUnion(run)
                    break
                }
                if single.name == single.label { break }
            }
        }
        return groups
    }

    /// Tries as the first part every prefix of `target`'s words as long as
    /// some part's name (`lengths`, ascending).
    static func cover(_ target: [Substring], byName: [[Substring]: [Int]], lengths: [Int], parts: [Stop], free: (Int) -> Bool) -> [Int]? {
        for cut in lengths where cut > 0 && cut < target.count {
            for start in byName[Array(target[0..<cut])] ?? [] where free(start) {
                if let run = extend(from: start, consumed: cut, target: target, parts: parts, free: free), run.count >= 2 {
                    return run
                }
            }
        }
        return nil
    }

    /// Greedily follows consecutive free stops after `start` while their
    /// names' words continue `target`'s; succeeds when every word is consumed.
    /// Case, punctuation and separators do not count ("Order 1042, Delivered,
    /// $24.80." is "Order 1042" + "Delivered" + "$24.80").
    static func extend(from start: Int, consumed: Int, target: [Substring], parts: [Stop], free: (Int) -> Bool) -> [Int]? {
        var run = [start]
        var pos = consumed
        var next = start + 1
        while pos < target.count {
            // Unlabelled images between parts were decorative; they are not parts.
            while next < parts.count, free(next), parts[next].name.isEmpty, parts[next].role == .image { next += 1 }
            guard next < parts.count, free(next) else { return nil }
            let piece = LabelText.words(parts[next].name)
            guard !piece.isEmpty, pos + piece.count <= target.count, target[pos..<pos + piece.count].elementsEqual(piece) else { return nil }
            pos += piece.count
            run.append(next)
            next += 1
        }
        return run
    }

    /// A stop matched by its label alone (pass 2 or 3) whose label and value
    /// together read what following unmatched stops read on the other side
    /// (`Order 1042` with value `Delivered, $24.80`) is a merge or split, not
    /// a value change: the pair is undone and the group recorded.
    ///
    /// Only stops with a value can widen: the lists of them, in reading
    /// order, are walked instead of every stop of both versions.
    ///
    /// - Complexity: O(v · p) for the v stops with a value and the p parts of a run.
    static func widenByValue(_ m: inout Matching, old: [Stop], new: [Stop], oldValued: [Int], newValued: [Int]) {
        for j in newValued {
            guard let i = m.newToOld[j], nameChanged(old, i, new, j) else { continue }
            let target = LabelText.words(new[j].name), first = LabelText.words(old[i].name)
            guard target.starts(with: first) else { continue }
            if let run = extend(from: i, consumed: first.count, target: target, parts: old, free: { $0 == i || m.oldToNew[$0] == nil }), run.count >= 2 {
                m.oldToNew[i] = nil
                m.newToOld[j] = nil
                m.merges.append(StopGroup(single: j, parts: run))
                for k in run { m.oldToNew[k] = nil }
            }
        }
        for i in oldValued {
            guard let j = m.oldToNew[i], nameChanged(new, j, old, i) else { continue }
            let target = LabelText.words(old[i].name), first = LabelText.words(new[j].name)
            guard target.starts(with: first) else { continue }
            if let run = extend(from: j, consumed: first.count, target: target, parts: new, free: { $0 == j || m.newToOld[$0] == nil }), run.count >= 2 {
                m.oldToNew[i] = nil
                m.newToOld[j] = nil
                m.splits.append(StopGroup(single: i, parts: run))
            }
        }
    }

    /// Whether `b[j]` has a value and a name other than `a[i]`'s.
    private static func nameChanged(_ a: [Stop], _ i: Int, _ b: [Stop], _ j: Int) -> Bool {
        // Equal label and value give equal names: checked first, because `name`
        // builds a new string for every stop with a value.
        !b[j].value.isEmpty && (b[j].label != a[i].label || b[j].value != a[i].value) && b[j].name != a[i].name
    }

    /// An unmatched old stop whose id is now the id of a node inside a new
    /// stop was folded into that stop.
    ///
    /// Walks only the new stops that fold in ids (`folding`) and the old ones
    /// left unmatched (`unmatchedOld`), both in reading order, not every stop.
    ///
    /// - Complexity: O(f + u) expected, for f folded ids and u unmatched stops.
    static func absorbByID(_ m: inout Matching, old: [Stop], new: [Stop], folding: [Int], unmatchedOld: [Int], usedOld: Set<Int>) {
        var holder: [String: Int] = [:]
        for j in folding {
            for id in new[j].innerIDs where holder[id] == nil { holder[id] = j }
        }
        guard !holder.isEmpty else { return }
        var absorbed: [Int: [Int]] = [:]
        for i in unmatchedOld where m.oldToNew[i] == nil && !usedOld.contains(i) {
            if let id = old[i].id, let j = holder[id] { absorbed[j, default: []].append(i) }
        }
        for (j, parts) in absorbed.sorted(by: { $0.key < $1.key }) {
            if let k = m.merges.firstIndex(where: { $0.single == j }) {
                m.merges[k].parts = (m.merges[k].parts + parts).sorted()
            } else {
                m.merges.append(StopGroup(single: j, parts: parts))
            }
        }
        m.merges.sort { $0.single < $1.single }
    }

    /// How far from a removed stop its absorbing neighbour may sit (other
    /// removed stops, such as a hidden icon, between them).
    static let neighbourReach = 3

    /// An old stop left unmatched whose words now read inside the label of
    /// a near neighbour's continuation — words that neighbour did not read
    /// before — was folded into it ("Inbox" and "3 unread" now read "Inbox,
    /// 3 unread" once the icon between them is hidden): a merge, not a
    /// removal. The neighbour's pair is undone and the merge recorded.
    ///
    /// - Complexity: O(u · r · w) for u unmatched old stops, `neighbourReach`
    ///   r and the w words of the labels compared.
    static func absorbByNeighbour(_ m: inout Matching, old: [Stop], new: [Stop]) {
        let grouped = m.groupedOld
        // The merge each old part already belongs to.
        var mergeOf: [Int: Int] = [:]
        for (k, group) in m.merges.enumerated() { for part in group.parts { mergeOf[part] = k } }
        var absorbed: [Int: [Int]] = [:]
        var holderOf: [Int: Int] = [:]
        var joined: [Int: [Int]] = [:]
        // The new stop each old stop absorbed so far went into: a run of stats folded into
        // one label ("All-Time", "Recent", "Updated") reaches its holder through the others.
        var absorbedInto: [Int: Int] = [:]
        for r in old.indices where m.oldToNew[r] == nil && !grouped.contains(r) {
            let words = LabelText.words(old[r].name)
            guard !words.isEmpty else { continue }
            var candidates: [Int] = []
            for step in [-1, 1] {
                var i = r + step
                while old.indices.contains(i), abs(i - r) <= neighbourReach, m.oldToNew[i] == nil, mergeOf[i] == nil,
                      absorbedInto[i] == nil { i += step }
                if old.indices.contains(i), abs(i - r) <= neighbourReach { candidates.append(i) }
            }
            for i in candidates {
                if let k = mergeOf[i] {
                    // A neighbour folded into a combined stop that now also reads these words.
                    guard reads(new[m.merges[k].single].name, words) else { continue }
                    joined[k, default: []].append(r)
                    break
                }
                if let j = absorbedInto[i] {
                    guard reads(new[j].name, words) else { continue }
                    absorbed[j, default: []].append(r)
                    absorbedInto[r] = j
                    break
                }
                guard let j = m.oldToNew[i], holderOf[j] == nil || holderOf[j] == i else { continue }
                if reads(new[j].name, words) && !reads(old[i].name, words) {
                    absorbed[j, default: []].append(r)
                    holderOf[j] = i
                    absorbedInto[r] = j
                    break
                }
            }
        }
        guard !absorbed.isEmpty || !joined.isEmpty else { return }
        for (k, parts) in joined { m.merges[k].parts = (m.merges[k].parts + parts).sorted() }
        for (j, parts) in absorbed.sorted(by: { $0.key < $1.key }) {
            guard let i = holderOf[j] else { continue }
            m.oldToNew[i] = nil
            m.newToOld[j] = nil
            m.merges.append(StopGroup(single: j, parts: (parts + [i]).sorted()))
        }
        m.merges.sort { $0.single < $1.single }
    }

    /// Whether `text` reads `words` in order, each within `maxInserted` words of the one
    /// before: a label that took in "Recent: 1" may say "Recent Downloads: 1".
    ///
    /// - Complexity: O(t · p) for the t words of `text` and the p of `words`.
    static func reads(_ text: String, _ words: [Substring], maxInserted: Int = 2) -> Bool {
        let t = LabelText.words(text)
        guard let first = words.first, t.count >= words.count else { return false }
        for start in t.indices where t[start] == first {
            var at = start, matched = 1
            while matched < words.count {
                let limit = min(t.count, at + 2 + maxInserted)
                guard let next = (at + 1..<max(at + 1, limit)).first(where: { t[$0] == words[matched] }) else { break }
                at = next
                matched += 1
            }
            if matched == words.count { return true }
        }
        return false
    }
}
