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
    /// Indexes built so far, and by container node the place of its index
    /// among them plus one (0 for none yet), and each indexed stop's
    /// position in its container's index (read once per candidate pair,
    /// so arrays rather than a dictionary and a search; an optional index
    /// per node cost more to make than the few indexes).
    private var newIndexes: [ContainerIndex] = []
    private var oldIndexes: [ContainerIndex] = []
    private var newIndexAt: [Int]
    private var oldIndexAt: [Int]
    private var newSlot: [Int]
    private var oldSlot: [Int]
    /// The moved stops, by index in each version: the objects that may ask
    /// an index for the controls naming them (set by `note`).
    private var newMoved: [Bool] = []
    private var oldMoved: [Bool] = []
    /// Error before recovery's partners, by container node, once a moved
    /// stop asks (`NewSideErrorPairs`, `OldSideErrorPairs`); used when no
    /// contract applies, else each candidate pair is met in turn. By node,
    /// the place of its pairs in the list plus one (0 for none yet): an array
    /// of optional pairs, one per node, cost more to make than all the pairs.
    private var newErrorPairsAt: [Int]
    private var oldErrorPairsAt: [Int]
    private var newErrorPairs: [NewSideErrorPairs] = []
    private var oldErrorPairs: [OldSideErrorPairs] = []
    private let findsErrorPairs: Bool
    /// Object before action's partners, by new container node and word key,
    /// once a moved stop asks (`NewSidePartners`); used unless every pair
    /// is to be met in turn.
    private var objectSides: [SideKey: NewSidePartners] = [:]
    /// The same in the old version, by old container node (`OldSidePartners`).
    private var oldObjectSides: [SideKey: OldSidePartners] = [:]
    private let findsObjectPairs: Bool

    private struct SideKey: Hashable {
        let node: Int
        let key: UInt64
        /// The controls that may name an object, rather than the objects a control may name.
        let controls: Bool
    }

    /// `scansEveryPair` meets every candidate pair of error before recovery
    /// (as with contracts) and of object before action in turn: the tests
    /// compare the two ways.
    init(_ c: DiffContext, scansEveryPair: Bool = false) {
        self.c = c
        newRefs = OrderReferences(stops: c.newStops, tree: c.newTree, contracts: c.contracts)
        oldRefs = OrderReferences(stops: c.oldStops, tree: c.oldTree, contracts: c.contracts)
        newContainer = c.newTree.nodeOfStop.map { c.newTree.places[$0].parent }
        oldContainer = c.oldTree.nodeOfStop.map { c.oldTree.places[$0].parent }
        clean = CleanContainers(c, newContainer: newContainer, oldContainer: oldContainer)
        newIndexAt = Array(repeating: 0, count: c.newTree.nodeCount)
        oldIndexAt = Array(repeating: 0, count: c.oldTree.nodeCount)
        newSlot = Array(repeating: -1, count: c.newStops.count)
        oldSlot = Array(repeating: -1, count: c.oldStops.count)
        newErrorPairsAt = Array(repeating: 0, count: c.newTree.nodeCount)
        oldErrorPairsAt = Array(repeating: 0, count: c.oldTree.nodeCount)
        for v in newRefs.contractViolations() where !clean.settles(v, newRefs) { newContract.insert(v) }
        for v in oldRefs.contractViolations() {
            guard let lead = c.matching.oldToNew[v.lead], let follow = c.matching.oldToNew[v.follow] else { continue }
            let mapped = Violation(lead: lead, follow: follow)
            if !clean.settles(mapped, newRefs) { oldContract.insert(mapped) }
        }
        findsErrorPairs = !scansEveryPair && newContract.isEmpty && oldContract.isEmpty
        // A contract only ever makes a pair's kind `.contract`: the pairs
        // object before action skips still broke something before.
        findsObjectPairs = !scansEveryPair
    }

    /// Notes on each moved stop the references it breaks and repairs.
    ///
    /// - Complexity: O(n) for the clean containers, O(k log k + k · w) per
    ///   container holding a moved stop, then per moved stop: for error
    ///   before recovery O(log k) per candidate it meets (those the move put
    ///   on its other side, or that changed), for object before action O(1)
    ///   per stop sharing its words on its side of it, up to the first broken
    ///   pair (all of them for the repaired one). With a contract, error
    ///   before recovery meets every status (or control) on its side.
    func note(_ stops: inout [MovedStop]) {
        // Contracts: the few pairs as sets, in order of place.
        let byPlace: (Violation, Violation) -> Bool = { ($0.lead, $0.follow) < ($1.lead, $1.follow) }
        // Which moved stop each new index is, for the contract pairs (only).
        var moverOfNew: [Int: Int] = [:]
        if !newContract.isEmpty || !oldContract.isEmpty {
            for k in stops.indices { moverOfNew[stops[k].new] = k }
        }
        newMoved = Array(repeating: false, count: c.newStops.count)
        oldMoved = Array(repeating: false, count: c.oldStops.count)
        for stop in stops {
            newMoved[stop.new] = true
            oldMoved[stop.old] = true
        }
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
            // The places only: passing the stop copied it, its lists retained and released.
            let (i, j) = (stops[k].old, stops[k].new)
            for reference in [OrderReference.errorBeforeRecovery, .objectBeforeAction] {
                if let (partner, isLead) = firstBroken(reference, new: j) {
                    stops[k].note(reference, partner: partner, isLead: isLead, broken: true)
                }
                if let (partner, isLead) = firstRepaired(reference, old: i, new: j) {
                    stops[k].note(reference, partner: partner, isLead: isLead, broken: false)
                }
            }
        }
    }

    /// The first pair with the moved stop at new index `j` that breaks `reference` in the new order
    /// and broke nothing in the old: the partner's new index, and whether
    /// the moved stop is the lead.
    private func firstBroken(_ reference: OrderReference, new j: Int) -> (Int, Bool)? {
        let p = newContainer[j]
        guard !clean.new[p] else { return nil }
        let index = newIndex(p)
        let a = newSlot[j]
        if reference == .errorBeforeRecovery, findsErrorPairs, index.isControl(a) || index.isStatus(a) {
            return firstBrokenError(j, in: p, isControl: index.isControl(a))
        }
        if reference == .objectBeforeAction, findsObjectPairs, index.isControl(a) || index.isNameable(a) {
            return firstBrokenObject(j, at: a, in: p, index: index)
        }
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

    /// The first pair with the moved stop at `i` (old) and `j` (new) that broke `reference` in the old order
    /// and breaks nothing in the new (in new indices, the lead now read
    /// first): the partner's new index, and whether the moved stop is the lead.
    private func firstRepaired(_ reference: OrderReference, old i: Int, new j: Int) -> (Int, Bool)? {
        let q = oldContainer[i]
        guard !clean.old[q] else { return nil }
        let index = oldIndex(q)
        let a = oldSlot[i]
        if reference == .objectBeforeAction, findsObjectPairs, index.isControl(a) || index.isNameable(a) {
            return firstRepairedObject(i, at: a, new: j, in: q, index: index)
        }
        if reference == .errorBeforeRecovery, findsErrorPairs {
            if index.isControl(a) { return oldErrorPairs(q).statusNowBefore(control: i, now: j).map { ($0, false) } }
            if index.isStatus(a) { return oldErrorPairs(q).controlNowAfter(status: i, now: j).map { ($0, true) } }
            return nil
        }
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

    /// `firstBroken` for error before recovery, meeting only the candidate
    /// partners `NewSideErrorPairs` offers (each confirmed by `breaks`): a
    /// control's statuses read after it, nearest first; a status's controls
    /// read before it, first first.
    ///
    /// - Complexity: O(log k) per candidate met, for a container of k stops.
    private func firstBrokenError(_ j: Int, in p: Int, isControl: Bool) -> (Int, Bool)? {
        guard let oj = c.matching.newToOld[j] else { return nil }
        let q = oldContainer[oj]
        if isControl {
            let side = newErrorPairs(p).statuses
            // The old pair broke nothing when the control was none, or its container clean.
            let every = clean.old[q] || !c.oldStops[oj].role.isInteractive
            var k = side.firstAfter(j)
            while k < side.members.count {
                let at = every ? k : side.candidate(from: k, container: q, place: oj, readBefore: true)
                guard at < side.members.count else { return nil }
                if breaks(.errorBeforeRecovery, lead: side.members[at], follow: j) { return (side.members[at], false) }
                k = at + 1
            }
            return nil
        }
        let side = newErrorPairs(p).controls
        let end = side.firstAfter(j)
        // The old pair broke nothing when the container was clean; when the
        // status was none, only a control naming it did.
        let every = clean.old[q] || !oldIsStatus(oj)
        var k = 0
        while k < end {
            let at = every ? k : side.candidate(from: k, container: q, place: oj, readBefore: false)
            guard at < end else { return nil }
            if breaks(.errorBeforeRecovery, lead: j, follow: side.members[at]) { return (side.members[at], true) }
            k = at + 1
        }
        return nil
    }

    /// `firstBroken` for object before action, meeting only the candidate
    /// partners `NewSidePartners` offers (each confirmed by `breaks`): for a
    /// control, the objects it may name read after it, nearest first, in each
    /// list of them by word key, the nearest of the lists; for an object,
    /// the controls that may name it read before it, first first.
    ///
    /// - Complexity: O(log k) per candidate met, for a container of k stops,
    ///   plus O(l) the first time a list of l partners is asked for.
    private func firstBrokenObject(_ j: Int, at a: Int, in p: Int, index: ContainerIndex) -> (Int, Bool)? {
        guard let oj = c.matching.newToOld[j] else { return nil }
        let q = oldContainer[oj]
        // The old pair broke nothing when its container was clean; the moved
        // stop's own facts may have changed, and then any pair may be new.
        let every = clean.old[q] || c.isChanged[j]
        if index.isControl(a) {
            var first: Int?
            index.forEachObjectList(namedBy: a) { key, positions in
                let side = objectSide(p, key: key, controls: false, positions, index)
                var k = side.firstAfter(j)
                while k < side.members.count {
                    let at = every ? k : side.candidate(from: k, container: q, place: oj, readBefore: true)
                    guard at < side.members.count, side.members[at] < first ?? .max else { return }
                    if breaks(.objectBeforeAction, lead: side.members[at], follow: j) {
                        first = side.members[at]
                        return
                    }
                    k = at + 1
                }
            }
            return first.map { ($0, false) }
        }
        guard let (key, positions) = index.controlList(naming: a) else { return nil }
        let side = objectSide(p, key: key, controls: true, positions, index)
        let end = side.firstAfter(j)
        var k = 0
        while k < end {
            let at = every ? k : side.candidate(from: k, container: q, place: oj, readBefore: false)
            guard at < end else { return nil }
            if breaks(.objectBeforeAction, lead: j, follow: side.members[at]) { return (side.members[at], true) }
            k = at + 1
        }
        return nil
    }

    /// `firstRepaired` for object before action: the partners of the moved
    /// stop (old index `i`, new `j`) that were read on the broken side of it
    /// and are now read on the other, met in the new order until the exact
    /// test (`repairs`) confirms one: for a control, the objects it may name,
    /// then read after it and now before it, the nearest of its lists; for
    /// an object, the controls that may name it, then read before it and now
    /// after it.
    ///
    /// - Complexity: O(log k) per partner met, for a container of k stops,
    ///   plus O(l log l) the first time a list of l partners is asked for.
    private func firstRepairedObject(_ i: Int, at a: Int, new j: Int, in q: Int, index: ContainerIndex) -> (Int, Bool)? {
        if index.isControl(a) {
            var first: Int?
            index.forEachObjectList(namedBy: a) { key, positions in
                let side = oldObjectSide(q, key: key, controls: false, positions, index)
                var k = 0
                while let at = side.places.first(from: k, above: i), side.byNew[at] < min(j, first ?? .max) {
                    if repairs(.objectBeforeAction, lead: side.byNew[at], follow: j) {
                        first = side.byNew[at]
                        return
                    }
                    k = at + 1
                }
            }
            return first.map { ($0, false) }
        }
        guard let (key, positions) = index.controlList(naming: a) else { return nil }
        let side = oldObjectSide(q, key: key, controls: true, positions, index)
        var k = side.firstAfter(j)
        while let at = side.places.first(from: k, below: i) {
            if repairs(.objectBeforeAction, lead: j, follow: side.byNew[at]) { return (side.byNew[at], true) }
            k = at + 1
        }
        return nil
    }

    /// The list of partners filed under `key` in old container `q`'s index, made once.
    private func oldObjectSide(_ q: Int, key: UInt64, controls: Bool, _ positions: ArraySlice<Int>,
                               _ index: ContainerIndex) -> OldSidePartners {
        let at = SideKey(node: q, key: key, controls: controls)
        if let side = oldObjectSides[at] { return side }
        let made = OldSidePartners(positions, of: index, oldToNew: c.matching.oldToNew, moved: oldMoved)
        oldObjectSides[at] = made
        return made
    }

    /// The list of partners filed under `key` in new container `p`'s index, made once.
    private func objectSide(_ p: Int, key: UInt64, controls: Bool, _ positions: ArraySlice<Int>,
                            _ index: ContainerIndex) -> NewSidePartners {
        let at = SideKey(node: p, key: key, controls: controls)
        if let side = objectSides[at] { return side }
        let isChanged = c.isChanged
        let made = NewSidePartners(positions, of: index, newToOld: c.matching.newToOld, oldContainer: oldContainer) { j, _ in isChanged[j] }
        objectSides[at] = made
        return made
    }

    /// Whether old stop `i` was a status (`ContainerIndex`'s facts).
    private func oldIsStatus(_ i: Int) -> Bool {
        let index = oldIndex(oldContainer[i])  // fills the slots of its stops
        return index.isStatus(oldSlot[i])
    }

    private func newErrorPairs(_ p: Int) -> NewSideErrorPairs {
        if newErrorPairsAt[p] > 0 { return newErrorPairs[newErrorPairsAt[p] - 1] }
        let index = newIndex(p)
        let (newToOld, oldContainer, oldStops) = (c.matching.newToOld, oldContainer, c.oldStops)
        let made = NewSideErrorPairs(
            statuses: NewSidePartners(index.statuses, of: index, newToOld: newToOld, oldContainer: oldContainer) { !self.oldIsStatus($1) },
            controls: NewSidePartners(index.controls, of: index, newToOld: newToOld, oldContainer: oldContainer) { !oldStops[$1].role.isInteractive })
        newErrorPairs.append(made)
        newErrorPairsAt[p] = newErrorPairs.count
        return made
    }

    private func oldErrorPairs(_ q: Int) -> OldSideErrorPairs {
        if oldErrorPairsAt[q] > 0 { return oldErrorPairs[oldErrorPairsAt[q] - 1] }
        let index = oldIndex(q)
        let made = OldSideErrorPairs(statuses: index.statuses.map { index.members[$0] },
                                     controls: index.controls.map { index.members[$0] },
                                     oldToNew: c.matching.oldToNew, moved: oldMoved)
        oldErrorPairs.append(made)
        oldErrorPairsAt[q] = oldErrorPairs.count
        return made
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

    /// A stop the commit left alone (matched, role, label and value the same
    /// bytes) has the facts of its counterpart: an index borrows those of
    /// the other version's index that holds the counterpart of its first
    /// matched stop, when that one is built (`ContainerIndex.init`).
    private func newIndex(_ p: Int) -> ContainerIndex {
        if newIndexAt[p] > 0 { return newIndexes[newIndexAt[p] - 1] }
        let members = newRefs.tree.members(of: p)
        let (newToOld, isChanged, container, slot, moved) = (c.matching.newToOld, c.isChanged, oldContainer, oldSlot, newMoved)
        // The old index holding the counterpart of the first matched member, if built.
        let q = members.lazy.compactMap({ newToOld[$0] }).first.map { container[$0] } ?? -1
        let twin = q >= 0 && oldIndexAt[q] > 0 ? oldIndexes[oldIndexAt[q] - 1] : nil
        let made = ContainerIndex(newRefs, members: members, twin: twin, twinMember: { j in
            guard !isChanged[j], let i = newToOld[j], container[i] == q else { return -1 }
            return slot[i]
        }, asks: moved)
        Self.file(made.members, in: &newSlot)
        newIndexes.append(made)
        newIndexAt[p] = newIndexes.count
        return made
    }

    private func oldIndex(_ q: Int) -> ContainerIndex {
        if oldIndexAt[q] > 0 { return oldIndexes[oldIndexAt[q] - 1] }
        let members = oldRefs.tree.members(of: q)
        let (oldToNew, isChanged, container, slot, moved) = (c.matching.oldToNew, c.isChanged, newContainer, newSlot, oldMoved)
        // The new index holding the counterpart of the first matched member, if built.
        let p = members.lazy.compactMap({ oldToNew[$0] }).first.map { container[$0] } ?? -1
        let twin = p >= 0 && newIndexAt[p] > 0 ? newIndexes[newIndexAt[p] - 1] : nil
        let made = ContainerIndex(oldRefs, members: members, twin: twin, twinMember: { i in
            guard let j = oldToNew[i], !isChanged[j], container[j] == p else { return -1 }
            return slot[j]
        }, asks: moved)
        Self.file(made.members, in: &oldSlot)
        oldIndexes.append(made)
        oldIndexAt[q] = oldIndexes.count
        return made
    }
}

extension ContainerPartners {
    /// Each member's position, at its stop: the slots passed in once, where
    /// writing the class's array stop by stop checked exclusive access and
    /// uniqueness at each.
    private static func file(_ members: [Int], in slot: inout [Int]) {
        for (a, stop) in members.enumerated() { slot[stop] = a }
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
