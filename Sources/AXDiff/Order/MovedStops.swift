import AXSnapshot

/// Which matched stops moved (DESIGN §6, "One change per moved stop"), and
/// the stops that kept their place, against which each move is judged.
///
/// - A *spoken move* is a matched stop outside one longest increasing
///   subsequence of old positions in new reading order — the one holding
///   the most stops whose frame did not move, then the earliest.
/// - A *visual move* kept its spoken place, but its frame puts it elsewhere
///   on screen: it is outside the longest increasing subsequence of old
///   visual ranks, taken in new visual order, among the stops framed in both
///   versions that did not move in the spoken order.
///
/// Every other matched stop is *kept*: kept stops keep their relative
/// spoken order, and those framed in both versions their relative visual
/// order, so a reference between two kept stops cannot change — only a
/// moved stop can break or repair one.
struct MovedStops {
    /// The fewest spoken moves, in new reading order.
    let spoken: [Move]
    /// Visual moves, in new reading order.
    let visual: [Move]
    /// For each pair of `DiffContext.matchedPairs`: moved in the spoken order.
    let spokenMoved: [Bool]
    /// For each pair: framed in both versions (and both versions have ranks).
    let framed: [Bool]
    /// For each pair: a visual move.
    let visualMoved: [Bool]
    /// The visual rank of each stop of each version; nil when the version
    /// has no frame.
    let newRanks: [Int]?
    let oldRanks: [Int]?

    /// - Complexity: O(n log n), where n is the number of matched pairs.
    init(_ c: DiffContext) {
        let pairs = c.matchedPairs
        let (oldStops, newStops) = (c.oldStops, c.newStops)
        // One pass over the pairs for what both orders are judged on: each
        // pair's old place, whether both versions frame it, and whether its
        // frame stayed (the same to half a point). A pass per fact cost more
        // than the two subsequences (callgrind, backfill).
        var olds: [Int] = []
        olds.reserveCapacity(pairs.count)
        var framedInBoth = [Bool](repeating: false, count: pairs.count)
        var stayed = [Bool](repeating: false, count: pairs.count)
        for p in pairs.indices {
            let (i, j) = pairs[p]
            olds.append(i)
            guard let a = oldStops[i].frame, let b = newStops[j].frame else { continue }
            framedInBoth[p] = true
            stayed[p] = abs(a.x - b.x) <= 0.5 && abs(a.y - b.y) <= 0.5
                && abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5
        }

        var spokenMoved = [Bool](repeating: true, count: pairs.count)
        for p in LongestIncreasingSubsequence.positions(olds, preferring: stayed) { spokenMoved[p] = false }
        var spoken: [Move] = []
        for p in pairs.indices where spokenMoved[p] { spoken.append(Move(from: pairs[p].old, to: pairs[p].new)) }
        self.spoken = spoken
        self.spokenMoved = spokenMoved

        newRanks = c.newRanks
        oldRanks = c.oldRanks
        var visualMoved = [Bool](repeating: false, count: pairs.count)
        var visual: [Move] = []
        if let rNew = newRanks, let rOld = oldRanks {
            // The candidates in new visual order: ranks are a permutation of
            // the new stops, so placing each at its rank sorts them in O(n).
            var atRank = [Int](repeating: -1, count: rNew.count)
            for p in pairs.indices where framedInBoth[p] && !spokenMoved[p] { atRank[rNew[pairs[p].new]] = p }
            var byVisual: [Int] = [], ranks: [Int] = [], preferred: [Bool] = []
            for p in atRank where p >= 0 {
                byVisual.append(p)
                ranks.append(rOld[pairs[p].old])
                preferred.append(stayed[p])
            }
            var kept = [Bool](repeating: false, count: byVisual.count)
            for k in LongestIncreasingSubsequence.positions(ranks, preferring: preferred) { kept[k] = true }
            for k in byVisual.indices where !kept[k] { visualMoved[byVisual[k]] = true }
            for p in pairs.indices where visualMoved[p] { visual.append(Move(from: pairs[p].old, to: pairs[p].new)) }
            framed = framedInBoth
        } else {
            framed = [Bool](repeating: false, count: pairs.count)
        }
        self.visualMoved = visualMoved
        self.visual = visual
    }

    /// Whether pair `p` kept its place in both orders.
    func isKept(_ p: Int) -> Bool { !spokenMoved[p] && !visualMoved[p] }
}
