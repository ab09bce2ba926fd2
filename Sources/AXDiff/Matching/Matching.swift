/// Which stops of the old version correspond to which of the new (DESIGN §4).
struct Matching {
    /// For each new stop, the old stop it continues, or nil.
    var newToOld: [Int?]
    /// For each old stop, the new stop that continues it, or nil.
    var oldToNew: [Int?]
    /// A new stop that reads what several old stops read (`parts` are old indices).
    var merges: [StopGroup] = []
    /// An old stop whose text is now read by several new stops (`parts` are new indices).
    var splits: [StopGroup] = []

    init(oldCount: Int, newCount: Int) {
        newToOld = Array(repeating: nil, count: newCount)
        oldToNew = Array(repeating: nil, count: oldCount)
    }

    mutating func pair(old: Int, new: Int) {
        oldToNew[old] = new
        newToOld[new] = old
    }

    /// Old stops absorbed into a merge, and new stops produced by a split: they
    /// are neither removed nor added.
    var groupedOld: Set<Int> { Set(merges.flatMap(\.parts) + splits.map(\.single)) }
    var groupedNew: Set<Int> { Set(merges.map(\.single) + splits.flatMap(\.parts)) }
}

/// One stop on one side and the several it corresponds to on the other.
struct StopGroup: Equatable {
    var single: Int
    var parts: [Int]
}
