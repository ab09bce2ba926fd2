import AXSnapshot

/// The order a sighted user reads a screen in, from frames (DESIGN §6.1):
/// within each container, siblings are sorted into rows — two items whose top
/// edges differ by at most `rowTolerance` points share a row, as VoiceOver
/// compares them — rows top to bottom, leading to trailing (right to left
/// under `rtl`). A container is placed by its own frame (else by the box
/// around its stops). A container whose children lack frames keeps file order.
///
/// - Complexity: O(n log n), where n is the number of stops (each level sorts
///   its children once; paths are short).
enum VisualOrder {
    static let rowTolerance = 7.0

    /// The visual rank of each stop (same indexing as `stops`), or nil when no
    /// stop has a frame.
    static func ranks(stops: [Stop], containerFrames: [[Int]: Frame], direction: LayoutDirection) -> [Int]? {
        guard stops.contains(where: { $0.frame != nil }) else { return nil }
        if isReadingOrder(stops) {
            return ranksInReadingOrder(stops: stops, containerFrames: containerFrames, direction: direction)
        }
        return ranksByPrefixes(stops: stops, containerFrames: containerFrames, direction: direction)
    }

    /// True when the paths increase strictly and none is a prefix of the next:
    /// what `Snapshot.stops` returns (depth-first, file order).
    static func isReadingOrder(_ stops: [Stop]) -> Bool {
        for k in stops.indices.dropFirst() {
            let a = stops[k - 1].path, b = stops[k].path
            guard !a.isEmpty, !b.isEmpty, a.lexicographicallyPrecedes(b), !b.starts(with: a) else { return false }
        }
        return stops.first.map { !$0.path.isEmpty } ?? true
    }

    /// `ranksByPrefixes` for stops in reading order, with the same result:
    /// the prefix tree is built in one pass (consecutive stops share their
    /// common prefix), as nodes with integer ids, instead of dictionaries
    /// keyed by a new array for every prefix of every stop — that was most
    /// of the visual reference's cost on a large screen (callgrind).
    static func ranksInReadingOrder(stops: [Stop], containerFrames: [[Int]: Frame], direction: LayoutDirection) -> [Int] {
        var kids: [[Int]] = [[]]        // node → child nodes, in file order
        var stopOf: [Int?] = [nil]      // node → stop index, for a stop's node
        var box: [Frame?] = [nil]       // node → own frame, else the union of its stops' frames
        var byPath: [[Int]: Int] = [:]  // inner node's path → node, for `containerFrames`
        var open = [0]                  // the nodes along the previous stop's path, root first
        var previous: [Int] = []
        for k in stops.indices {
            let path = stops[k].path
            var common = 0
            while common < previous.count, common < path.count, previous[common] == path[common] { common += 1 }
            open.removeLast(open.count - (common + 1))
            for depth in common..<path.count {
                let node = kids.count
                kids.append([])
                stopOf.append(depth == path.count - 1 ? k : nil)
                box.append(nil)
                kids[open[depth]].append(node)
                open.append(node)
                if depth < path.count - 1 { byPath[Array(path[0...depth])] = node }
            }
            // The same unions, in the same order, as `ranksByPrefixes`.
            if let f = stops[k].frame {
                for depth in 1..<max(path.count, 1) {
                    let node = open[depth]
                    box[node] = box[node].map { union($0, f) } ?? f
                }
            }
            previous = path
        }
        for (path, frame) in containerFrames {
            if let node = byPath[path] { box[node] = frame }
        }
        var ranks = Array(repeating: 0, count: stops.count)
        var next = 0
        var stack = [0]
        while let node = stack.popLast() {
            if let k = stopOf[node] {
                ranks[k] = next
                next += 1
                continue
            }
            let sorted = sortVisually(kids[node], frame: { stopOf[$0].flatMap { stops[$0].frame } ?? box[$0] }, direction: direction)
            stack.append(contentsOf: sorted.reversed())
        }
        return ranks
    }

    /// The general case: any order of stops.
    static func ranksByPrefixes(stops: [Stop], containerFrames: [[Int]: Frame], direction: LayoutDirection) -> [Int] {
        // Build the tree of path prefixes that lead to stops.
        var children: [[Int]: [Int]] = [:]     // prefix → distinct next components, in file order
        var stopAt: [[Int]: Int] = [:]         // full path → stop index
        var boxes: [[Int]: Frame] = [:]        // prefix → frame (own, else union of its stops)
        for (k, stop) in stops.enumerated() {
            stopAt[stop.path] = k
            for depth in 0..<stop.path.count {
                let prefix = Array(stop.path[0..<depth])
                let next = stop.path[depth]
                if children[prefix]?.last != next { children[prefix, default: []].append(next) }
                if let f = stop.frame, depth > 0 {
                    boxes[prefix] = boxes[prefix].map { union($0, f) } ?? f
                }
            }
        }
        for (path, frame) in containerFrames { boxes[path] = frame }

        var ranks = Array(repeating: 0, count: stops.count)
        var next = 0
        // Iterative depth-first walk over the prefix tree, children in visual order.
        var stack: [[Int]] = [[]]
        while let prefix = stack.popLast() {
            if let k = stopAt[prefix] {
                ranks[k] = next
                next += 1
                continue
            }
            let kids = (children[prefix] ?? []).map { prefix + [$0] }
            let sorted = sortVisually(kids, frame: { stopAt[$0].flatMap { stops[$0].frame } ?? boxes[$0] }, direction: direction)
            stack.append(contentsOf: sorted.reversed())
        }
        return ranks
    }

    /// Sorts sibling items into rows by their frames; keeps file order when any lacks one.
    static func sortVisually<Item>(_ items: [Item], frame: (Item) -> Frame?, direction: LayoutDirection) -> [Item] {
        guard items.count > 1 else { return items }
        let framed: [(path: Item, frame: Frame, offset: Int)] = items.enumerated().compactMap { offset, path in
            frame(path).map { (path, $0, offset) }
        }
        guard framed.count == items.count else { return items }
        let byTop = framed.sorted { $0.frame.y != $1.frame.y ? $0.frame.y < $1.frame.y : $0.offset < $1.offset }
        // Rows numbered in one pass, then one sort by (row, across, offset): the
        // same order as sorting each row on its own, without an array per row
        // (those allocations were most of the visual ranks' cost, callgrind).
        var rowed: [(row: Int, path: Item, frame: Frame, offset: Int)] = []
        rowed.reserveCapacity(byTop.count)
        var row = -1
        var rowTop = -Double.infinity
        for item in byTop {
            if row < 0 || item.frame.y - rowTop > rowTolerance {
                row += 1
                rowTop = item.frame.y
            }
            rowed.append((row, item.path, item.frame, item.offset))
        }
        rowed.sort { a, b in
            if a.row != b.row { return a.row < b.row }
            if direction == .rtl {
                return a.frame.maxX != b.frame.maxX ? a.frame.maxX > b.frame.maxX : a.offset < b.offset
            }
            return a.frame.x != b.frame.x ? a.frame.x < b.frame.x : a.offset < b.offset
        }
        return rowed.map(\.path)
    }

    static func union(_ a: Frame, _ b: Frame) -> Frame {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Frame(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}
