import AXSnapshot

/// The non-empty ids of one version's stops as 64-bit fingerprints, sorted:
/// what matching pairs ids unique in both versions by (`AnchorPass.pairUniqueIDs`).
///
/// Computed once per version, when it is prepared (`PreparedVersion`):
/// walking history, a version is the new side of one diff and the old side
/// of the next. Sorted once, two versions are paired by one merge walk.
///
/// Only ASCII ids are fingerprinted: their `==` is byte equality (a
/// non-ASCII id can equal an ASCII one: "\u{212A}" is "K"), so a version
/// with another id has no prints and the matcher compares ids as strings.
struct IDPrints: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var print: UInt64
        /// The stop's index.
        var stop: Int

        init(print: UInt64, stop: Int) {
            self.print = print
            self.stop = stop
        }
    }

    /// The stops with a non-empty id, by fingerprint, ties in reading order.
    let entries: [Entry]

    /// The prints of `stops`, or nil when an id is not ASCII.
    ///
    /// - Complexity: O(b + n log g) for n stops with ids of b bytes, where g
    ///   is the largest group of prints sharing their top bits (about four
    ///   for spread prints; a group over 32 is sorted, so crafted prints
    ///   cost O(n log n)).
    init?(_ stops: [Stop]) {
        var prints: [Entry] = []
        prints.reserveCapacity(stops.count)
        for i in stops.indices {
            guard let id = stops[i].id, !id.isEmpty else { continue }
            guard let print = Self.fingerprint(id) else { return nil }
            prints.append(Entry(print: print, stop: i))
        }
        entries = Self.sorted(prints)
    }

    /// `prints` (in reading order) by print, ties in reading order: a
    /// counting sort by the top bits (about four entries per group, which
    /// keeps reading order), then each group by insertion (stable). Ties in
    /// reading order keep the result the same from run to run. (A comparison sort of every
    /// entry costs several times more; see BENCHMARKS.md.)
    static func sorted(_ prints: [Entry]) -> [Entry] {
        guard prints.count > 1 else { return prints }
        let bits = max(0, Int.bitWidth - prints.count.leadingZeroBitCount - 2)
        let shift = UInt64(UInt64.bitWidth - bits)
        var start = [Int](repeating: 0, count: (1 << bits) + 1)
        for e in prints { start[Int(e.print >> shift) + 1] += 1 }
        for b in 0..<(1 << bits) { start[b + 1] += start[b] }
        var next = start
        var out = prints
        for e in prints {
            let b = Int(e.print >> shift)
            out[next[b]] = e
            next[b] += 1
        }
        for b in 0..<(1 << bits) where start[b + 1] - start[b] > 1 {
            let (lo, hi) = (start[b], start[b + 1])
            if hi - lo > 32 {
                // A large group is mostly one id repeated (a column's id down
                // every row of a list): in reading order, it is in order
                // already, and sorting it cost half of making the prints
                // (callgrind).
                if !isOrdered(out[lo..<hi]) {
                    out[lo..<hi].sort { $0.print != $1.print ? $0.print < $1.print : $0.stop < $1.stop }
                }
                continue
            }
            for k in (lo + 1)..<hi {
                let entry = out[k]
                var p = k
                while p > lo, out[p - 1].print > entry.print {
                    out[p] = out[p - 1]
                    p -= 1
                }
                out[p] = entry
            }
        }
        return out
    }

    /// Whether `entries` (in reading order) are by print already.
    private static func isOrdered(_ entries: ArraySlice<Entry>) -> Bool {
        var k = entries.startIndex + 1
        while k < entries.endIndex {
            if entries[k - 1].print > entries[k].print { return false }
            k += 1
        }
        return true
    }

    /// A 64-bit mix of the id's bytes, eight at a time (each eight read as a
    /// little-endian word), or nil for non-ASCII bytes.
    static func fingerprint(_ id: String) -> UInt64? {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return fingerprint(id.utf8.span)
        }
        return fingerprint(ContiguousArray(id.utf8))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    static func fingerprint(_ bytes: Span<UInt8>) -> UInt64? {
        var mix = Mix(count: bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[i + k]) << UInt64(8 * k) }
            mix.add(word: word)
            i += 8
        }
        while i < bytes.count {
            mix.add(tail: bytes[i])
            i += 1
        }
        return mix.result
    }

    /// The same, for systems without `Span`.
    static func fingerprint(_ bytes: ContiguousArray<UInt8>) -> UInt64? {
        var mix = Mix(count: bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[i + k]) << UInt64(8 * k) }
            mix.add(word: word)
            i += 8
        }
        while i < bytes.count {
            mix.add(tail: bytes[i])
            i += 1
        }
        return mix.result
    }

    /// The state of `fingerprint`: words mixed in, then the tail.
    struct Mix {
        var hash: UInt64
        var high: UInt64 = 0
        var tail: UInt64 = 0

        init(count: Int) {
            hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        }

        mutating func add(word: UInt64) {
            high |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }

        mutating func add(tail byte: UInt8) {
            tail = tail << 8 | UInt64(byte)
            high |= UInt64(byte)
        }

        var result: UInt64? {
            guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
            let h = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return h ^ (h >> 29)
        }
    }
}
