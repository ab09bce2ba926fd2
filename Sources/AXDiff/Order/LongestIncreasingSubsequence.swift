/// The longest strictly increasing subsequence of distinct non-negative
/// values, chosen as a person would among several of the same length.
///
/// The stops outside it are the fewest that must move to turn the old reading
/// order into the new one: n − LIS moves. Where several longest runs exist,
/// the one holding the most `preferred` positions is kept (stops whose frame
/// did not move), then the one whose positions come earliest, so a swap of
/// two neighbours blames the one now read later.
///
/// - Complexity: O(n log v), where n is `sequence.count` and v its largest
///   value (a Fenwick tree of the best run ending below each value).
enum LongestIncreasingSubsequence {
    /// Positions (indices into `sequence`) of one longest increasing
    /// subsequence. `sequence` holds distinct values ≥ 0; `preferred`, when
    /// not empty, has one flag per position.
    static func positions(_ sequence: [Int], preferring preferred: [Bool] = []) -> [Int] {
        guard !sequence.isEmpty else { return [] }
        // Already increasing (most commits move nothing, in the spoken or the
        // visual order): the whole sequence is the one longest run.
        if zip(sequence, sequence.dropFirst()).allSatisfy({ $0 < $1 }) {
            return Array(sequence.indices)
        }
        var bound = 0
        for v in sequence where v >= bound { bound = v + 1 }
        var tree = BestRunTree(size: bound)
        var previous = [Int](repeating: -1, count: sequence.count)
        var best = Run.none
        for (p, value) in sequence.enumerated() where value >= 0 {
            let before = tree.best(below: value)
            previous[p] = before.end
            let weight = preferred.isEmpty || !preferred[p] ? 0 : 1
            let run = Run(length: before.length + 1, weight: before.weight + weight, end: p)
            tree.offer(run, at: value)
            if run.beats(best) { best = run }
        }
        var result = [Int](repeating: 0, count: best.length)
        var p = best.end
        for k in result.indices.reversed() {
            result[k] = p
            p = previous[p]
        }
        return result
    }

    /// The best increasing run found ending at position `end`.
    struct Run {
        var length: Int
        var weight: Int
        var end: Int

        static let none = Run(length: 0, weight: 0, end: -1)

        /// Longer, then heavier, then ending earlier.
        func beats(_ other: Run) -> Bool {
            if length != other.length { return length > other.length }
            if weight != other.weight { return weight > other.weight }
            if other.end < 0 { return end >= 0 }
            return end >= 0 && end < other.end
        }
    }

    /// Prefix maxima of runs by the value they end on.
    struct BestRunTree {
        var nodes: [Run]

        init(size: Int) { nodes = [Run](repeating: .none, count: size + 1) }

        /// The best run ending on a value below `value`.
        func best(below value: Int) -> Run {
            var result = Run.none
            var i = value
            while i > 0 {
                if nodes[i].beats(result) { result = nodes[i] }
                i &= i - 1
            }
            return result
        }

        mutating func offer(_ run: Run, at value: Int) {
            var i = value + 1
            while i < nodes.count {
                if run.beats(nodes[i]) { nodes[i] = run }
                i += i & -i
            }
        }
    }
}
