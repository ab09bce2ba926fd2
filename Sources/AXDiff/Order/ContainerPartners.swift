import AXSnapshot

/// For each moved stop, the first partner of each container reference
/// (object before action, error before recovery, contracts) it breaks and
/// the first it repairs: what `OrderAnalysis` writes its order change from.
///
/// A pair of stops that both kept their place reads the same in both
/// versions, and a change is only charged to a moved stop, so only pairs
/// with a moved stop are ever looked at, and each moved stop looks for its
/// partners through its container's `ContainerIndex`, in both versions.
/// "First" is the pair's place, (lead, follow) in the new order, the order
/// the pairs were once listed and offered in. Containers of any size are
/// checked; containers a commit left alone (`CleanContainers`) are not.
final class ContainerPartners {
    private let c: DiffContext
    private let clean: CleanContainers
    private let newRefs: OrderReferences
    private let oldRefs: OrderReferences
    /// Contract violations (few): the new version's, and the old version's
    /// in new indices.
    private var newContract: Set<Violation> = []
    private var oldContract: Set<Violation> = []
    /// Each stop's container node, in each version.
    private let newContainer: [Int]
    private let oldContainer: [Int]
    /// Indexes built so far, by container node, and each indexed stop's
    /// position in its container's index (read once per candidate pair,
    /// so arrays rather than a dictionary and a search).
    private var newIndexes: [ContainerIndex?]
    private var oldIndexes: [ContainerIndex?]
    private var newSlot: [Int]
    private var oldSlot: [Int]

    init(_ c: DiffContext) {
        self.c = c
        clean = CleanContainers(c)
        newRefs = OrderReferences(stops: c.newStops, tree: c.newTree, contracts: c.contracts)
        oldRefs = OrderReferences(stops: c.oldStops, tree: c.oldTree, contracts: c.contracts)
        newContainer = c.newTree.nodeOfStop.map { c.newTree.places[$0].parent }
        oldContainer = c.oldTree.nodeOfStop.map { c.oldTree.places[$0].parent }
        newIndexes = Array(repeating: nil, count: c.newTree.nodeCount)
        oldIndexes = Array(repeating: nil, count: c.oldTree.nodeCount)
        newSlot = Array(repeating: -1, count: c.newStops.count)
        oldSlot = Array(repeating: -1, count: c.oldStops.count)
        for v in newRefs.contractViolations() where !clean.settles(v, newRefs) { newContract.insert(v) }
        for v in oldRefs.contractViolations() {
            guard let lead = c.matching.oldToNew[v.lead], let follow = c.matching.oldToNew[v.follow] else { continue }
            let mapped = Violation(lead: lead, follow: follow)
            if !clean.settles(mapped, newRefs) { oldContract.insert(mapped) }
        }
    }

    /// Notes on each moved stop the references it breaks and repairs.
    ///
    /// - Complexity: O(n) for the clean containers, O(k log k + k · w) per
    ///   container holding a moved stop, then per moved stop O(1) per
    ///   candidate it meets: the statuses (for a control; the controls, for
    ///   a status) and the stops sharing its words, on its side of it, up
    ///   to the first broken pair (all of them for the repaired one).
    func note(_ stops: inout [MovedStop]) {
        // Contracts: the few pairs as sets, in order of place.
        let byPlace: (Violation, Violation) -> Bool = { ($0.lead, $0.follow) < ($1.lead, $1.follow) }
        var moverOfNew: [Int: Int] = [:]
        for k in stops.indices { moverOfNew[stops[k].new] = k }
        let newToOld = c.matching.newToOld
        let matched = { (v: Violation) in newToOld[v.lead] != nil && newToOld[v.follow] != nil }
        let broken = newContract.filter { matched($0) && oldKind(lead: $0.lead, follow: $0.follow) == nil }.sorted(by: byPlace)
        let repaired = oldContract.filter { $0.lead < $0.follow && newKind(lead: $0.lead, follow: $0.follow) == nil }.sorted(by: byPlace)
        for (list, isBroken) in [(broken, true), (repaired, false)] {
            for v in list {
                if let k = moverOfNew[v.lead] { stops[k].note(.contract, partner: v.follow, isLead: true, broken: isBroken) }
                if let k = moverOfNew[v.follow] { stops[k].note(.contract, partner: v.lead, isLead: false, broken: isBroken) }
            }
        }
        for k in stops.indices {
            for reference in [OrderReference.errorBeforeRecovery, .objectBeforeAction] {
                if let (partner, isLead) = firstBroken(reference, stops[k]) {
                    stops[k].note(reference, partner: partner, isLead: isLead, broken: true)
                }
                if let (partner, isLead) = firstRepaired(reference, stops[k]) {
                    stops[k].note(reference, partner: partner, isLead: isLead, broken: false)
                }
            }
        }
    }

    /// The first pair with `stop` that breaks `reference` in the new order
    /// and broke nothing in the old: the partner's new index, and whether
    /// the moved stop is the lead.
    private func firstBroken(_ reference: OrderReference, _ stop: MovedStop) -> (Int, Bool)? {
        let j = stop.new
        let p = newContainer[j]
        guard !clean.new[p] else { return nil }
        let index = newIndex(p)
        let a = newSlot[j]
        if index.isControl(a) {
            // The stop is the action: partners read after it, nearest first.
            let partners = reference == .errorBeforeRecovery ? index.statuses : index.objects(namedBy: a)
            for b in partners where index.members[b] > j {
                if breaks(reference, lead: index.members[b], follow: j) { return (index.members[b], false) }
            }
        } else if reference == .errorBeforeRecovery ? index.isStatus(a) : index.isNameable(a) {
            // The stop is the error or the object: controls read before it, first first.
            let partners = reference == .errorBeforeRecovery ? index.controls : index.controls(naming: a)
            for b in partners where index.members[b] < j {
                if breaks(reference, lead: j, follow: index.members[b]) { return (index.members[b], true) }
            }
        }
        return nil
    }

    /// The first pair with `stop` that broke `reference` in the old order
    /// and breaks nothing in the new (in new indices, the lead now read
    /// first): the partner's new index, and whether the moved stop is the lead.
    private func firstRepaired(_ reference: OrderReference, _ stop: MovedStop) -> (Int, Bool)? {
        let (i, j) = (stop.old, stop.new)
        let q = oldContainer[i]
        guard !clean.old[q] else { return nil }
        let index = oldIndex(q)
        let a = oldSlot[i]
        // Candidates come in the old order; the first in the new is kept.
        var first: Int?
        if index.isControl(a) {
            let partners = reference == .errorBeforeRecovery ? index.statuses : index.objects(namedBy: a)
            for b in partners where index.members[b] > i {
                guard let lead = c.matching.oldToNew[index.members[b]], lead < first ?? Int.max else { continue }
                if repairs(reference, lead: lead, follow: j) { first = lead }
            }
            return first.map { ($0, false) }
        } else if reference == .errorBeforeRecovery ? index.isStatus(a) : index.isNameable(a) {
            let partners = reference == .errorBeforeRecovery ? index.controls : index.controls(naming: a)
            for b in partners where index.members[b] < i {
                guard let follow = c.matching.oldToNew[index.members[b]], follow < first ?? Int.max else { continue }
                if repairs(reference, lead: j, follow: follow) { first = follow }
            }
            return first.map { ($0, true) }
        }
        return nil
    }

    /// The pair (new indices, both matched) breaks `reference` now and broke nothing before.
    private func breaks(_ reference: OrderReference, lead: Int, follow: Int) -> Bool {
        newKind(lead: lead, follow: follow) == reference && c.matching.newToOld[lead] != nil
            && c.matching.newToOld[follow] != nil && oldKind(lead: lead, follow: follow) == nil
    }

    /// The pair (new indices) broke `reference` before and breaks nothing now, the lead read first.
    private func repairs(_ reference: OrderReference, lead: Int, follow: Int) -> Bool {
        lead < follow && oldKind(lead: lead, follow: follow) == reference && newKind(lead: lead, follow: follow) == nil
    }

    /// The strongest reference the pair (new indices) breaks in the new version.
    private func newKind(lead: Int, follow: Int) -> OrderReference? {
        if !newContract.isEmpty, newContract.contains(Violation(lead: lead, follow: follow)) { return .contract }
        let p = newContainer[lead]
        guard p == newContainer[follow], !clean.new[p] else { return nil }
        let index = newIndex(p)  // fills the slots of its stops
        return index.reference(action: newSlot[follow], object: newSlot[lead])
    }

    /// The strongest reference the pair (new indices) broke in the old
    /// version; nil too when it joins two stops of a clean container
    /// (`CleanContainers.settles`).
    private func oldKind(lead: Int, follow: Int) -> OrderReference? {
        let v = Violation(lead: lead, follow: follow)
        if !oldContract.isEmpty, oldContract.contains(v) { return .contract }
        guard let lo = c.matching.newToOld[lead], let fo = c.matching.newToOld[follow] else { return nil }
        let q = oldContainer[lo]
        guard q == oldContainer[fo], !clean.old[q] else { return nil }
        let index = oldIndex(q)  // fills the slots of its stops
        guard let r = index.reference(action: oldSlot[fo], object: oldSlot[lo]) else { return nil }
        return clean.settles(v, newRefs) ? nil : r
    }

    private func newIndex(_ p: Int) -> ContainerIndex {
        if let known = newIndexes[p] { return known }
        let made = ContainerIndex(newRefs, members: newRefs.tree.members(of: p))
        for (a, stop) in made.members.enumerated() { newSlot[stop] = a }
        newIndexes[p] = made
        return made
    }

    private func oldIndex(_ q: Int) -> ContainerIndex {
        if let known = oldIndexes[q] { return known }
        let made = ContainerIndex(oldRefs, members: oldRefs.tree.members(of: q))
        for (a, stop) in made.members.enumerated() { oldSlot[stop] = a }
        oldIndexes[q] = made
        return made
    }
}

extension StopTree {
    /// The stops tree node `p` holds directly.
    func members(of p: Int) -> [Int] {
        var members: [Int] = []
        var child = places[p].firstChild
        while child >= 0 {
            if places[child].stop >= 0 { members.append(places[child].stop) }
            child = places[child].nextSibling
        }
        return members
    }
}
