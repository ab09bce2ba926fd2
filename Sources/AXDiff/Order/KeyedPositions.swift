/// Positions filed under 64-bit keys: the positions under a key are one run
/// of one array, ascending, each once.
///
/// A container's index files every control under each word of its label.
/// A dictionary of arrays allocated an array per distinct word and freed
/// them all again, and sorting the pairs instead cost as much (callgrind):
/// here a dictionary maps each key to its run, and the positions are
/// counted into place.
struct KeyedPositions {
    /// Each key's run: `positions[start[g]..<end[g]]` for group `g`.
    private let group: [UInt64: Int]
    private let start: [Int]
    private let end: [Int]
    private let positions: [Int]

    /// `pairs` in ascending order of position (a position may repeat, and
    /// be filed under one key more than once: it is kept once).
    ///
    /// - Complexity: O(p) for p pairs.
    init(_ pairs: [(key: UInt64, position: Int)]) {
        // Not reserved for every pair: most keys are shared, and a table sized for all
        // of them was freed pages the process kept (peak resident memory, flat group).
        var group: [UInt64: Int] = [:]
        var groupOfPair: [Int] = []
        groupOfPair.reserveCapacity(pairs.count)
        var count: [Int] = []
        for pair in pairs {
            let g: Int
            if let known = group[pair.key] {
                g = known
            } else {
                g = count.count
                group[pair.key] = g
                count.append(0)
            }
            count[g] += 1
            groupOfPair.append(g)
        }
        var start = [Int](repeating: 0, count: count.count)
        var total = 0
        for g in count.indices {
            start[g] = total
            total += count[g]
        }
        var end = start
        var positions = [Int](repeating: 0, count: total)
        for (pair, g) in zip(pairs, groupOfPair) where end[g] == start[g] || positions[end[g] - 1] != pair.position {
            positions[end[g]] = pair.position
            end[g] += 1
        }
        self.group = group
        self.start = start
        self.end = end
        self.positions = positions
    }

    /// The positions filed under `key`, ascending (empty when none).
    ///
    /// - Complexity: O(1) expected.
    subscript(key: UInt64) -> ArraySlice<Int> {
        guard let g = group[key] else { return [] }
        return positions[start[g]..<end[g]]
    }
}
