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
    /// - Complexity: O(n log n) for the moves and the semantic references
    ///   (bounded per container), plus O(m · n) pair checks for the visual
    ///   reference, where m is the number of stops that moved in the spoken
    ///   or the visual order (capped by `pairBudget`).
    static func moves(_ pairs: [(old: Int, new: Int)]) -> [Move] {
        let keep = Set(LongestIncreasingSubsequence.positions(pairs.map(\.old)))
        return pairs.indices.filter { !keep.contains($0) }.map { Move(from: pairs[$0].old, to: pairs[$0].new) }
    }

    static func analyse(_ c: DiffContext) -> Result {
        let pairs = c.matchedPairs
        let moves = moves(pairs)
        let m = c.matching

        var newViolations = semantic(c.newStops, c.contracts)
        var oldViolations: [Violation: OrderReference] = [:]
        for (v, r) in semantic(c.oldStops, c.contracts) {
            if let lead = m.oldToNew[v.lead], let follow = m.oldToNew[v.follow] {
                oldViolations[Violation(lead: lead, follow: follow)] = r
            }
        }
        let (newVisual, oldVisual) = visualViolations(c, pairs: pairs, moved: moves.map(\.to))
        for v in newVisual where newViolations[v] == nil { newViolations[v] = .visual }
        for v in oldVisual where oldViolations[v] == nil { oldViolations[v] = .visual }

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

    static func semantic(_ stops: [Stop], _ contracts: [[String]]) -> [Violation: OrderReference] {
        OrderReferences(stops: stops, contracts: contracts).semanticViolations()
    }

    /// Visual inversions in each version, as violations in new indices, for the
    /// pairs whose status can differ: those with a stop that moved in the
    /// spoken order or in the visual order. Pairs of stops that kept both
    /// their relative spoken and visual order keep their status.
    static func visualViolations(_ c: DiffContext, pairs: [(old: Int, new: Int)], moved: [Int]) -> (Set<Violation>, Set<Violation>) {
        guard let rNew = VisualOrder.ranks(stops: c.newStops, containerFrames: c.new.containerFrames, direction: c.new.layoutDirection),
              let rOld = VisualOrder.ranks(stops: c.oldStops, containerFrames: c.old.containerFrames, direction: c.old.layoutDirection)
        else { return ([], []) }
        let byVisual = pairs.sorted { rNew[$0.new] < rNew[$1.new] }
        let keep = Set(LongestIncreasingSubsequence.positions(byVisual.map { rOld[$0.old] }))
        let visuallyMoved = byVisual.indices.filter { !keep.contains($0) }.map { byVisual[$0].new }
        var candidates = Array(Set(moved + visuallyMoved)).sorted()
        let budget = max(1, pairBudget / max(pairs.count, 1))
        if candidates.count > budget { candidates = Array(candidates.prefix(budget)) }

        var inNew = Set<Violation>(), inOld = Set<Violation>()
        let m = c.matching
        for x in candidates {
            guard let ox = m.newToOld[x], c.newStops[x].frame != nil else { continue }
            for (oy, y) in pairs where y != x && c.newStops[y].frame != nil {
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
