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
        guard tree.nodeOfStop.contains(where: { tree.places[$0].frame != nil }) else { return nil }
        var ranks = Array(repeating: 0, count: tree.stops.count)
        var next = 0
        var stack = [0]
        var kids: [Int] = []
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
            if isInVisualOrder(kids, places: tree.places, direction: direction) {
                stack.append(contentsOf: kids.reversed())
            } else {
                stack.append(contentsOf: sortVisually(kids, frame: { tree.places[$0].frame }, direction: direction).reversed())
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
    static func isInVisualOrder(_ items: [Int], places: [StopTree.Place], direction: LayoutDirection) -> Bool {
        guard items.count > 1 else { return true }
        for item in items where places[item].frame == nil { return true }
        var rowTop = -Double.infinity, previous: Frame?
        for item in items {
            guard let f = places[item].frame else { return true }
            if let p = previous {
                guard f.y >= p.y else { return false }
                if f.y - rowTop > rowTolerance {
                    rowTop = f.y
                } else if direction == .rtl ? !(f.maxX <= p.maxX) : !(f.x >= p.x) {
                    return false
                }
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
        // Each top beside its offset, so that a comparison reads the two
        // entries it compares rather than the frames they point to.
        var byTop: [(top: Double, offset: Int)] = []
        byTop.reserveCapacity(frames.count)
        for (offset, f) in frames.enumerated() { byTop.append((f.y, offset)) }
        byTop.sort { $0.top != $1.top ? $0.top < $1.top : $0.offset < $1.offset }
        // Rows numbered in one pass, then one sort by (row, across, offset): the
        // same order as sorting each row on its own, without an array per row.
        var rowed: [(row: Int, across: Double, offset: Int)] = []
        rowed.reserveCapacity(byTop.count)
        var row = -1
        var rowTop = -Double.infinity
        for (_, offset) in byTop {
            let f = frames[offset]
            if row < 0 || f.y - rowTop > rowTolerance {
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
}
