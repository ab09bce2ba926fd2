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
        let oldPlaces = c.oldTree.places, newPlaces = c.newTree.places
        let oldNode = c.oldTree.nodeOfStop, newNode = c.newTree.nodeOfStop
        let oldFrame = { (i: Int) in oldPlaces[oldNode[i]].frame }
        let newFrame = { (j: Int) in newPlaces[newNode[j]].frame }
        // A frame that did not move: present in both and the same to half a point.
        let stayed = pairs.map { p -> Bool in
            guard let a = oldFrame(p.old), let b = newFrame(p.new) else { return false }
            return abs(a.x - b.x) <= 0.5 && abs(a.y - b.y) <= 0.5
                && abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5
        }

        var spokenMoved = [Bool](repeating: true, count: pairs.count)
        for p in LongestIncreasingSubsequence.positions(pairs.map(\.old), preferring: stayed) { spokenMoved[p] = false }
        spoken = pairs.indices.filter { spokenMoved[$0] }.map { Move(from: pairs[$0].old, to: pairs[$0].new) }
        self.spokenMoved = spokenMoved

        newRanks = c.newRanks
        oldRanks = c.oldRanks
        var framed = [Bool](repeating: false, count: pairs.count)
        var visualMoved = [Bool](repeating: false, count: pairs.count)
        if let rNew = newRanks, let rOld = oldRanks {
            for p in pairs.indices where oldFrame(pairs[p].old) != nil && newFrame(pairs[p].new) != nil {
                framed[p] = true
            }
            // The candidates in new visual order: ranks are a permutation of
            // the new stops, so placing each at its rank sorts them in O(n).
            var atRank = [Int](repeating: -1, count: rNew.count)
            for p in pairs.indices where framed[p] && !spokenMoved[p] { atRank[rNew[pairs[p].new]] = p }
            let byVisual = atRank.filter { $0 >= 0 }
            var kept = [Bool](repeating: false, count: byVisual.count)
            let chosen = LongestIncreasingSubsequence.positions(byVisual.map { rOld[pairs[$0].old] },
                                                                preferring: byVisual.map { stayed[$0] })
            for k in chosen { kept[k] = true }
            for k in byVisual.indices where !kept[k] { visualMoved[byVisual[k]] = true }
        }
        self.framed = framed
        self.visualMoved = visualMoved
        visual = pairs.indices.filter { visualMoved[$0] }.map { Move(from: pairs[$0].old, to: pairs[$0].new) }
    }

    /// Whether pair `p` kept its place in both orders.
    func isKept(_ p: Int) -> Bool { !spokenMoved[p] && !visualMoved[p] }
}
