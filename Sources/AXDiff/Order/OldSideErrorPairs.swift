/// One container of the old version, for error before recovery: what a
/// moved stop repairs is the nearest (in the new order) of its old partners
/// now read on the right side of it, found without meeting each.
///
/// A status the old version read after a control breaks the reference; it
/// is repaired when the status is now read before the control (whichever
/// containers they are in now).
struct OldSideErrorPairs {
    /// The old statuses' old indices, ascending, and from each position the
    /// least new index of those from there on (`Int.max` for the unmatched).
    let statuses: [Int]
    let leastNewFrom: [Int]
    /// The old controls that are matched, by new index ascending, with each
    /// one's old index, and the tree over those.
    let controlsByNew: [Int]
    let controlsOld: [Int]
    let controlPlaces: FirstPast

    /// `moved`, when given, flags the old stops that moved (by old index):
    /// the others keep their relative order, so only the moved controls are
    /// sorted and then merged in.
    ///
    /// - Complexity: O(k + m log m) for k stops, m of them moved (O(k log k)
    ///   without `moved`).
    init(statuses: [Int], controls: [Int], oldToNew: [Int?], moved: [Bool] = []) {
        self.statuses = statuses
        var least = [Int](repeating: .max, count: statuses.count + 1)
        var k = statuses.count - 1
        while k >= 0 {
            least[k] = min(least[k + 1], oldToNew[statuses[k]] ?? .max)
            k -= 1
        }
        leastNewFrom = least
        let (byNew, old) = OldSidePartners.inNewOrder(controls, oldToNew: oldToNew, moved: moved)
        controlsByNew = byNew
        controlsOld = old
        controlPlaces = FirstPast(controlsOld)
    }

    /// For a control moved from old index `i` to new index `j`: the least new
    /// index of an old status after it that is now read before it.
    ///
    /// - Complexity: O(log k).
    func statusNowBefore(control i: Int, now j: Int) -> Int? {
        let lo = SortedPositions.firstAbove(i, in: statuses)
        return leastNewFrom[lo] < j ? leastNewFrom[lo] : nil
    }

    /// For a status moved from old index `i` to new index `j`: the least new
    /// index of an old control before it that is now read after it.
    ///
    /// - Complexity: O(log k).
    func controlNowAfter(status i: Int, now j: Int) -> Int? {
        controlPlaces.first(from: SortedPositions.firstAbove(j, in: controlsByNew), below: i).map { controlsByNew[$0] }
    }
}
