/// A binary search over ascending integers (stop indices, positions in a
/// container): where the container references' lists of partners are cut
/// at a moved stop's place.
enum SortedPositions {
    /// The first index of `sorted` (ascending) whose value is above `x`;
    /// `sorted.count` when there is none.
    ///
    /// - Complexity: O(log n).
    static func firstAbove(_ x: Int, in sorted: [Int]) -> Int {
        var (lo, hi) = (0, sorted.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
