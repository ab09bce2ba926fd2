/// Positions filed under 64-bit keys: the positions under a key are one run
/// of one array, ascending, each once.
///
/// A container's index files controls and objects under the keys of runs of
/// their words (`ContainerIndex`). A dictionary of arrays allocated an array
/// per distinct key and freed them all again, and sorting the pairs instead
/// cost as much (callgrind): here each key gets a group, and the positions
/// are counted into place.
///
/// The keys are hashes already (`WordKeys`, and runs of them), so groups are
/// found by an open-addressing table of their own: the key times a constant, its
/// top bits the slot, probing onwards. A `Dictionary` hashed every key again
/// with SipHash, the larger part of building the index (callgrind). The key
/// is mixed with a seed drawn once per process, so a snapshot cannot be
/// written to make its keys collide; the runs do not depend on the seed.
struct KeyedPositions {
    /// The open-addressing table: a group's number plus one, 0 for empty.
    private let slots: [Int]
    /// By group: its key, and its run `positions[start[g]..<end[g]]`.
    private let keys: [UInt64]
    private let start: [Int]
    private let end: [Int]
    private let positions: [Int]

    private static let seed = UInt64.random(in: .min ... .max)

    /// The first slot of `key` in a table of `1 << bits` slots.
    @inline(__always)
    private static func slot(_ key: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: ((key ^ seed) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// `pairs` in ascending order of position (a position may repeat, and
    /// be filed under one key more than once: it is kept once).
    ///
    /// - Complexity: O(p) expected for p pairs.
    init(_ pairs: [(key: UInt64, position: Int)]) {
        // Sized by the distinct keys as they come, not by the pairs: most keys are
        // shared, and a table for every pair was freed pages the process kept
        // (peak resident memory, flat group). At most half full.
        var bits = 4
        var slots = [Int](repeating: 0, count: 1 << bits)
        var keys: [UInt64] = []
        var count: [Int] = []
        var groupOfPair: [Int] = []
        groupOfPair.reserveCapacity(pairs.count)
        for pair in pairs {
            var s = Self.slot(pair.key, bits: bits)
            let mask = slots.count - 1
            while slots[s] != 0, keys[slots[s] - 1] != pair.key { s = (s + 1) & mask }
            let g: Int
            if slots[s] != 0 {
                g = slots[s] - 1
            } else {
                g = keys.count
                keys.append(pair.key)
                count.append(0)
                slots[s] = g + 1
                if 2 * keys.count > slots.count {
                    bits += 1
                    slots = Self.table(for: keys, bits: bits)
                }
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
        (self.slots, self.keys, self.start, self.end, self.positions) = (slots, keys, start, end, positions)
    }

    /// A table of `1 << bits` slots holding every group of `keys`.
    private static func table(for keys: [UInt64], bits: Int) -> [Int] {
        var slots = [Int](repeating: 0, count: 1 << bits)
        let mask = slots.count - 1
        for (g, key) in keys.enumerated() {
            var s = slot(key, bits: bits)
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = g + 1
        }
        return slots
    }

    /// Whether any position is filed under `key`.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func contains(_ key: UInt64) -> Bool {
        let mask = slots.count - 1
        var s = Self.slot(key, bits: slots.count.trailingZeroBitCount)
        while slots[s] != 0 {
            if keys[slots[s] - 1] == key { return true }
            s = (s + 1) & mask
        }
        return false
    }

    /// The positions filed under `key`, ascending (empty when none).
    ///
    /// - Complexity: O(1) expected.
    subscript(key: UInt64) -> ArraySlice<Int> {
        let bits = slots.count.trailingZeroBitCount
        let mask = slots.count - 1
        var s = Self.slot(key, bits: bits)
        while slots[s] != 0 {
            let g = slots[s] - 1
            if keys[g] == key { return positions[start[g]..<end[g]] }
            s = (s + 1) & mask
        }
        return []
    }
}
