import AXSnapshot

/// Decides `order.regressed`, `order.changed` and `order.improved` together
/// (DESIGN §6): which matched stops moved (n − LIS), which references the new
/// order breaks that the old one kept, and which old violations it repairs.
enum OrderAnalysis: ChangeRule {
    /// Upper bound on pair checks for the visual reference, so a screen of
    /// 100,000 shuffled stops stays bounded.
    static let pairBudget = 4_000_000

    static func changes(in context: DiffContext) -> [Change] {
        guard !context.isNewScreen else { return [] }
        return analyse(context).changes
    }

    struct Result {
        var moves: [Move]
        var changes: [Change]
    }

    /// The moves are the matched stops outside one longest increasing
    /// subsequence of old positions taken in new order.
    ///
    /// - Complexity: O(n log n), where n is the number of matched pairs.
    static func moves(_ pairs: [(old: Int, new: Int)]) -> [Move] {
        // Old positions already increasing (most commits move nothing): no
        // move, found in one pass without the subsequence and its marks.
        if pairs.indices.dropFirst().allSatisfy({ pairs[$0 - 1].old < pairs[$0].old }) { return [] }
        var kept = [Bool](repeating: false, count: pairs.count)
        for p in LongestIncreasingSubsequence.positions(pairs.map(\.old)) { kept[p] = true }
        return pairs.indices.filter { !kept[$0] }.map { Move(from: pairs[$0].old, to: pairs[$0].new) }
    }

    /// The changes of the three order kinds, and the moves.
    ///
    /// - Complexity: O(n log n) for the moves, O(n) to find the clean
    ///   containers, O(Σ k²) for the container references of the other
    ///   containers (k capped per container), O(n log n) for the visual
    ///   ranks, plus O(m · n) pair checks for the visual reference, where m
    ///   is the number of stops that moved in the spoken or the visual order
    ///   (capped by `pairBudget`).
    static func analyse(_ c: DiffContext) -> Result {
        let pairs = c.matchedPairs
        let moves = moves(pairs)
        let m = c.matching

        // Container references are checked only where a container changed;
        // `settles` keeps what a skipped pair would have decided.
        let clean = CleanContainers(c)
        let newRefs = OrderReferences(stops: c.newStops, tree: c.newTree, contracts: c.contracts)
        let oldRefs = OrderReferences(stops: c.oldStops, tree: c.oldTree, contracts: c.contracts)
        var newViolations = newRefs.containerViolations(skipping: clean.new)
        for v in newRefs.contractViolations() where !clean.settles(v, newRefs) { newViolations[v] = .contract }
        var oldFound = oldRefs.containerViolations(skipping: clean.old)
        for v in oldRefs.contractViolations() { oldFound[v] = .contract }
        var oldViolations: [Violation: OrderReference] = [:]
        for (v, r) in oldFound {
            if let lead = m.oldToNew[v.lead], let follow = m.oldToNew[v.follow] {
                let mapped = Violation(lead: lead, follow: follow)
                if !clean.settles(mapped, newRefs) { oldViolations[mapped] = r }
            }
        }
        let (newVisual, oldVisual) = visualViolations(c, pairs: pairs, moved: moves.map(\.to))
        for v in newVisual where newViolations[v] == nil && !clean.settles(v, newRefs) { newViolations[v] = .visual }
        for v in oldVisual where oldViolations[v] == nil && !clean.settles(v, newRefs) { oldViolations[v] = .visual }

        // Only matched stops carry references from one version to the other.
        let regressions = newViolations.filter { m.newToOld[$0.key.lead] != nil && m.newToOld[$0.key.follow] != nil && oldViolations[$0.key] == nil }
        let improvements = oldViolations.filter { newViolations[$0.key] == nil && $0.key.lead < $0.key.follow }

        var changes: [Change] = []
        var involved = Set<Int>()
        for (follow, group) in Dictionary(grouping: regressions, by: { $0.key.follow }).sorted(by: { $0.key < $1.key }) {
            let partners = group.sorted { $0.key.lead < $1.key.lead }
            let leads = partners.map(\.key.lead)
            involved.insert(follow)
            involved.formUnion(leads)
            let reason = partners.map(\.value).min() ?? .visual
            changes.append(.orderRegressed(context: c, follow: follow, leads: leads, reason: reason))
        }
        for (lead, group) in Dictionary(grouping: improvements, by: { $0.key.lead }).sorted(by: { $0.key < $1.key }) {
            let follows = group.map(\.key.follow).sorted()
            involved.insert(lead)
            involved.formUnion(follows)
            changes.append(.orderImproved(context: c, lead: lead, follows: follows))
        }
        let plainMoves = moves.filter { !involved.contains($0.to) }
        for (_, group) in Dictionary(grouping: plainMoves, by: { c.newStops[$0.to].containerPath }).sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            changes.append(.orderChanged(context: c, moves: group.sorted { $0.to < $1.to }))
        }
        return Result(moves: moves, changes: changes)
    }

    /// Visual inversions in each version, as violations in new indices, for the
    /// pairs whose status can differ: those with a stop that moved in the
    /// spoken order or in the visual order. Pairs of stops that kept both
    /// their relative spoken and visual order keep their status.
    ///
    /// - Complexity: O(n log n) for the ranks and the visual moves, plus
    ///   O(m · n) pair checks for the m candidates (capped by `pairBudget`).
    static func visualViolations(_ c: DiffContext, pairs: [(old: Int, new: Int)], moved: [Int]) -> (Set<Violation>, Set<Violation>) {
        // Each version's ranks are computed once, with its tree
        // (`StopTree.Derived`), not once per diff that reads the version.
        guard let rNew = c.newTree.visualRanks(direction: c.new.layoutDirection),
              let rOld = c.oldTree.visualRanks(direction: c.old.layoutDirection)
        else { return ([], []) }
        // The pairs in new visual order: the ranks are a permutation of the
        // new stops, so placing each pair at its rank sorts them in O(n).
        var atRank = [Int](repeating: -1, count: rNew.count)
        for p in pairs.indices { atRank[rNew[pairs[p].new]] = p }
        var byVisual: [(old: Int, new: Int)] = []
        byVisual.reserveCapacity(pairs.count)
        for p in atRank where p >= 0 { byVisual.append(pairs[p]) }
        var isCandidate = [Bool](repeating: false, count: c.newStops.count)
        for x in moved { isCandidate[x] = true }
        var kept = [Bool](repeating: false, count: byVisual.count)
        for p in LongestIncreasingSubsequence.positions(byVisual.map { rOld[$0.old] }) { kept[p] = true }
        for p in byVisual.indices where !kept[p] { isCandidate[byVisual[p].new] = true }
        var candidates = isCandidate.indices.filter { isCandidate[$0] }
        let budget = max(1, pairBudget / max(pairs.count, 1))
        if candidates.count > budget { candidates = Array(candidates.prefix(budget)) }
        // Nothing moved in either order (most commits): no pair can change
        // its status, so the frames below are not even read.
        if candidates.isEmpty { return ([], []) }

        // Whether each new stop has a frame, read once: the pair loop below
        // would otherwise read it from a `Stop` (a strided load) per pair.
        let framed = c.newTree.nodeOfStop.map { c.newTree.places[$0].frame != nil }
        var inNew = Set<Violation>(), inOld = Set<Violation>()
        let m = c.matching
        for x in candidates {
            guard let ox = m.newToOld[x], framed[x] else { continue }
            for (oy, y) in pairs where y != x && framed[y] {
                // In the new version: the stop read first must also be first on screen.
                let (first, second) = x < y ? (x, y) : (y, x)
                if rNew[first] > rNew[second] { inNew.insert(Violation(lead: second, follow: first)) }
                let (oFirst, oSecond) = ox < oy ? (ox, oy) : (oy, ox)
                if rOld[oFirst] > rOld[oSecond], let a = m.oldToNew[oSecond], let b = m.oldToNew[oFirst] {
                    inOld.insert(Violation(lead: a, follow: b))
                }
            }
        }
        return (inNew, inOld)
    }
}
