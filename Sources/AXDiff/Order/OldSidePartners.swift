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

    /// The matched stops among `positions` (positions in `index`);
    /// `moved` flags the old stops that moved (`OldSidePartners.inNewOrder`).
    ///
    /// - Complexity: O(l + m log m) for l positions, m of them moved.
    init(_ positions: some Sequence<Int>, of index: ContainerIndex, oldToNew: [Int?], moved: [Bool]) {
        let members = index.members
        (byNew, old) = Self.inNewOrder(positions.map { members[$0] }, oldToNew: oldToNew, moved: moved)
        places = FirstPast(old)
    }

    /// The matched stops among `olds` (old indices, ascending) by new index
    /// ascending, with each one's old index. `moved`, when given, flags the
    /// old stops that moved: the others keep their relative order, so only
    /// the moved ones (and any out of order) are sorted and then merged in.
    ///
    /// - Complexity: O(k + m log m) for k stops, m of them moved (O(k log k)
    ///   without `moved`).
    static func inNewOrder(_ olds: [Int], oldToNew: [Int?], moved: [Bool]) -> (byNew: [Int], old: [Int]) {
        var kept: [(new: Int, old: Int)] = [], rest: [(new: Int, old: Int)] = []
        kept.reserveCapacity(olds.count)
        for i in olds {
            guard let j = oldToNew[i] else { continue }
            if (moved.isEmpty || !moved[i]), kept.last.map({ $0.new < j }) ?? true {
                kept.append((j, i))
            } else {
                rest.append((j, i))
            }
        }
        // New indices are distinct, so this is the one sorted order.
        rest.sort { $0.new < $1.new }
        var byNew: [Int] = [], old: [Int] = []
        byNew.reserveCapacity(kept.count + rest.count)
        old.reserveCapacity(kept.count + rest.count)
        var (a, b) = (0, 0)
        while a < kept.count || b < rest.count {
            if b == rest.count || (a < kept.count && kept[a].new < rest[b].new) {
                byNew.append(kept[a].new)
                old.append(kept[a].old)
                a += 1
            } else {
                byNew.append(rest[b].new)
                old.append(rest[b].old)
                b += 1
            }
        }
        return (byNew, old)
    }

    /// The first position whose new index is above `j`.
    ///
    /// - Complexity: O(log l).
    func firstAfter(_ j: Int) -> Int {
        SortedPositions.firstAbove(j, in: byNew)
    }
}
