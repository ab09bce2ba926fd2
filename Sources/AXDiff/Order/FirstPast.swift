/// The first position, from a given one on, whose value is below (or above)
/// a bound: a tree of the minimum and maximum of each power-of-two range.
///
/// The container references ask it for the first stop beside a moved one
/// that the move put on the other side, among thousands that it did not.
struct FirstPast {
    private let count: Int
    /// Leaves at `size..<2 · size`; node `v` covers its children `2v`, `2v + 1`.
    private let size: Int
    /// In 32 bits: the values are stop indices (at most `maxSnapshotElements`,
    /// as in `StopTree.Place`), and the two trees, four entries a value, are
    /// among the largest arrays a diff of one long container holds.
    private let mins: [Int32]
    private let maxs: [Int32]

    /// - Complexity: O(n).
    init(_ values: [Int]) {
        count = values.count
        var size = 1
        while size < values.count { size *= 2 }
        self.size = size
        var mins = [Int32](repeating: .max, count: 2 * size)
        var maxs = [Int32](repeating: .min, count: 2 * size)
        for (k, value) in values.enumerated() {
            mins[size + k] = Int32(clamping: value)
            maxs[size + k] = Int32(clamping: value)
        }
        for v in stride(from: size - 1, through: 1, by: -1) {
            mins[v] = min(mins[2 * v], mins[2 * v + 1])
            maxs[v] = max(maxs[2 * v], maxs[2 * v + 1])
        }
        self.mins = mins
        self.maxs = maxs
    }

    /// The first position at or after `k` whose value is below `x`.
    ///
    /// - Complexity: O(log n).
    func first(from k: Int, below x: Int) -> Int? {
        first(from: k) { Int(mins[$0]) < x }
    }

    /// The first position at or after `k` whose value is above `x`.
    ///
    /// - Complexity: O(log n).
    func first(from k: Int, above x: Int) -> Int? {
        first(from: k) { Int(maxs[$0]) > x }
    }

    /// Climbs from leaf `k` over the ranges right of it until one holds a
    /// hit, then descends into that range: O(log n) nodes, no recursion.
    private func first(from k: Int, _ holds: (Int) -> Bool) -> Int? {
        guard k >= 0, k < count else { return nil }
        var v = size + k
        if !holds(v) {
            // Up while `v` is a right child (its right neighbour is not a
            // sibling), then over to the next range on the right.
            while true {
                while v & 1 == 1 {
                    v >>= 1
                    if v == 0 { return nil }
                }
                v += 1
                if holds(v) { break }
                if v == 1 { return nil }
            }
        }
        while v < size { v = holds(2 * v) ? 2 * v : 2 * v + 1 }
        return v - size < count ? v - size : nil
    }
}
