import CLibgit2

/// A pack's index (`.idx`, version 2): a 256-entry fan-out table of counts by first id byte,
/// the sorted ids, each entry's CRC-32, each entry's offset, the pack's checksum, and the
/// SHA-1 of all that. `PackWriter` knows every id and offset as it writes, so it writes the
/// index itself: libgit2's indexer would inflate and hash every object again to learn them.
struct PackIndex {
    struct Entry {
        let id: ObjectID
        let crc: UInt32
        let offset: Int
    }

    /// Offsets this large need the index's 64-bit table, which is not written here.
    static let maxOffset = Int(Int32.max)

    /// - Complexity: O(n log n) in the entries (the sort by id).
    static func encode(_ unsorted: [Entry], packChecksum: [UInt8]) throws -> [UInt8] {
        let entries = unsorted.sorted { $0.id < $1.id }
        var out: [UInt8] = [0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]
        out.reserveCapacity(8 + 1024 + entries.count * (ObjectID.byteCount + 8) + 2 * ObjectID.byteCount)
        var counts = [UInt32](repeating: 0, count: 256)
        for entry in entries { counts[entry.id.firstByte] += 1 }
        var running: UInt32 = 0
        for count in counts {
            running += count
            PackWriter.appendBigEndian(running, to: &out)
        }
        for entry in entries { entry.id.append(to: &out) }
        for entry in entries { PackWriter.appendBigEndian(entry.crc, to: &out) }
        for entry in entries { PackWriter.appendBigEndian(UInt32(entry.offset), to: &out) }
        out += packChecksum
        out += try out.withUnsafeBytes { try SHA1.digest($0) }
        return out
    }

    /// The CRC-32 git keeps per entry (of its header and compressed bytes, as stored).
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
    }
}
