/// The role words `AriaRole` knows, each with its role and its `String` made
/// once, found by their bytes in a line: a word's first eight bytes (one
/// load) and its length pick a slot of an open-addressed table, so a word is
/// found with about one comparison and no `String` made of it.
///
/// Not `JSONKeys`, which compares every name sharing the first byte (a
/// dozen role words start with `t`, as many with `l`); and one value rather
/// than three globals, so that a line checks one lazy initialization.
struct AriaRoleWords {
    private let words: [String]
    private let roles: [AriaRole]
    /// The words' UTF-8 bytes, one after another, and where each starts.
    private let table: [UInt8], starts: [Int]
    /// By slot: the word there, its first eight bytes as one little-endian
    /// word (zero past its end), its length (0: an empty slot) and its
    /// index, kept together so that a probe reads one place (read by index
    /// from arrays of their own, they cost more loads and bounds checks).
    private struct Slot {
        var head: UInt64 = 0
        var length = 0
        var index = 0
    }
    private let slots: [Slot]
    /// The number of slots, less one (a power of two, less one).
    private let slotMask: Int
    /// The length of the longest word.
    let longest: Int

    init(_ words: [String], roles: [AriaRole]) {
        precondition(words.count == roles.count, "a role for every word")
        var heads: [UInt64] = [], lengths: [Int] = [], table: [UInt8] = [], starts: [Int] = []
        for word in words {
            precondition(!word.isEmpty && word.utf8.allSatisfy { $0 < 0x80 }, "a role word is ASCII")
            var head: UInt64 = 0
            for (k, byte) in word.utf8.prefix(8).enumerated() { head |= UInt64(byte) << (8 * UInt64(k)) }
            heads.append(head)
            lengths.append(word.utf8.count)
            starts.append(table.count)
            table += word.utf8
        }
        // At most a quarter full: a probe rarely meets another word.
        var slotCount = 16
        while slotCount < 4 * words.count { slotCount *= 2 }
        var slots = [Slot](repeating: Slot(), count: slotCount)
        for index in words.indices {
            var slot = Self.slot(heads[index], lengths[index], mask: slotCount - 1)
            while slots[slot].length != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = Slot(head: heads[index], length: lengths[index], index: index)
        }
        (self.words, self.roles) = (words, roles)
        (self.table, self.starts, self.slots, self.slotMask) = (table, starts, slots, slotCount - 1)
        longest = lengths.max() ?? 0
    }

    private static func slot(_ head: UInt64, _ length: Int, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The role and `String` of the word spelled by `bytes[range]`, else nil.
    func named(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String)? {
        guard let index = index(of: range, in: bytes) else { return nil }
        return (roles[index], words[index])
    }

    /// The role of the word spelled by `bytes[range]` (its platform role is
    /// the word), else nil.
    func role(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> AriaRole? {
        guard let index = index(of: range, in: bytes) else { return nil }
        return roles[index]
    }

    private func index(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = range.count
        guard length > 0, length <= longest else { return nil }
        var head: UInt64 = 0
        if range.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            // Eight bytes can be read at the word: its head in one load.
            head = UInt64(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
            if length < 8 { head &= (1 << (8 * UInt64(length))) - 1 }
        } else {
            for k in 0..<min(length, 8) { head |= UInt64(bytes[range.lowerBound + k]) << (8 * UInt64(k)) }
        }
        var slot = Self.slot(head, length, mask: slotMask)
        while true {
            let entry = slots[slot]
            guard entry.length != 0 else { return nil }
            if entry.head == head, entry.length == length {
                guard length > 8 else { return entry.index }
                let start = starts[entry.index]
                var k = 8
                while k < length, table[start + k] == bytes[range.lowerBound + k] { k += 1 }
                if k >= length { return entry.index }
            }
            slot = (slot + 1) & slotMask
        }
    }
}
