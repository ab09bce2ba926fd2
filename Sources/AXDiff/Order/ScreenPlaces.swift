/// Each version's visual ranks and their inverse (the stop at each rank),
/// for the words and windows of order changes: built once per diff, and the
/// inverses only when a change needs them.
struct ScreenPlaces {
    /// The visual rank of each stop; empty when the version has no frame.
    let newRanks: [Int]
    let oldRanks: [Int]
    /// The stop at each visual rank; empty unless asked for.
    let newByRank: [Int]
    let oldByRank: [Int]

    /// - Complexity: O(n) when `inverses`, else O(1).
    init(newRanks: [Int]?, oldRanks: [Int]?, inverses: Bool) {
        self.newRanks = newRanks ?? []
        self.oldRanks = oldRanks ?? []
        newByRank = inverses ? Self.inverse(self.newRanks) : []
        oldByRank = inverses ? Self.inverse(self.oldRanks) : []
    }

    static func inverse(_ ranks: [Int]) -> [Int] {
        var byRank = [Int](repeating: 0, count: ranks.count)
        for (i, r) in ranks.enumerated() { byRank[r] = i }
        return byRank
    }
}
