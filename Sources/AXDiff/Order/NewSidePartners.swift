/// One list of a moved stop's possible partners in a container of the new
/// version (the statuses or the controls for error before recovery; the
/// objects a control may name, or the controls that may name an object, for
/// object before action), matched ones only, in reading order, each with its
/// place in the old version: so that the first pair a moved stop newly
/// breaks is found without meeting every pair it did not.
///
/// A pair of two stops of one old container, not clean, read on the same
/// side of each other in both versions, neither of them changed (role,
/// label and value the same bytes), broke in the old version whatever it
/// breaks in the new: the reference is made from those facts and the order
/// alone. So a candidate partner is one that was in another old container
/// (`runEnd`), was read on the other side of the moved stop (`places`), or
/// changed (`nextChanged`, in what the reference reads of it); each is
/// confirmed by the exact test of a pair.
struct NewSidePartners {
    /// New indices, ascending.
    let members: [Int]
    /// Each one's old index, and the tree over them.
    let old: [Int]
    let places: FirstPast
    let oldContainer: [Int]
    /// The first position after `k` whose old container is not `k`'s.
    let runEnd: [Int]
    /// The first position at or after `k` whose stop changed, in what the
    /// reference reads of it; `members.count` if none.
    let nextChanged: [Int]

    /// The matched stops among `positions` (ascending positions in `index`),
    /// `changed(new, old)` telling which changed.
    ///
    /// - Complexity: O(k) for k positions.
    init(_ positions: some Sequence<Int>, of index: ContainerIndex, newToOld: [Int?], oldContainer: [Int],
         changed: (Int, Int) -> Bool) {
        var members: [Int] = [], old: [Int] = [], container: [Int] = [], isChanged: [Bool] = []
        members.reserveCapacity(positions.underestimatedCount)
        old.reserveCapacity(positions.underestimatedCount)
        container.reserveCapacity(positions.underestimatedCount)
        isChanged.reserveCapacity(positions.underestimatedCount)
        let indexMembers = index.members
        for b in positions {
            let j = indexMembers[b]
            guard let i = newToOld[j] else { continue }
            members.append(j)
            old.append(i)
            container.append(oldContainer[i])
            isChanged.append(changed(j, i))
        }
        self.init(members: members, old: old, oldContainer: container, changed: isChanged)
    }

    /// - Complexity: O(k) for k stops.
    init(members: [Int], old: [Int], oldContainer: [Int], changed: [Bool]) {
        self.members = members
        self.old = old
        self.places = FirstPast(old)
        self.oldContainer = oldContainer
        var runEnd = [Int](repeating: members.count, count: members.count)
        var nextChanged = [Int](repeating: members.count, count: members.count)
        var k = members.count - 1
        while k >= 0 {
            if k + 1 < members.count {
                runEnd[k] = oldContainer[k + 1] != oldContainer[k] ? k + 1 : runEnd[k + 1]
                nextChanged[k] = nextChanged[k + 1]
            }
            if changed[k] { nextChanged[k] = k }
            k -= 1
        }
        self.runEnd = runEnd
        self.nextChanged = nextChanged
    }

    /// The first position whose member is above `j`.
    func firstAfter(_ j: Int) -> Int {
        SortedPositions.firstAbove(j, in: members)
    }

    /// The first candidate at or after `k`: in another old container than
    /// `container`, read in the old version below `place` (`readBefore`)
    /// or above it, or changed.
    ///
    /// - Complexity: O(log k).
    func candidate(from k: Int, container: Int, place: Int, readBefore: Bool) -> Int {
        guard k < members.count else { return members.count }
        let other = oldContainer[k] != container ? k : runEnd[k]
        let across = (readBefore ? places.first(from: k, below: place) : places.first(from: k, above: place)) ?? members.count
        return min(other, across, nextChanged[k])
    }
}
