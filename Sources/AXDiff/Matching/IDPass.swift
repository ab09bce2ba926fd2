import AXSnapshot

/// Pass 1 of matching (equal non-empty ids, k-th occurrence to k-th) keyed
/// by a 64-bit fingerprint of each id's bytes instead of the id itself.
///
/// Every stop of both versions has its id hashed, and `String`'s own hash
/// (SipHash over the bytes, fed one at a time, behind canonical-equivalence
/// checks) was a fifth of a large diff; and a dictionary of 100,000 keys is
/// probed at random, a cache miss per stop. Here both sides' fingerprints
/// are grouped into small buckets by their top bits (a counting sort), each
/// bucket is sorted, and equal fingerprints are paired k-th to k-th by
/// walking the two sorted buckets side by side.
///
/// The result is exactly `Matcher.pass` on the ids, or nothing:
/// - fingerprints are made only of ASCII ids, whose `==` is byte equality
///   (a non-ASCII id can equal an ASCII one: "\u{212A}" is "K");
/// - every pair found is checked on the ids before any is made, so two
///   different ids with one fingerprint are caught.
/// In either case `pair` returns false and the caller runs `Matcher.pass`.
/// (If every pair found joins equal ids, pairing the k-th stop of each
/// fingerprint is pairing the k-th stop of each id.) Sorting within buckets
/// keeps the cost O(n log n) even for fingerprints crafted to share one.
enum IDPass {
    /// - Complexity: O(n log b), where n is the number of stops and b the
    ///   size of the largest bucket (about 4 for spread fingerprints).
    static func pair(_ m: inout Matching, old: [Stop], new: [Stop]) -> Bool {
        // Both sides' fingerprints first, so that a non-ASCII id gives up
        // before anything is paired.
        guard let oldPrints = fingerprints(old, free: { m.oldToNew[$0] == nil }),
              let newPrints = fingerprints(new, free: { m.newToOld[$0] == nil }) else { return false }
        let total = old.count + new.count
        // About four stops per bucket (both sides): buckets of 32, sorted by
        // insertion, cost most of this pass (callgrind); which bucket a
        // fingerprint falls in does not change the pairs.
        let bits = max(0, Int.bitWidth - total.leadingZeroBitCount - 2)
        let oldBuckets = Buckets(oldPrints, bits: bits), newBuckets = Buckets(newPrints, bits: bits)
        var candidate = [Int](repeating: -1, count: new.count)
        for b in 0..<(1 << bits) {
            // Sorted by fingerprint, then reading order: equal fingerprints are
            // runs in reading order, paired first to first.
            var x = oldBuckets.start[b], y = newBuckets.start[b]
            while x < oldBuckets.start[b + 1], y < newBuckets.start[b + 1] {
                let (o, n) = (oldBuckets.entries[x], newBuckets.entries[y])
                if o.print < n.print {
                    x += 1
                } else if n.print < o.print {
                    y += 1
                } else {
                    candidate[n.stop] = o.stop
                    x += 1
                    y += 1
                }
            }
        }
        for j in candidate.indices where candidate[j] >= 0 {
            guard old[candidate[j]].id == new[j].id else { return false }
        }
        for j in candidate.indices where candidate[j] >= 0 { m.pair(old: candidate[j], new: j) }
        return true
    }

    /// The stops with a fingerprint, grouped by its top `bits` bits (in
    /// reading order within a group: a counting sort), each group then
    /// sorted by fingerprint, ties in reading order.
    struct Buckets {
        var entries: [(print: UInt64, stop: Int)]
        var start: [Int]

        /// - Complexity: O(n + 2^bits + Σ g log g) for groups of g stops.
        init(_ prints: [UInt64], bits: Int) {
            let shift = UInt64(UInt64.bitWidth - bits)
            start = [Int](repeating: 0, count: (1 << bits) + 1)
            for print in prints where print != IDPass.none { start[Int(print >> shift) + 1] += 1 }
            for b in 0..<(1 << bits) { start[b + 1] += start[b] }
            var next = start
            entries = Array(repeating: (0, 0), count: start[1 << bits])
            for i in prints.indices where prints[i] != IDPass.none {
                let b = Int(prints[i] >> shift)
                entries[next[b]] = (prints[i], i)
                next[b] += 1
            }
            for b in 0..<(1 << bits) where start[b + 1] - start[b] > 1 {
                let (lo, hi) = (start[b], start[b + 1])
                if hi - lo > 32 {
                    entries[lo..<hi].sort { $0.print != $1.print ? $0.print < $1.print : $0.stop < $1.stop }
                    continue
                }
                // A small group (the usual): insertion sort, stable.
                for k in (lo + 1)..<hi {
                    let entry = entries[k]
                    var p = k
                    while p > lo, entries[p - 1].print > entry.print {
                        entries[p] = entries[p - 1]
                        p -= 1
                    }
                    entries[p] = entry
                }
            }
        }
    }

    /// The fingerprint of each free stop's non-empty id (`none` for the
    /// others), or nil when an id is not ASCII.
    ///
    /// - Complexity: O(n + b) for n stops with b bytes of ids.
    static func fingerprints(_ stops: [Stop], free: (Int) -> Bool) -> [UInt64]? {
        var prints = [UInt64](repeating: none, count: stops.count)
        for i in stops.indices where free(i) {
            guard var id = stops[i].id, !id.isEmpty else { continue }
            guard let print = id.withUTF8(fingerprint) else { return nil }
            // A fingerprint that happens to be `none` shares 1 with others:
            // shared fingerprints are told apart by the ids anyway.
            prints[i] = print == none ? 1 : print
        }
        return prints
    }

    /// No id (an array of optionals would take twice the memory).
    static let none: UInt64 = 0

    /// A 64-bit mix of the bytes, eight at a time, or nil for non-ASCII bytes.
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let raw = UnsafeRawBufferPointer(bytes)
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        var tail: UInt64 = 0
        while i < raw.count {
            tail = tail << 8 | UInt64(raw[i])
            high |= UInt64(raw[i])
            i += 1
        }
        guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
