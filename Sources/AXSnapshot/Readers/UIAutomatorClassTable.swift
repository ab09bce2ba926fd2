/// The distinct `class` values of a dump, each once, in order of first
/// appearance (`UIAutomatorNode.classIndex`), found by their bytes: a dump
/// names a few dozen classes, one on every node, and looking one up must not
/// make a `String`.
///
/// Names that Swift holds equal share one entry, as they did as dictionary
/// keys (`"K"` and the Kelvin sign `"\u{212A}"` are one class, named as first
/// seen): a spelling not seen before is looked up by `String` once.
struct UIAutomatorClassTable {
    /// The classes, by index.
    private(set) var names: [String] = []
    private var byName: [String: Int] = [:]
    /// Every spelling seen, its bytes one after another.
    private var spellingBytes: [UInt8] = []
    private var spellings: [(start: Int, count: Int, index: Int)] = []
    /// Open addressing over `spellings`, -1 where free; at most half full.
    private var slots = [Int](repeating: -1, count: 64)

    /// The index of the class spelled `name`, added if new.
    ///
    /// - Complexity: O(n) expected, where n is the length of `name`.
    mutating func index(of name: UnsafeBufferPointer<UInt8>) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
        while slots[slot] >= 0 {
            let spelling = spellings[slots[slot]]
            if spelling.count == name.count, spellingBytes.withUnsafeBufferPointer({
                Self.equal(UnsafeBufferPointer(rebasing: $0[spelling.start..<(spelling.start + spelling.count)]), name)
            }) {
                return spelling.index
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: name, as: UTF8.self)
        let index: Int
        if let known = byName[string] {
            index = known
        } else {
            index = names.count
            names.append(string)
            byName[string] = index
        }
        slots[slot] = spellings.count
        spellings.append((spellingBytes.count, name.count, index))
        spellingBytes.append(contentsOf: name)
        if spellings.count * 2 > slots.count { grow() }
        return index
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (n, spelling) in spellings.enumerated() {
            var slot = spellingBytes[spelling.start..<(spelling.start + spelling.count)].withUnsafeBufferPointer {
                Int(truncatingIfNeeded: Self.hash($0)) & mask
            }
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = n
        }
    }

    /// Whether `a` and `b`, of the same length, hold the same bytes:
    /// compared eight at a time as `hash` reads them, the last eight as one
    /// word even where it overlaps the one before. A class name is some
    /// thirty bytes, where a call to `memcmp` cost as much as the comparing.
    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = a.count
        guard n >= 8, let pa = a.baseAddress, let pb = b.baseAddress else { return a.elementsEqual(b) }
        let ra = UnsafeRawPointer(pa), rb = UnsafeRawPointer(pb)
        var k = 0
        while k + 8 < n {
            if ra.loadUnaligned(fromByteOffset: k, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
                return false
            }
            k += 8
        }
        return ra.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }

    /// FNV-1a over the bytes taken eight at a time (a class name is some
    /// thirty bytes: a quarter of the steps of one per byte), the last eight
    /// read as one word even where it overlaps the one before, then mixed so
    /// that the low bits the slots use depend on every byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base), n = bytes.count
        if n < 8 {
            for b in bytes { h = (h ^ UInt64(b)) &* prime }
        } else {
            var k = 0
            while k + 8 < n {
                h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* prime
                k += 8
            }
            h = (h ^ raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) &* prime
        }
        return h ^ (h >> 29) ^ (h >> 47)
    }
}
