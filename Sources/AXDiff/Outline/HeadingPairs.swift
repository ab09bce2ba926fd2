import AXSnapshot

/// Which heading of the new version continues which of the old: the heading
/// of the same stop (by the stop matching), else the same level and name,
/// else the same name, in document order.
struct HeadingPairs {
    private(set) var newToOld: [Int?]
    private(set) var oldToNew: [Int?]

    /// - Complexity: O(h + n) expected (hashing) in the headings h of both
    ///   versions and the old stops n.
    init(old: [ScreenOutline.Heading], new: [ScreenOutline.Heading], matching: Matching) {
        newToOld = Array(repeating: nil, count: new.count)
        oldToNew = Array(repeating: nil, count: old.count)
        guard !old.isEmpty, !new.isEmpty else { return }
        // The old headings of each old stop, in order, as a chain: the first
        // by stop, then each one's next. A dictionary of arrays cost a hash
        // and an allocation per heading (callgrind, backfill).
        var firstOfStop = [Int](repeating: -1, count: matching.oldToNew.count)
        var nextOfStop = [Int](repeating: -1, count: old.count)
        for i in old.indices.reversed() {
            guard let s = old[i].stop, s < firstOfStop.count else { continue }
            nextOfStop[i] = firstOfStop[s]
            firstOfStop[s] = i
        }
        for (j, h) in new.enumerated() {
            guard let s = h.stop, s < matching.newToOld.count, let o = matching.newToOld[s],
                  o < firstOfStop.count, firstOfStop[o] >= 0 else { continue }
            let first = firstOfStop[o]
            // The first free one of the same name, else the first free one.
            var firstFree: Int?, sameName: Int?
            var i = first
            while i >= 0, sameName == nil {
                if oldToNew[i] == nil {
                    if firstFree == nil { firstFree = i }
                    if old[i].name == h.name { sameName = i }
                }
                i = nextOfStop[i]
            }
            guard let i = sameName ?? firstFree else { continue }
            pair(i, j)
        }
        pairInOrder(old, new) { "\($0.level ?? 0) \($0.name)" }
        pairInOrder(old, new) { $0.name }
    }

    private mutating func pair(_ i: Int, _ j: Int) {
        oldToNew[i] = j
        newToOld[j] = i
    }

    /// Pairs the headings left on both sides whose `key` is equal, in document order.
    private mutating func pairInOrder(_ old: [ScreenOutline.Heading], _ new: [ScreenOutline.Heading],
                                      key: (ScreenOutline.Heading) -> String) {
        var waiting: [String: [Int]] = [:]
        for i in old.indices.reversed() where oldToNew[i] == nil { waiting[key(old[i]), default: []].append(i) }
        guard !waiting.isEmpty else { return }
        for j in new.indices where newToOld[j] == nil {
            if let i = waiting[key(new[j])]?.popLast() { pair(i, j) }
        }
    }
}

extension ScreenOutline.Heading {
    /// How a message names it: `heading level 2 "Keywords"`.
    var described: String {
        (level.map { "heading level \($0)" } ?? "heading") + " \"\(name)\""
    }
}
