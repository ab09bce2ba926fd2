import AXSnapshot

/// The judgement behind the three reading-order rules (DESIGN §6), one
/// change per moved stop: which stops moved (`MovedStops`), and for each,
/// which references it now breaks that the old order kept and which old
/// violations it repairs. A stop that kept its place is never blamed: a
/// reference between two kept stops cannot change. The kind of each moved
/// stop's change, and its words, are the order rules' (`OrderRegressed`,
/// `OrderChanged`, `OrderImproved` in `Rules/`).
enum OrderAnalysis {
    struct Result {
        /// Spoken moves (n − LIS), for the review site and the property tests.
        var moves: [Move]
        var visualMoves: [Move]
        var changes: [Change]
    }

    /// - Complexity: O(n log n) for the moves and the visual references,
    ///   O(n) to find the clean containers, for the container references
    ///   `ContainerPartners.note`'s, O(n) per contract — whatever the
    ///   distance of the moves.
    static func analyse(_ c: DiffContext) -> Result {
        let moved = MovedStops(c)
        guard !moved.spoken.isEmpty || !moved.visual.isEmpty else { return Result(moves: [], visualMoves: [], changes: []) }
        let pairs = c.matchedPairs
        var stops: [MovedStop] = []
        for p in pairs.indices where !moved.isKept(p) {
            stops.append(MovedStop(old: pairs[p].old, new: pairs[p].new, isVisual: !moved.spokenMoved[p]))
        }
        measureJumps(c, moved, &stops)
        noteVisual(c, moved, &stops)
        noteContainerReferences(c, &stops)

        let places = ScreenPlaces(newRanks: moved.newRanks, oldRanks: moved.oldRanks,
                                  inverses: stops.contains { $0.isVisual || $0.breaks.contains { $0.reference == .visual } })
        let rules = KindRules.orderRules
        let changes = stops.compactMap { stop in
            rules.first { $0.applies(to: stop) }?.change(for: stop, in: c, places)
        }
        return Result(moves: moved.spoken, visualMoves: moved.visual, changes: changes)
    }

    /// How many stops that kept their spoken place each spoken move crossed.
    ///
    /// - Complexity: O(n).
    static func measureJumps(_ c: DiffContext, _ moved: MovedStops, _ stops: inout [MovedStop]) {
        var keptBeforeNew = [Int](repeating: 0, count: c.newStops.count + 1)
        var keptBeforeOld = [Int](repeating: 0, count: c.oldStops.count + 1)
        for (p, pair) in c.matchedPairs.enumerated() where !moved.spokenMoved[p] {
            keptBeforeNew[pair.new + 1] = 1
            keptBeforeOld[pair.old + 1] = 1
        }
        runningSums(&keptBeforeNew)
        runningSums(&keptBeforeOld)
        for k in stops.indices where !stops[k].isVisual {
            let now = keptBeforeNew[stops[k].new], then = keptBeforeOld[stops[k].old]
            stops[k].jumped = abs(now - then)
            stops[k].isLater = now > then
        }
    }

    /// The visual reference of each moved stop framed in both versions,
    /// against the kept stops framed in both (`VisualInversions`).
    ///
    /// - Complexity: O(n log n).
    static func noteVisual(_ c: DiffContext, _ moved: MovedStops, _ stops: inout [MovedStop]) {
        guard let rNew = moved.newRanks, let rOld = moved.oldRanks else { return }
        let pairs = c.matchedPairs
        // Marks of the kept framed stops at their place in each of the four
        // orders, turned into "kept stops before" counts.
        var byNewIndex = [Int](repeating: 0, count: c.newStops.count + 1)
        var byOldIndex = [Int](repeating: 0, count: c.oldStops.count + 1)
        var byNewRank = [Int](repeating: 0, count: rNew.count + 1)
        var byOldRank = [Int](repeating: 0, count: rOld.count + 1)
        for (p, pair) in pairs.enumerated() where moved.framed[p] && moved.isKept(p) {
            byNewIndex[pair.new + 1] = 1
            byOldIndex[pair.old + 1] = 1
            byNewRank[rNew[pair.new] + 1] = 1
            byOldRank[rOld[pair.old] + 1] = 1
        }
        runningSums(&byNewIndex)
        runningSums(&byOldIndex)
        runningSums(&byNewRank)
        runningSums(&byOldRank)
        var kept: [Int] = []
        for (p, pair) in pairs.enumerated() where moved.framed[p] && moved.isKept(p) {
            kept.append(byNewRank[rNew[pair.new]])
        }
        var framedMovers: [Int] = []
        var slots: [(newSpoken: Int, newVisual: Int, oldSpoken: Int, oldVisual: Int)] = []
        var pairOfNew = [Int](repeating: -1, count: c.newStops.count)
        for (p, pair) in pairs.enumerated() { pairOfNew[pair.new] = p }
        for k in stops.indices where moved.framed[pairOfNew[stops[k].new]] {
            let (i, j) = (stops[k].old, stops[k].new)
            framedMovers.append(k)
            slots.append((byNewIndex[j], byNewRank[rNew[j]], byOldIndex[i], byOldRank[rOld[i]]))
        }
        guard !framedMovers.isEmpty else { return }
        let counts = VisualInversions(kept: kept, moved: slots)
        for (x, k) in framedMovers.enumerated() {
            if counts.broken[x] > 0 { stops[k].note(.visual, partner: -1, isLead: true, broken: true) }
            if counts.repaired[x] > 0 { stops[k].note(.visual, partner: -1, isLead: true, broken: false) }
        }
    }

    /// Object before action, error before recovery and contracts: the
    /// references each moved stop now breaks and those it repairs
    /// (`ContainerPartners`; containers a commit left alone are skipped,
    /// `CleanContainers`).
    ///
    /// - Complexity: as `ContainerPartners.note`.
    static func noteContainerReferences(_ c: DiffContext, _ stops: inout [MovedStop]) {
        ContainerPartners(c).note(&stops)
    }

    /// Marks turned into counts: `x[i]` becomes the number of marks at or before `i`.
    static func runningSums(_ x: inout [Int]) {
        for i in x.indices.dropFirst() { x[i] += x[i - 1] }
    }
}
