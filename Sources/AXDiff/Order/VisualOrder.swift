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
    static func sortVisually(_ items: [[Int]], frame: ([Int]) -> Frame?, direction: LayoutDirection) -> [[Int]] {
        let framed: [(path: [Int], frame: Frame, offset: Int)] = items.enumerated().compactMap { offset, path in
            frame(path).map { (path, $0, offset) }
        }
        guard framed.count == items.count else { return items }
        let byTop = framed.sorted { $0.frame.y != $1.frame.y ? $0.frame.y < $1.frame.y : $0.offset < $1.offset }
        var rows: [[(path: [Int], frame: Frame, offset: Int)]] = []
        var rowTop = -Double.infinity
        for item in byTop {
            if rows.isEmpty || item.frame.y - rowTop > rowTolerance {
                rows.append([item])
                rowTop = item.frame.y
            } else {
                rows[rows.count - 1].append(item)
            }
        }
        return rows.flatMap { row in
            row.sorted { a, b in
                if direction == .rtl {
                    return a.frame.maxX != b.frame.maxX ? a.frame.maxX > b.frame.maxX : a.offset < b.offset
                }
                return a.frame.x != b.frame.x ? a.frame.x < b.frame.x : a.offset < b.offset
            }.map(\.path)
        }
    }

    static func union(_ a: Frame, _ b: Frame) -> Frame {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Frame(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}
