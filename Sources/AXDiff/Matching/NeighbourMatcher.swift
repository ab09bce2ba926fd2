import AXSnapshot

/// Pass 5 of matching, for stops whose label changed or was lost (a button
/// whose name vanished is still that button):
/// a. same role and the same frame;
/// b. same role and a similar label, between the same matched neighbours;
/// c. same role at the same place between the same matched neighbours,
///    k-th to k-th.
///
/// A "gap" is the stretch between two consecutive matched stops; an old and a
/// new stop are in the same gap when the matched stop before them
/// corresponds.
///
/// - Complexity: O(n + Σ g²) expected, where g is a gap's size, with g
///   capped at `maxBucket` for the all-pairs step (b); larger gaps use only
///   (a) and (c), which are linear.
enum NeighbourMatcher {
    static let maxBucket = 64

    static func match(_ m: inout Matching, old: [Stop], new: [Stop]) {
        let groupedOld = m.groupedOld, groupedNew = m.groupedNew
        func freeOld(_ i: Int) -> Bool { m.oldToNew[i] == nil && !groupedOld.contains(i) }
        func freeNew(_ j: Int) -> Bool { m.newToOld[j] == nil && !groupedNew.contains(j) }
        // Every step pairs a free old stop with a free new one: when either
        // side has none (a commit that only relabelled, moved or changed
        // values has none left by now), there is nothing to walk.
        guard old.indices.contains(where: freeOld), new.indices.contains(where: freeNew) else { return }

        // (a) same role and frame: each key's old stops in reading order, taken
        // through a cursor (a copy of the bucket and `removeFirst` per new stop
        // made a bucket of k stops cost k²).
        var byFrame: [FrameKey: (stops: [Int], next: Int)] = [:]
        // Indices, not `enumerated()`, which copies every stop before testing it.
        for i in old.indices where freeOld(i) {
            if let f = old[i].frame { byFrame[FrameKey(role: old[i].role, frame: f), default: ([], 0)].stops.append(i) }
        }
        if !byFrame.isEmpty {
            for j in new.indices where freeNew(j) {
                let s = new[j]
                guard let f = s.frame, let slot = byFrame.index(forKey: FrameKey(role: s.role, frame: f)) else { continue }
                var bucket = byFrame.values[slot]
                while bucket.next < bucket.stops.count, !freeOld(bucket.stops[bucket.next]) { bucket.next += 1 }
                guard bucket.next < bucket.stops.count else { continue }
                m.pair(old: bucket.stops[bucket.next], new: j)
                byFrame.values[slot].next = bucket.next + 1
            }
        }

        // Gaps: key = the new index of the nearest matched stop before (-1 at the start).
        var oldGaps: [Int: [Int]] = [:], newGaps: [Int: [Int]] = [:]
        var anchor = -1
        for i in old.indices {
            if let j = m.oldToNew[i] { anchor = j } else if freeOld(i) { oldGaps[anchor, default: []].append(i) }
        }
        anchor = -1
        for j in new.indices {
            if m.newToOld[j] != nil { anchor = j } else if freeNew(j) { newGaps[anchor, default: []].append(j) }
        }
        for key in newGaps.keys.sorted() {
            guard let olds = oldGaps[key], let news = newGaps[key] else { continue }
            // (b) similar labels, when the gap is small enough for all pairs.
            if olds.count <= maxBucket && news.count <= maxBucket {
                // The most alike of the similar ones, not the first: rows of a list share words
                // ("… see you tomorrow"), and the first similar row is often a neighbour's.
                // Each label's forms are made once, not once for each pair.
                let oldForms = olds.map { LabelForms(old[$0].label) }
                for j in news where freeNew(j) {
                    let newForms = LabelForms(new[j].label)
                    var best: (i: Int, score: Double)?
                    for (x, i) in olds.enumerated() where freeOld(i) && old[i].role == new[j].role
                        && LabelText.similar(oldForms[x], newForms) {
                        let score = LabelText.likeness(old[i].label, new[j].label)
                        if score > (best?.score ?? -1) { best = (i, score) }
                    }
                    if let best { m.pair(old: best.i, new: j) }
                }
            }
            // (c) same role, k-th to k-th within the gap.
            var byRole: [Role: [Int]] = [:]
            for i in olds where freeOld(i) { byRole[old[i].role, default: []].append(i) }
            var taken: [Role: Int] = [:]
            for j in news where freeNew(j) {
                let role = new[j].role
                guard let queue = byRole[role] else { continue }
                let k = taken[role, default: 0]
                guard k < queue.count else { continue }
                taken[role] = k + 1
                m.pair(old: queue[k], new: j)
            }
        }
    }

    struct FrameKey: Hashable {
        var role: Role
        var frame: Frame
    }
}
