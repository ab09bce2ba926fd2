import AXSnapshot

/// The containers that a commit left alone, as far as the container
/// references (object before action, error before recovery) can tell.
///
/// A new container is clean when each of its stops is matched, all to stops
/// of one old container that has no other stop, in the same order, and no
/// pair is among `DiffContext.changedPairs` — so each agrees on role, label
/// and value (to the byte), all that `OrderReferences` reads of a pair in a
/// container. Such a container breaks exactly the container
/// references its old counterpart broke, with the same reasons: none of them
/// can be a regression or an improvement, so neither version's clean
/// containers are checked pair by pair (on a typical commit that is almost
/// every container, and the pair checks were a fifth of a large diff).
///
/// The one thing a skipped pair still decides: a pair in a clean container
/// that breaks a container reference in both versions is never a regression
/// or an improvement, even when it also breaks a visual or contract
/// reference in only one of them. `settles` answers that for the few pairs
/// the visual and contract references name.
struct CleanContainers {
    /// New tree node → clean.
    let new: [Bool]
    /// Old tree node → the counterpart of a clean new container.
    let old: [Bool]

    /// `newContainer` and `oldContainer` hold each stop's container node
    /// in each version, read once per stop and version from the tree's
    /// arrays: `StopTree.container(ofStop:)` is in another module and was
    /// called (not inlined) four times per stop, a third of this (callgrind).
    ///
    /// - Complexity: O(n) in the number of stops and nodes of both versions.
    init(_ c: DiffContext, newContainer: [Int], oldContainer: [Int]) {
        let (newTree, oldTree) = (c.newTree, c.oldTree)
        var newSize = [Int](repeating: 0, count: newTree.nodeCount)
        for p in newContainer { newSize[p] += 1 }
        var oldSize = [Int](repeating: 0, count: oldTree.nodeCount)
        for q in oldContainer { oldSize[q] += 1 }

        // One pass over the new stops in reading order: each container's
        // members arrive in order, so "same order" is "old indices increase".
        var clean = [Bool](repeating: true, count: newTree.nodeCount)
        var counterpart = [Int](repeating: -1, count: newTree.nodeCount)
        var lastOld = [Int](repeating: -1, count: newTree.nodeCount)
        for j in c.newStops.indices {
            let p = newContainer[j]
            guard clean[p] else { continue }
            guard let i = c.matching.newToOld[j], i > lastOld[p] else {
                clean[p] = false
                continue
            }
            lastOld[p] = i
            let q = oldContainer[i]
            if counterpart[p] < 0 { counterpart[p] = q }
            // A pair outside `changedPairs` has the same role, label and value
            // (to the byte: the facts the references use are made from bytes).
            if counterpart[p] != q || c.isChanged[j] {
                clean[p] = false
            }
        }
        var oldClean = [Bool](repeating: false, count: oldTree.nodeCount)
        for p in clean.indices where clean[p] {
            // Matched one to one and in order: the counterpart holds no other stop
            // when it holds as many. (A node holding no stop has nothing to skip.)
            if newSize[p] > 0, oldSize[counterpart[p]] == newSize[p] {
                oldClean[counterpart[p]] = true
            } else {
                clean[p] = false
            }
        }
        self.new = clean
        self.old = oldClean
    }

    /// Whether `v` (new indices) joins two stops of one clean container and
    /// breaks a container reference there — so also in the old version.
    ///
    /// - Complexity: O(1), plus the two stops' labels when it is checked.
    func settles(_ v: Violation, _ refs: OrderReferences) -> Bool {
        let p = refs.tree.container(ofStop: v.lead)
        guard new[p], refs.tree.container(ofStop: v.follow) == p else { return false }
        return refs.reference(lead: v.lead, follow: v.follow) != nil
    }
}
