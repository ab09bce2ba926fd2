import AXSnapshot

/// The order a sighted user reads a screen in, from frames (DESIGN §6.1):
/// within each container, siblings are sorted into rows — two items whose top
/// edges differ by at most `rowTolerance` (7 points) share a row, as VoiceOver
/// compares them — rows top to bottom, leading to trailing (right to left
/// under `rtl`). A container is placed by its own frame (else by the box
/// around its stops). A container whose children lack frames keeps file order.
///
/// Each version's ranks are computed once, when it is prepared
/// (`PreparedVersion`), because walking history a version is the new side of
/// one diff and the old side of the next.
///
/// - Complexity: O(n log n), where n is the number of stops (each level sorts
///   its children once, and children already in visual order are only
///   checked: O(n) for a typical layout).
enum VisualOrder {
    /// The row rule: items whose top edges differ by at most this much share a row.
    static let rowTolerance = RowRule.tolerance

    /// The visual rank of each stop (same indexing as `tree.stops`), or nil
    /// when no stop has a frame: a depth-first walk of the tree, each node's
    /// children in visual order.
    ///
    /// The tree comes from the same walk that finds the stops, with integer
    /// node ids and each inner node's box already united. Siblings that are
    /// already in visual order (most, in a real layout) are recognised in one
    /// pass instead of sorted.
    ///
    /// - Complexity: O(m + Σ k log k), where m is the number of tree nodes
    ///   and k the number of children of each node that are not already in
    ///   visual order.
    static func ranks(tree: StopTree, direction: LayoutDirection) -> [Int]? {
        guard tree.stops.indices.contains(where: { tree.stops[$0].frame != nil }) else { return nil }
        var ranks = Array(repeating: 0, count: tree.stops.count)
        var next = 0
        // Both hold at most every node: sized once, not grown on a long list.
        var stack = [0]
        stack.reserveCapacity(tree.places.count)
        var kids: [Int] = []
        kids.reserveCapacity(tree.places.count)
        while let node = stack.popLast() {
            let k = tree.places[node].stop
            if k >= 0 {
                ranks[k] = next
                next += 1
                continue
            }
            kids.removeAll(keepingCapacity: true)
            var child = tree.places[node].firstChild
            while child >= 0 {
                kids.append(child)
                child = tree.places[child].nextSibling
            }
            if isInVisualOrder(kids, frame: { tree.frame(of: $0) }, direction: direction) {
                stack.append(contentsOf: kids.reversed())
            } else {
                stack.append(contentsOf: sortVisually(kids, frame: { tree.frame(of: $0) }, direction: direction).reversed())
            }
        }
        return ranks
    }

    /// True when `sortVisually` returns `items` as they are: some item has
    /// no frame, or the tops never decrease in file order (so sorting by top
    /// keeps file order) and, within each row as `sortVisually` forms it,
    /// the leading edges never go backwards. Then the sort key (row, leading
    /// edge, file position) increases along file order. Comparisons are
    /// written so that a NaN fails them, and the caller sorts.
    ///
    /// - Complexity: O(k) for k items.
    static func isInVisualOrder(_ items: [Int], frame: (Int) -> Frame?, direction: LayoutDirection) -> Bool {
        guard items.count > 1 else { return true }
        var rowTop = -Double.infinity, previous: Frame?
        let tolerance = rowTolerance  // read once: a global is checked for its first use at each read
        for (k, item) in items.enumerated() {
            guard let f = frame(item) else { return true }
            if let p = previous {
                let inOrder: Bool
                if !(f.y >= p.y) {
                    inOrder = false
                } else if f.y - rowTop > tolerance {
                    rowTop = f.y
                    inOrder = true
                } else {
                    inOrder = direction == .rtl ? f.maxX <= p.maxX : f.x >= p.x
                }
                // Out of order, unless a later item has no frame: the items
                // before this one were all framed, so only the rest are read.
                if !inOrder { return items[(k + 1)...].contains { frame($0) == nil } }
            } else {
                rowTop = f.y
            }
            previous = f
        }
        return true
    }

    /// Sorts sibling items into rows by their frames; keeps file order when any lacks one.
    ///
    /// The sorts move small keys (a top or a row, an edge, the file position),
    /// not the items with their frames: moving those made up most of the
    /// sorting (callgrind).
    static func sortVisually<Item>(_ items: [Item], frame: (Item) -> Frame?, direction: LayoutDirection) -> [Item] {
        guard items.count > 1 else { return items }
        var frames: [Frame] = []
        frames.reserveCapacity(items.count)
        for item in items {
            guard let f = frame(item) else { return items }
            frames.append(f)
        }
        let byTop = sortedByTop(frames)
        // Rows numbered in one pass, then one sort by (row, across, offset): the
        // same order as sorting each row on its own, without an array per row.
        var rowed: [(row: Int, across: Double, offset: Int)] = []
        rowed.reserveCapacity(byTop.count)
        var row = -1
        var rowTop = -Double.infinity
        let tolerance = rowTolerance  // read once, as in `isInVisualOrder`
        for (_, offset) in byTop {
            let f = frames[offset]
            if row < 0 || f.y - rowTop > tolerance {
                row += 1
                rowTop = f.y
            }
            rowed.append((row, direction == .rtl ? f.maxX : f.x, offset))
        }
        rowed.sort { a, b in
            if a.row != b.row { return a.row < b.row }
            if direction == .rtl {
                return a.across != b.across ? a.across > b.across : a.offset < b.offset
            }
            return a.across != b.across ? a.across < b.across : a.offset < b.offset
        }
        return rowed.map { items[$0.offset] }
    }

    /// Each top beside its offset, sorted by (top, offset): a comparison
    /// reads the two entries it compares rather than the frames.
    ///
    /// Siblings that are not in visual order are mostly in order by top, a
    /// few moved (callgrind: sorting them all was most of the visual order
    /// of a long list with moved rows). So the entries are split in one pass
    /// into a run in order and those set aside — an entry below the run's
    /// last is set aside with that last one, a pair out of order, so at most
    /// twice as many as must move — and only those are sorted, then merged
    /// into the run. (top, offset) orders the entries totally, so this is the
    /// order that sorting them all gives; a NaN top does not compare, and
    /// then they are all sorted as before.
    ///
    /// - Complexity: O(k + m log m) for k frames of which m are set aside
    ///   (O(k log k) when they are in no order at all).
    static func sortedByTop(_ frames: [Frame]) -> [(top: Double, offset: Int)] {
        var run: [(top: Double, offset: Int)] = []
        run.reserveCapacity(frames.count)
        var aside: [(top: Double, offset: Int)] = []
        for (offset, f) in frames.enumerated() {
            guard !f.y.isNaN else {
                var all = frames.enumerated().map { (top: $0.element.y, offset: $0.offset) }
                all.sort(by: isBefore)
                return all
            }
            if let last = run.last, f.y < last.top {
                aside.append(run.removeLast())
                aside.append((f.y, offset))
            } else {
                run.append((f.y, offset))
            }
        }
        guard !aside.isEmpty else { return run }
        aside.sort(by: isBefore)
        var merged: [(top: Double, offset: Int)] = []
        merged.reserveCapacity(frames.count)
        var r = 0, a = 0
        while r < run.count, a < aside.count {
            if isBefore(aside[a], run[r]) {
                merged.append(aside[a])
                a += 1
            } else {
                merged.append(run[r])
                r += 1
            }
        }
        merged.append(contentsOf: run[r...])
        merged.append(contentsOf: aside[a...])
        return merged
    }

    @inline(__always)
    private static func isBefore(_ a: (top: Double, offset: Int), _ b: (top: Double, offset: Int)) -> Bool {
        a.top != b.top ? a.top < b.top : a.offset < b.offset
    }
}
