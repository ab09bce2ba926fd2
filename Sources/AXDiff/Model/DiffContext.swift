import AXSnapshot

/// Everything a rule needs to decide what changed on one screen. Built once
/// per screen by `ScreenDiffer`; rules only read it.
struct DiffContext {
    let screen: String
    /// Each version's screen, platform, locale and layout direction.
    let old: SnapshotFacts
    let new: SnapshotFacts
    /// Both versions' stops with the nodes that hold them (containers, frames).
    let oldTree: StopTree
    let newTree: StopTree
    /// Each version's visual ranks (`PreparedVersion.visualRanks`).
    let oldRanks: [Int]?
    let newRanks: [Int]?
    /// `oldTree.stops` and `newTree.stops`, kept as their own arrays so rules
    /// index them without going through the tree.
    let oldStops: [Stop]
    let newStops: [Stop]
    let matching: Matching
    /// Contract orders that apply to this screen.
    let contracts: [[String]]
    /// The old version is absent: every stop is new, and only smells are worth saying.
    let isNewScreen: Bool
    /// `volatile` label patterns that apply to this screen.
    let volatile: [LabelPattern]
    /// The source-locale snapshot of this screen, when this one is a translation of it.
    let source: LocaleSource?
    /// Matched (old, new) index pairs in new reading order.
    let matchedPairs: [(old: Int, new: Int)]
    /// The matched pairs whose stops differ in a field a per-pair rule or
    /// `NameDuplicate` reads (label, value, role, states, level, id, image
    /// names, input labels), in new reading order. (Hints and actions are
    /// compared on the few stops that have one: `pairsWithHintsOrActions`.) On a typical commit
    /// almost every pair is unchanged; each rule used to compare its field
    /// over all pairs, with a strided read of two `Stop`s per pair.
    let changedPairs: [(old: Int, new: Int)]
    /// For each new stop, whether it is the new side of one of `changedPairs`.
    let isChanged: [Bool]
    /// New stops that continue no old stop and are not part of a merge or split.
    let addedStops: [Int]
    /// Old stops that no new stop continues and that are not part of a merge or split.
    let removedStops: [Int]
    /// Both versions' semantic containers and headings (`Snapshot.outline`).
    let oldOutline: ScreenOutline
    let newOutline: ScreenOutline
    /// Which old container each new one continues (`ContainerPairs`).
    let containers: ContainerPairs

    /// - Complexity: O(n) in the number of stops of both versions.
    init(screen: String, old: PreparedVersion, new: PreparedVersion,
         matching: Matching, contracts: [[String]], isNewScreen: Bool,
         volatile: [LabelPattern] = [], source: LocaleSource? = nil) {
        self.screen = screen
        self.old = old.facts
        self.new = new.facts
        oldRanks = old.visualRanks
        newRanks = new.visualRanks
        oldTree = old.tree
        newTree = new.tree
        oldStops = old.tree.stops
        newStops = new.tree.stops
        self.matching = matching
        self.contracts = contracts
        self.isNewScreen = isNewScreen
        self.volatile = volatile
        self.source = source
        (matchedPairs, changedPairs, isChanged) = Self.pairs(matching, old: oldStops, new: newStops)
        let groupedNew = matching.groupedNew, groupedOld = matching.groupedOld
        addedStops = newStops.indices.filter { matching.newToOld[$0] == nil && !groupedNew.contains($0) }
        removedStops = oldStops.indices.filter { matching.oldToNew[$0] == nil && !groupedOld.contains($0) }
        oldOutline = old.outline
        newOutline = new.outline
        containers = ContainerPairs(old: old.outline.containers, new: new.outline.containers, matching: matching)
    }

    /// The matched pairs, those of them that differ, and for each new stop whether it is the
    /// new side of one that differs.
    private static func pairs(_ matching: Matching, old: [Stop], new: [Stop])
        -> (matched: [(old: Int, new: Int)], changed: [(old: Int, new: Int)], isChanged: [Bool]) {
        var pairs: [(old: Int, new: Int)] = []
        pairs.reserveCapacity(new.count)
        var changed: [(old: Int, new: Int)] = []
        var isChanged = [Bool](repeating: false, count: new.count)
        for j in matching.newToOld.indices {
            guard let i = matching.newToOld[j] else { continue }
            pairs.append((i, j))
            if differ(old, i, new, j) {
                changed.append((i, j))
                isChanged[j] = true
            }
        }
        return (pairs, changed, isChanged)
    }

    /// Whether `old[i]` and `new[j]` differ in a field that `changedPairs`
    /// covers, compared where they lie (binding the two stops to locals would
    /// copy every field). Strings count as different unless their bytes are identical:
    /// stricter than the rules' own `==`, so no pair a rule would report is
    /// left out, and `NameDuplicate` may rely on untouched labels being the
    /// same bytes.
    static func differ(_ old: [Stop], _ i: Int, _ new: [Stop], _ j: Int) -> Bool {
        old[i].role != new[j].role || !LabelText.identical(old[i].label, new[j].label)
            || !LabelText.identical(old[i].value, new[j].value) || !LabelText.identical(old[i].id, new[j].id)
            || old[i].level != new[j].level || old[i].states != new[j].states
            || !LabelText.identical(old[i].imageNames, new[j].imageNames)
            || !LabelText.identical(old[i].inputLabels, new[j].inputLabels)
    }

    /// The matched pairs of which either side has a hint or custom actions,
    /// in new reading order.
    ///
    /// - Complexity: O(h log h) for the h stops of both versions that have one.
    func pairsWithHintsOrActions() -> [(old: Int, new: Int)] {
        var news = Set<Int>()
        for i in oldTree.hintsOrActions { if let j = matching.oldToNew[i] { news.insert(j) } }
        for j in newTree.hintsOrActions where matching.newToOld[j] != nil { news.insert(j) }
        return news.sorted().compactMap { j in matching.newToOld[j].map { ($0, j) } }
    }

    /// The index of the `volatile` pattern both labels match, if any: a
    /// change between two such texts is not worth saying.
    func volatilePattern(_ a: String, _ b: String) -> Int? {
        volatile.indices.first { volatile[$0].matches(a) && volatile[$0].matches(b) }
    }
}
