/// One container of the new version, for error before recovery: its matched
/// statuses and its matched controls in reading order, each with its place
/// in the old version, so that the first pair a moved stop breaks is found
/// without meeting every pair it did not.
///
/// A pair (status after control) is newly broken unless the old version had
/// the same two in one container, not clean, the status read after the
/// control, the control a control then and the status a status (or named by
/// it). So a candidate partner is one that was in another old container
/// (`runEnd`), was read on the other side of the moved stop (`places`), or
/// had another role or text (`nextChanged`); each is confirmed by the exact
/// test of a pair.
struct NewSideErrorPairs {
    struct Side {
        /// New indices, ascending.
        let members: [Int]
        /// Each one's old index, and the tree over them.
        let old: [Int]
        let places: FirstPast
        let oldContainer: [Int]
        /// The first position after `k` whose old container is not `k`'s.
        let runEnd: [Int]
        /// The first position at or after `k` whose old stop was not of this
        /// side (not a status, or not a control); `members.count` if none.
        let nextChanged: [Int]

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
            var (lo, hi) = (0, members.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if members[mid] <= j { lo = mid + 1 } else { hi = mid }
            }
            return lo
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

    let statuses: Side
    let controls: Side
}
