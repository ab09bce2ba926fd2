import AXSnapshot

/// Which heading of the new version continues which of the old: the heading
/// of the same stop (by the stop matching), else the same level and name,
/// else the same name, in document order.
struct HeadingPairs {
    private(set) var newToOld: [Int?]
    private(set) var oldToNew: [Int?]

    /// - Complexity: O(h) expected (hashing) in the headings of both versions.
    init(old: [ScreenOutline.Heading], new: [ScreenOutline.Heading], matching: Matching) {
        newToOld = Array(repeating: nil, count: new.count)
        oldToNew = Array(repeating: nil, count: old.count)
        guard !old.isEmpty, !new.isEmpty else { return }
        var byStop: [Int: [Int]] = [:]
        for (i, h) in old.enumerated() { if let s = h.stop { byStop[s, default: []].append(i) } }
        for (j, h) in new.enumerated() {
            guard let s = h.stop, s < matching.newToOld.count, let o = matching.newToOld[s],
                  let candidates = byStop[o] else { continue }
            let free = candidates.filter { oldToNew[$0] == nil }
            guard let i = free.first(where: { old[$0].name == h.name }) ?? free.first else { continue }
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
