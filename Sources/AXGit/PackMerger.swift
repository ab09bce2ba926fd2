import CLibgit2
import Foundation

/// Merges packs that `PackWriter` wrote into one, so that a long backfill — a pack per batch
/// of notes — leaves one pack behind rather than one per 250 commits (every extra pack is one
/// more index to open and search when reading a note).
///
/// Only packs of whole objects are merged (what `PackWriter` writes): their entries are
/// copied byte for byte, in pack order, under their ids as the old index gives them. A pack that
/// is gone (`git gc` repacked it) is skipped; one holding a delta is left alone. The merged
/// pack is in place before the old ones are removed, index first, as git does: a reader
/// that still finds an old index and no pack looks in the other packs.
enum PackMerger {
    /// Merges `names` (`pack-<hash>`, in `objects/pack/`) and returns the new pack's name
    /// (`naming` hears it before the pack is put in place); nil when fewer than two of them could be
    /// merged (nothing is changed then).
    ///
    /// - Complexity: O(total bytes of the packs).
    static func merge(_ names: [String], in repository: Repository, naming: ((String) -> Void)? = nil) throws -> String? {
        let directory = (try repository.objectsDirectory() as NSString).appendingPathComponent("pack")
        // Mapped, not read: the entries are written out of the mappings as they are.
        var files: [MappedFile] = []
        var pieces: [PackWriter.Piece] = []
        var seen = Set<ObjectID>()
        var merged: [String] = []
        for name in names {
            let base = (directory as NSString).appendingPathComponent(name)
            guard let pack = MappedFile(path: base + ".pack"), let index = MappedFile(path: base + ".idx"),
                  let objects = wholeObjects(pack: UnsafeRawBufferPointer(start: pack.base, count: pack.count),
                                             index: UnsafeRawBufferPointer(start: index.base, count: index.count)) else { continue }
            // An object in two packs (the same note for two commits in two batches) is kept once.
            for object in objects where seen.insert(object.id).inserted {
                pieces.append(PackWriter.Piece(id: object.id, bytes: UnsafeRawBufferPointer(rebasing: object.entry), crc: object.crc))
            }
            files.append(pack)
            merged.append(base)
        }
        guard merged.count >= 2 else { return nil }
        let name = try withExtendedLifetime(files) { try PackWriter.write(pieces: pieces, to: repository, naming: naming) }
        for base in merged where (base as NSString).lastPathComponent != name {
            for suffix in [".idx", ".rev", ".pack"] { try? FileManager.default.removeItem(atPath: base + suffix) }
        }
        return name
    }

    /// The raw entries of a pack, in pack order, when every one is a whole object (no delta)
    /// and the index (version 2) matches the pack; nil otherwise. Each entry is a slice of
    /// `pack` with the CRC-32 its index records (checked by `git verify-pack` after a merge).
    static func wholeObjects(pack: UnsafeRawBufferPointer, index: UnsafeRawBufferPointer)
        -> [(id: ObjectID, entry: Slice<UnsafeRawBufferPointer>, crc: UInt32)]? {
        guard pack.count >= 32, pack.starts(with: Array("PACK".utf8)),
              index.count >= 8 + 1024, index[0..<8].elementsEqual([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]) else { return nil }
        let count = Int(readBigEndian(index, at: 8 + 255 * 4))
        let offsetsStart = 8 + 1024 + count * 24
        guard count == Int(readBigEndian(pack, at: 8)), index.count >= offsetsStart + count * 4 + 40 else { return nil }
        let crcsStart = 8 + 1024 + count * 20
        var located: [(offset: Int, id: ObjectID, crc: UInt32)] = []
        located.reserveCapacity(count)
        for i in 0..<count {
            let offset = readBigEndian(index, at: offsetsStart + 4 * i)
            guard offset & 0x8000_0000 == 0,                        // a 64-bit offset: not a pack of ours
                  let id = ObjectID(bytes: index[8 + 1024 + 20 * i..<8 + 1024 + 20 * (i + 1)]) else { return nil }
            located.append((Int(offset), id, readBigEndian(index, at: crcsStart + 4 * i)))
        }
        located.sort { $0.offset < $1.offset }
        let end = pack.count - 20
        var entries: [(id: ObjectID, entry: Slice<UnsafeRawBufferPointer>, crc: UInt32)] = []
        entries.reserveCapacity(count)
        for (i, object) in located.enumerated() {
            let start = object.offset
            let stop = i + 1 < located.count ? located[i + 1].offset : end
            guard start >= 12, start < stop, stop <= end else { return nil }
            let type = (pack[start] >> 4) & 0x07
            guard (1...4).contains(type) else { return nil }        // 6, 7: deltas
            entries.append((object.id, pack[start..<stop], object.crc))
        }
        return entries
    }

    private static func readBigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
