import AXSnapshot

/// Everything a rule needs to decide what changed on one screen. Built once
/// per screen by `ScreenDiffer`; rules only read it.
struct DiffContext {
    let screen: String
    let old: Snapshot
    let new: Snapshot
    let oldStops: [Stop]
    let newStops: [Stop]
    let matching: Matching
    /// Contract orders that apply to this screen.
    let contracts: [[String]]
    /// The old version is absent: every stop is new, and only smells are worth saying.
    let isNewScreen: Bool

    /// Matched (old, new) index pairs in new reading order.
    var matchedPairs: [(old: Int, new: Int)] {
        matching.newToOld.enumerated().compactMap { j, i in i.map { ($0, j) } }
    }

    /// New stops that continue no old stop and are not part of a merge or split.
    var addedStops: [Int] {
        let grouped = matching.groupedNew
        return newStops.indices.filter { matching.newToOld[$0] == nil && !grouped.contains($0) }
    }

    /// Old stops that no new stop continues and that are not part of a merge or split.
    var removedStops: [Int] {
        let grouped = matching.groupedOld
        return oldStops.indices.filter { matching.oldToNew[$0] == nil && !grouped.contains($0) }
    }
}

/// One rule: a kind of change (or a family that must be decided together)
/// and when it is reported.
protocol ChangeRule {
    static func changes(in context: DiffContext) -> [Change]
}
