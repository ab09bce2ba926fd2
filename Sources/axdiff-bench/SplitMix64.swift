/// A fixed-seed pseudo-random generator (SplitMix64, Steele et al. 2014): the
/// same seed gives the same repository, snapshot and mutation stream on every
/// machine, so two benchmark runs compare like with like.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    /// A uniform integer in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// One of `items`, chosen by `weights` (same count, positive sum).
    mutating func weighted<T>(_ items: [(T, Int)]) -> T? {
        let total = items.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return nil }
        var pick = below(total)
        for (item, weight) in items {
            if pick < weight { return item }
            pick -= weight
        }
        return items.last?.0
    }
}
