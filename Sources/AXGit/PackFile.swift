#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pack of the object database and its index (version 2), mapped read-only: finds an
/// object's offset by id and reads the entry header there.
///
/// Everything read from the files is bounds-checked: a damaged pack makes a lookup or an
/// entry come back nil (the caller then asks libgit2, which reports the damage), never a
/// read outside the mapping.
final class PackFile {
    /// What a pack entry's header says.
    struct Entry {
        enum Kind {
            /// A whole object of git's type number 1–4 (commit, tree, blob, tag).
            case whole(type: Int)
            /// A delta against the entry at this offset (OFS_DELTA).
            case offsetDelta(base: Int)
            /// A delta against the object with this id (REF_DELTA).
            case referenceDelta(base: ObjectID)
        }
        let kind: Kind
        /// The inflated size: the object's, or for a delta the delta's own.
        let size: Int
        /// Where the zlib stream begins.
        let dataOffset: Int
    }

    /// git's type number for a blob.
    static let blobType = 3

    let pack: MappedFile
    private let index: MappedFile
    private let count: Int
    private let idsStart = 8 + 1024
    private var offsetsStart: Int { idsStart + count * 24 }
    private var largeOffsetsStart: Int { offsetsStart + count * 4 }

    /// Nil unless `idxPath` is a version 2 index whose pack (same name, `.pack`) is there,
    /// holds as many objects and ends in the checksum the index records.
    init?(idxPath: String) {
        guard idxPath.hasSuffix(".idx"), let index = MappedFile(path: idxPath),
              let pack = MappedFile(path: String(idxPath.dropLast(4)) + ".pack"),
              index.count >= 8 + 1024 + 40, index.bigEndian32(at: 0) == 0xff74_4f63, index.bigEndian32(at: 4) == 2,
              pack.count >= 12 + 20, pack.bigEndian32(at: 0) == 0x5041_434b,      // "PACK"
              [2, 3].contains(pack.bigEndian32(at: 4)) else { return nil }
        let count = Int(index.bigEndian32(at: 8 + 255 * 4))
        // The index records the checksum that ends its pack (as libgit2 checks): a pack cut
        // short or replaced under the same name does not match.
        guard count == Int(pack.bigEndian32(at: 8)), index.count >= 8 + 1024 + count * 28 + 40,
              memcmp(pack.base + pack.count - 20, index.base + index.count - 40, 20) == 0 else { return nil }
        self.index = index
        self.pack = pack
        self.count = count
    }

    /// The offset of `id`'s entry in the pack, if the pack holds it.
    ///
    /// - Complexity: O(log n): the fan-out table narrows to the ids with the same first byte,
    ///   then a binary search.
    func offset(of id: ObjectID) -> Int? {
        let first = id.firstByte
        var low = first == 0 ? 0 : Int(index.bigEndian32(at: 8 + (first - 1) * 4))
        var high = Int(index.bigEndian32(at: 8 + first * 4))
        guard low <= high, high <= count else { return nil }
        // libgit2's 20 bytes on the stack: no array per lookup.
        let oid = id.oid
        let found: Int? = withUnsafeBytes(of: oid.id) { key in
            guard let keyBase = key.baseAddress else { return nil }
            while low < high {
                let middle = (low + high) / 2
                let order = memcmp(index.base + idsStart + middle * 20, keyBase, 20)
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
        return found.flatMap(offset(at:))
    }

    /// The pack offset of the `n`th id: 31 bits in the main table, or an index into the table
    /// of 64-bit offsets that follows it.
    private func offset(at n: Int) -> Int? {
        let small = index.bigEndian32(at: offsetsStart + 4 * n)
        guard small & 0x8000_0000 != 0 else { return Int(small) }
        let slot = largeOffsetsStart + 8 * Int(small & 0x7fff_ffff)
        guard slot + 8 <= index.count - 40 else { return nil }
        let value = UInt64(index.bigEndian32(at: slot)) << 32 | UInt64(index.bigEndian32(at: slot + 4))
        return Int(exactly: value)
    }

    /// The header of the entry at `offset`: type and size (base-128, four bits in the first
    /// byte), then for OFS_DELTA the distance back to the base, for REF_DELTA the base's id.
    func entry(at offset: Int) -> Entry? {
        let end = pack.count - 20
        guard offset >= 12, offset < end else { return nil }
        let bytes = pack.base.assumingMemoryBound(to: UInt8.self)
        var position = offset
        var byte = bytes[position]
        position += 1
        let type = Int(byte >> 4) & 7
        var size = Int(byte & 0x0f)
        var shift = 4
        while byte & 0x80 != 0 {
            guard position < end, shift <= 56 else { return nil }
            byte = bytes[position]
            position += 1
            size |= Int(byte & 0x7f) << shift
            shift += 7
        }
        switch type {
        case 1...4:
            return Entry(kind: .whole(type: type), size: size, dataOffset: position)
        case 6:
            guard position < end else { return nil }
            byte = bytes[position]
            position += 1
            var distance = Int(byte & 0x7f)
            while byte & 0x80 != 0 {
                guard position < end, distance < Int.max >> 8 else { return nil }
                byte = bytes[position]
                position += 1
                distance = ((distance + 1) << 7) | Int(byte & 0x7f)
            }
            guard distance > 0, distance < offset else { return nil }
            return Entry(kind: .offsetDelta(base: offset - distance), size: size, dataOffset: position)
        case 7:
            guard position + 20 <= end,
                  let base = ObjectID(bytes: UnsafeRawBufferPointer(start: pack.base + position, count: 20)) else { return nil }
            return Entry(kind: .referenceDelta(base: base), size: size, dataOffset: position + 20)
        default:
            return nil
        }
    }

    /// The bytes from `offset` to the pack's trailing checksum (a zlib stream's input).
    func data(from offset: Int) -> (UnsafeRawPointer, Int) {
        (pack.base + offset, pack.count - 20 - offset)
    }
}
