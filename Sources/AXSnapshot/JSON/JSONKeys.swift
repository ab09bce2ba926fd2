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
    /// By index: the name's first eight bytes as one little-endian word (zero
    /// past its end), and the mask of the bytes it has among those eight.
    private let heads: [UInt64], headMasks: [UInt64]
    /// Where each name starts in `table`, and its length, by index.
    private let starts: [Int], lengths: [Int]
    /// By byte value: the first name that starts with that byte, -1 for none.
    private let firstWith: [Int]
    /// By index: the next name with the same first byte, -1 for none.
    private let next: [Int]

    init(_ names: [String]) {
        var table: [UInt8] = [], starts: [Int] = [], lengths: [Int] = []
        var firstWith = [Int](repeating: -1, count: 256), lastWith = firstWith
        var next = [Int](repeating: -1, count: names.count)
        var heads: [UInt64] = [], headMasks: [UInt64] = []
        for (index, name) in names.enumerated() {
            precondition(name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
                         "a name is plain ASCII, so a key written with no escape spells it byte for byte")
            starts.append(table.count)
            lengths.append(name.utf8.count)
            table += name.utf8
            var head: UInt64 = 0
            for (k, byte) in name.utf8.prefix(8).enumerated() { head |= UInt64(byte) << (8 * k) }
            heads.append(head)
            headMasks.append(name.utf8.count >= 8 ? ~0 : (1 << (8 * UInt64(name.utf8.count))) - 1)
            guard let lead = name.utf8.first.map(Int.init) else { continue }
            if lastWith[lead] < 0 { firstWith[lead] = index } else { next[lastWith[lead]] = index }
            lastWith[lead] = index
        }
        (self.table, self.starts, self.lengths, self.firstWith, self.next) = (table, starts, lengths, firstWith, next)
        (self.heads, self.headMasks) = (heads, headMasks)
    }

    /// The index of the first name spelled by `bytes[range]`, else nil.
    func index<Bytes: RandomAccessCollection>(of range: Range<Int>, in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard !range.isEmpty else { return nil }
        var index = firstWith[Int(bytes[range.lowerBound])]
        while index >= 0 {
            if lengths[index] == range.count {
                let start = starts[index]
                var k = 1
                while k < range.count, table[start + k] == bytes[range.lowerBound + k] { k += 1 }
                if k == range.count { return index }
            }
            index = next[index]
        }
        return nil
    }

    /// The first name whose bytes `bytes` hold from `start`, followed by `terminator`:
    /// its index, and where the terminator is.
    func name(at start: Int, in bytes: UnsafeBufferPointer<UInt8>, before terminator: UInt8) -> (index: Int, end: Int)? {
        guard start < bytes.count else { return nil }
        if start + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
            var index = firstWith[Int(word & 0xFF)]
            while index >= 0 {
                let end = start + lengths[index]
                if word & headMasks[index] == heads[index], end < bytes.count, bytes[end] == terminator {
                    let from = starts[index]
                    var k = 8
                    while k < lengths[index], table[from + k] == bytes[start + k] { k += 1 }
                    if k >= lengths[index] { return (index, end) }
                }
                index = next[index]
            }
            return nil
        }
        var index = firstWith[Int(bytes[start])]
        while index >= 0 {
            let end = start + lengths[index]
            if end < bytes.count, bytes[end] == terminator {
                let from = starts[index]
                var k = 1
                while k < lengths[index], table[from + k] == bytes[start + k] { k += 1 }
                if k == lengths[index] { return (index, end) }
            }
            index = next[index]
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
