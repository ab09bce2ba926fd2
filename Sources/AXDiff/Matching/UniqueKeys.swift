/// A table from a 64-bit key to the one index added with it, or -1 once a
/// second index came with the same key: what `AnchorPass.pairUnique` counts
/// label hashes with.
///
/// The keys are hashes already, so a slot is found by mixing the key in a
/// few steps, where a `Dictionary` ran each through `Hasher` (SipHash) first:
/// about a quarter of matching a 10,000-stop screen of duplicate rows
/// (callgrind). Open addressing, at most half full. The mix starts from a
/// seed drawn once per process, as `Hasher`'s does, so a snapshot cannot be
/// written to crowd the table's slots; what the table answers does not depend
/// on the seed.
struct UniqueKeys {
    private var keys: [UInt64]
    /// The index added with each slot's key, -1 for several, `Int.min` for an empty slot.
    private var indices: [Int]
    private let shift: UInt64
    private(set) var count = 0

    /// Room for `capacity` keys.
    init(capacity: Int) {
        var bits = 4
        while 1 << bits < 2 * max(capacity, 1) { bits += 1 }
        keys = [UInt64](repeating: 0, count: 1 << bits)
        indices = [Int](repeating: .min, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    var isEmpty: Bool { count == 0 }

    private static let seed = UInt64.random(in: .min ... .max)

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(_ key: UInt64) -> Int {
        let mask = keys.count - 1
        // Every bit of the key reaches the top bits the slot is taken from.
        var h = (key ^ Self.seed) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        h = h &* 0x94D0_49BB_1331_11EB
        var s = Int(truncatingIfNeeded: h >> shift)
        while indices[s] != .min, keys[s] != key { s = (s + 1) & mask }
        return s
    }

    /// Adds `index` under `key`; a key added again keeps -1 from then on.
    mutating func add(_ key: UInt64, _ index: Int) {
        let s = slot(key)
        if indices[s] == .min {
            keys[s] = key
            indices[s] = index
            count += 1
            // Half full at most, so a probe ends soon and always ends.
            if 2 * count > keys.count { grow() }
        } else {
            indices[s] = -1
        }
    }

    /// The index under `key`: nil when absent, -1 when several came with it.
    func index(of key: UInt64) -> Int? {
        let s = slot(key)
        return indices[s] == .min ? nil : indices[s]
    }

    /// Every key with the index under it (-1 for several), in no set order.
    func forEach(_ body: (UInt64, Int) -> Void) {
        for s in keys.indices where indices[s] != .min { body(keys[s], indices[s]) }
    }

    private mutating func grow() {
        var bigger = UniqueKeys(capacity: keys.count)
        for s in keys.indices where indices[s] != .min {
            let t = bigger.slot(keys[s])
            bigger.keys[t] = keys[s]
            bigger.indices[t] = indices[s]
            bigger.count += 1
        }
        self = bigger
    }
}
