/// The longest strictly increasing subsequence, by patience sorting.
///
/// The stops outside it are the fewest that must move to turn the old reading
/// order into the new one: n − LIS moves.
///
/// - Complexity: O(n log n), where n is `sequence.count`.
enum LongestIncreasingSubsequence {
    /// Positions (indices into `sequence`) of one longest increasing subsequence.
    /// Ties are broken towards the earliest positions, so the result is deterministic.
    static func positions(_ sequence: [Int]) -> [Int] {
        guard !sequence.isEmpty else { return [] }
        // Already increasing (most commits move nothing, in the spoken or the
        // visual order): the whole sequence is the one longest run, found in
        // one pass without the three working arrays (callgrind: the two
        // subsequences per diff cost 27 M of a 600-commit backfill).
        if sequence.withUnsafeBufferPointer({ s in (1..<s.count).allSatisfy { s[$0 - 1] < s[$0] } }) {
            return Array(sequence.indices)
        }
        // Sized up front: grown by doubling, these arrays cost more in fresh
        // memory than in work on a screen of 100,000 stops.
        var tailValues: [Int] = []     // smallest tail value of an increasing run of each length
        var tailPositions: [Int] = []  // position of that tail
        tailValues.reserveCapacity(sequence.count)
        tailPositions.reserveCapacity(sequence.count)
        var previous = Array(repeating: -1, count: sequence.count)
        for (p, value) in sequence.enumerated() {
            // A value above every tail extends the longest run: what the
            // search below finds, in one comparison. Orders that changed
            // little are almost all such values.
            if let last = tailValues.last, last < value {
                previous[p] = tailPositions[tailPositions.count - 1]
                tailValues.append(value)
                tailPositions.append(p)
                continue
            }
            // Binary search: first tail ≥ value.
            var lo = 0, hi = tailValues.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tailValues[mid] < value { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[p] = tailPositions[lo - 1] }
            if lo == tailValues.count {
                tailValues.append(value)
                tailPositions.append(p)
            } else {
                tailValues[lo] = value
                tailPositions[lo] = p
            }
        }
        // Filled from the back: the run is as long as the tails.
        var result = Array(repeating: 0, count: tailPositions.count)
        var p = tailPositions[tailPositions.count - 1]
        for k in result.indices.reversed() {
            result[k] = p
            p = previous[p]
        }
        return result
    }
}
