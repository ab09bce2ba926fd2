import AXSnapshot

/// Which semantic container of the new version continues which of the old
/// (DESIGN §2): the one holding most of the same stops (by the stop
/// matching), preferring the same role and name, else the one of the same
/// role and name in document order.
struct ContainerPairs {
    /// For each new container, the old container it continues, or nil.
    private(set) var newToOld: [Int?]
    /// For each old container, the new container that continues it, or nil.
    private(set) var oldToNew: [Int?]

    /// - Complexity: O(s log s + c · log s) where s is the number of stops inside
    ///   containers (counted once per enclosing container) and c the number of
    ///   containers (each tries at most `maxAncestors` candidates).
    init(old: [ScreenOutline.Container], new: [ScreenOutline.Container], matching: Matching) {
        newToOld = Array(repeating: nil, count: new.count)
        oldToNew = Array(repeating: nil, count: old.count)
        guard !old.isEmpty, !new.isEmpty else { return }
        let oldStopCount = matching.oldToNew.count
        // The innermost old container of each old stop: containers come in
        // preorder, so an inner one overwrites its parent.
        var innermost = [Int](repeating: -1, count: oldStopCount)
        for (c, container) in old.enumerated() {
            for k in container.stops where k < oldStopCount { innermost[k] = c }
        }
        // matchedBefore[k]: how many of old stops 0..<k are matched.
        var matchedBefore = [Int](repeating: 0, count: oldStopCount + 1)
        for k in 0..<oldStopCount { matchedBefore[k + 1] = matchedBefore[k] + (matching.oldToNew[k] == nil ? 0 : 1) }
        func matchedCount(_ c: Int) -> Int {
            let r = old[c].stops.clamped(to: 0..<oldStopCount)
            return matchedBefore[r.upperBound] - matchedBefore[r.lowerBound]
        }

        // Each new container's old stops, sorted; empty when none is matched.
        let mapped: [[Int]] = new.map { container in
            var m: [Int] = []
            for k in container.stops where k < matching.newToOld.count {
                if let o = matching.newToOld[k] { m.append(o) }
            }
            return m.sorted()
        }
        // Three passes, so that a container of the same role and name is
        // never taken by one around it (a menu newly inside a dialog is the
        // same menu): same role and name, then same role, then any.
        for pass in 0..<3 {
            for j in new.indices where newToOld[j] == nil && !mapped[j].isEmpty {
                let m = mapped[j]
                // Candidates: the containers around the middle of the stops it reads.
                // At most `maxAncestors` of them: a hostile file nesting
                // thousands of lists would otherwise make this quadratic; the
                // pairing by role and name below still pairs the rest.
                var c = innermost[m[m.count / 2]]
                var steps = 0
                while c >= 0, steps < Self.maxAncestors {
                    steps += 1
                    let rank = old[c].role == new[j].role ? (old[c].name == new[j].name ? 0 : 1) : 2
                    if oldToNew[c] == nil, rank <= pass,
                       2 * Self.count(in: m, old[c].stops) > max(m.count, matchedCount(c)) {
                        newToOld[j] = c
                        oldToNew[c] = j
                        break
                    }
                    c = old[c].parent
                }
            }
        }

        // Containers holding no stop that both versions read: by role and name, in document order.
        var waiting: [Key: [Int]] = [:]
        for c in old.indices.reversed() where oldToNew[c] == nil { waiting[Key(old[c]), default: []].append(c) }
        for j in new.indices where newToOld[j] == nil {
            guard let c = waiting[Key(new[j])]?.popLast() else { continue }
            newToOld[j] = c
            oldToNew[c] = j
        }
    }

    /// How many enclosing containers of a stop are tried as a container's old self.
    static let maxAncestors = 64

    private struct Key: Hashable {
        var role: Role
        var name: String
        init(_ c: ScreenOutline.Container) { role = c.role; name = c.name }
    }

    /// How many of the sorted `values` lie in `range`.
    ///
    /// - Complexity: O(log n).
    static func count(in values: [Int], _ range: Range<Int>) -> Int {
        lowerBound(values, range.upperBound) - lowerBound(values, range.lowerBound)
    }

    private static func lowerBound(_ values: [Int], _ x: Int) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
