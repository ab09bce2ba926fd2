/// The member keys a decoder wants from an object, by index, for
/// `JSONParser.memberKey(among:)` and `plainString(among:)`: a key is found by comparing
/// the bytes written in the file with the names that start with its first
/// byte, with no `String` made of the key and no array per name.
///
/// Where eight bytes can be read at the key, its first eight are compared
/// with each candidate's at once (one load, a mask, one comparison): most
/// keys and role names are no longer than that.
///
/// - Complexity: finding a key is O(k · m) at worst, where k is the number of
///   names that share its first byte and m its length.
struct JSONKeys {
    /// The names' UTF-8 bytes, one after another.
    private let table: [UInt8]
    /// What a look-up reads of one name, side by side: one bounds check and
    /// one cache line per candidate.
    private struct Entry {
        /// The name's first eight bytes as one little-endian word (zero past
        /// its end), and the mask of the bytes it has among those eight.
        var head: UInt64, headMask: UInt64
        /// Where the name starts in `table`, and its length.
        var start: Int, length: Int
        /// The next name with the same first byte, -1 for none.
        var next: Int
    }
    /// By index.
    private let entries: [Entry]
    /// By byte value: the first name that starts with that byte, -1 for none.
    private let firstWith: [Int]

    init(_ names: [String]) {
        var table: [UInt8] = [], entries: [Entry] = []
        var firstWith = [Int](repeating: -1, count: 256), lastWith = firstWith
        for (index, name) in names.enumerated() {
            precondition(name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
                         "a name is plain ASCII, so a key written with no escape spells it byte for byte")
            var head: UInt64 = 0
            for (k, byte) in name.utf8.prefix(8).enumerated() { head |= UInt64(byte) << (8 * k) }
            let length = name.utf8.count
            entries.append(Entry(head: head, headMask: length >= 8 ? ~0 : (1 << (8 * UInt64(length))) - 1,
                                 start: table.count, length: length, next: -1))
            table += name.utf8
            guard let lead = name.utf8.first.map(Int.init) else { continue }
            if lastWith[lead] < 0 { firstWith[lead] = index } else { entries[lastWith[lead]].next = index }
            lastWith[lead] = index
        }
        (self.table, self.entries, self.firstWith) = (table, entries, firstWith)
    }

    /// The index of the first name spelled by `bytes[range]`, else nil.
    func index<Bytes: RandomAccessCollection>(of range: Range<Int>, in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard !range.isEmpty else { return nil }
        var index = firstWith[Int(bytes[range.lowerBound])]
        while index >= 0 {
            let entry = entries[index]
            if entry.length == range.count {
                var k = 1
                while k < range.count, table[entry.start + k] == bytes[range.lowerBound + k] { k += 1 }
                if k == range.count { return index }
            }
            index = entry.next
        }
        return nil
    }

    /// The first name whose bytes `bytes` hold from `start`, followed by `terminator`:
    /// its index, and where the terminator is. Inlined: every member key and
    /// role goes through it, and a call cost a third of the look-up.
    @inline(__always)
    func name(at start: Int, in bytes: UnsafeBufferPointer<UInt8>, before terminator: UInt8) -> (index: Int, end: Int)? {
        guard start < bytes.count else { return nil }
        if start + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
            var index = firstWith[Int(word & 0xFF)]
            while index >= 0 {
                let entry = entries[index]
                let end = start + entry.length
                if word & entry.headMask == entry.head, end < bytes.count, bytes[end] == terminator {
                    var k = 8
                    while k < entry.length, table[entry.start + k] == bytes[start + k] { k += 1 }
                    if k >= entry.length { return (index, end) }
                }
                index = entry.next
            }
            return nil
        }
        var index = firstWith[Int(bytes[start])]
        while index >= 0 {
            let entry = entries[index]
            let end = start + entry.length
            if end < bytes.count, bytes[end] == terminator {
                var k = 1
                while k < entry.length, table[entry.start + k] == bytes[start + k] { k += 1 }
                if k == entry.length { return (index, end) }
            }
            index = entry.next
        }
        return nil
    }

    /// The index of the first name `key` is, byte for byte, else nil. For names
    /// of ASCII letters and digits, that is the name `key` equals as a `String`:
    /// no other text is canonically equivalent to one.
    func index(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { index(of: $0.indices, in: $0) }
    }
}
