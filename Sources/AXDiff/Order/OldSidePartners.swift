/// One list of a moved stop's possible partners in a container of the old
/// version, for object before action (the objects a control may name, or
/// the controls that may name an object): the matched ones in the new
/// reading order, each with its old index, so that the pair a moved stop
/// repairs that comes first in the new order is found by meeting only the
/// partners on the other side of it in the old order, nearest first.
struct OldSidePartners {
    /// New indices, ascending.
    let byNew: [Int]
    /// Each one's old index, and the tree over them.
    let old: [Int]
    let places: FirstPast

    /// The matched stops among `positions` (positions in `index`).
    ///
    /// - Complexity: O(l log l) for l positions.
    init(_ positions: some Sequence<Int>, of index: ContainerIndex, oldToNew: [Int?]) {
        var pairs: [(new: Int, old: Int)] = []
        pairs.reserveCapacity(positions.underestimatedCount)
        let members = index.members
        for b in positions {
            let i = members[b]
            if let j = oldToNew[i] { pairs.append((j, i)) }
        }
        // New indices are distinct: one sorted order.
        pairs.sort { $0.new < $1.new }
        byNew = pairs.map(\.new)
        old = pairs.map(\.old)
        places = FirstPast(old)
    }

    /// The first position whose new index is above `j`.
    ///
    /// - Complexity: O(log l).
    func firstAfter(_ j: Int) -> Int {
        var (lo, hi) = (0, byNew.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if byNew[mid] <= j { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
