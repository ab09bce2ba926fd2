import CLibgit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// Writes objects as one pack file: whole objects (no deltas), zlib streams, then the SHA-1
/// of everything before it — git's pack format, version 2 — and its index (`PackIndex`),
/// as `objects/pack/pack-<checksum>.pack` and `.idx`.
///
/// Why a pack: one batch of notes is a few hundred objects (a blob per note, a tree per
/// fan-out directory touched). As a pack they are two files instead of hundreds, and the
/// pack directory is re-read once per batch instead of once per object.
///
/// git's rules for a pack that no ref reaches yet, followed here: a `.keep` naming the writer
/// (pid and host) is in place before the pack is, so `git repack -a -d`, `git gc` and
/// `git prune` leave it alone until the ref moves (`InFlightPack.release`); the pack and its
/// index are each written to a temporary file, fsynced and renamed, the index last (readers
/// find packs by their index), and the directory is fsynced before the pack is handed back.
/// A write that fails (a full disk) removes what it wrote; a writer killed half-way leaves
/// its `.keep`, which says whose files these are (`PackLeftovers`).
enum PackWriter {
    /// A packed entry: its id and its bytes as stored (header and zlib stream).
    struct Entry {
        let id: ObjectID
        let bytes: [UInt8]
    }

    /// Notes are small text: fast compression. Trees are stored without compression: they are
    /// mostly ids, which do not compress, and deflating them was a third of writing notes.
    static let blobCompression: Int32 = 1

    static func write(_ objects: [ObjectBatch.Object], to repository: Repository) throws -> InFlightPack {
        let deflater = Deflater(level: blobCompression)
        return try write(entries: try objects.map { Entry(id: $0.id, bytes: try entry(for: $0, deflater)) }, to: repository)
    }

    /// Writes a pack of entries, its `.keep` and its index; then the handle is told about the
    /// new pack.
    ///
    /// - Complexity: O(total bytes), plus O(n log n) to sort the index.
    static func write(entries: [Entry], to repository: Repository) throws -> InFlightPack {
        let directory = try packDirectory(of: repository)
        var pack: [UInt8] = Array("PACK".utf8)
        pack.reserveCapacity(12 + entries.reduce(0) { $0 + $1.bytes.count } + ObjectID.byteCount)
        appendBigEndian(2, to: &pack)
        appendBigEndian(UInt32(entries.count), to: &pack)
        var index: [PackIndex.Entry] = []
        index.reserveCapacity(entries.count)
        for entry in entries {
            guard pack.count <= PackIndex.maxOffset else {
                throw GitError(.tooLarge, "pack", "a pack of notes over 2 GB is not written")
            }
            index.append(PackIndex.Entry(id: entry.id, crc: PackIndex.crc(entry.bytes[...]), offset: pack.count))
            pack += entry.bytes
        }
        let checksum = try pack.withUnsafeBytes { try SHA1.digest($0) }
        pack += checksum
        let name = "pack-" + (ObjectID(bytes: checksum) ?? .zero).hex
        let base = FilePath.appending(directory, name)
        let keep = try InFlightPack.hold(name: name, in: directory, commonDir: repository.commonDir)
        // The same bytes may be in place already (the same batch written twice): then the
        // pack is left as it is, and only what this writer put there is removed on failure.
        let packExisted = access(base + ".pack", F_OK) == 0 && access(base + ".idx", F_OK) == 0
        do {
            if !packExisted {
                try writeFile(pack, to: base + ".pack", commonDir: repository.commonDir)
                try writeFile(try PackIndex.encode(index, packChecksum: checksum), to: base + ".idx", commonDir: repository.commonDir)
                try syncDirectory(directory)
            }
            try announce(to: repository)
        } catch {
            if !packExisted {
                unlink(base + ".idx")
                unlink(base + ".pack")
            }
            keep.release()
            throw error
        }
        return keep
    }

    /// `objects/pack/` of `repository`, made if it is missing.
    static func packDirectory(of repository: Repository) throws -> String {
        let objects = try repository.objectsDirectory()
        let directory = FilePath.appending(objects, "pack")
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            SharedPermissions.adjustPath(directory, below: objects, commonDir: repository.commonDir)
        }
        return directory
    }

    /// The handle lists packs once and looks again only when an object is missing: tells it
    /// about a pack just written.
    private static func announce(to repository: Repository) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, repository.handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        try check(git_odb_refresh(odb), "git_odb_refresh")
    }

    /// The prefix of every temporary file a writer makes in `objects/pack/`: `tmp_` is what
    /// `git prune` removes once it is old; the writer's pid and host say whose it is, and its
    /// liveness token (`WriterLiveness`) whether it still runs.
    static func temporaryPrefix(commonDir: String) -> String {
        let writer = WriterIdentity.writing(in: commonDir)
        return "tmp_axdiff_\(writer.pid)@\(writer.fileSafeHost)" + (writer.token.map { "@" + $0 } ?? "") + "_"
    }

    /// Writes `bytes` to a temporary file beside `path`, read-only as git's pack files are,
    /// fsyncs it and renames it into place, so no reader ever sees a partial file and the
    /// bytes are on disk before a ref can reach them.
    static func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t = 0o444, commonDir: String) throws {
        let temporary = FilePath.deletingLastComponent(path) + "/" + temporaryPrefix(commonDir: commonDir)
            + FilePath.lastComponent(path)
        do {
            try POSIXFile.replace(path, with: bytes, temporary: temporary, mode: mode, sync: true)
        } catch let failure as POSIXFile.Failure {
            throw GitError(.other(-1), "pack", failure.description)
        }
        SharedPermissions.adjust(path, commonDir: commonDir)
    }

    /// Makes the renames in `directory` durable.
    static func syncDirectory(_ directory: String) throws {
        do {
            try POSIXFile.syncDirectory(directory)
        } catch let failure as POSIXFile.Failure {
            throw GitError(.other(-1), "pack", failure.description)
        }
    }

    /// An object's packed entry: header, then its zlib stream.
    static func entry(for object: ObjectBatch.Object, _ deflater: Deflater) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(object.bytes.count + 32)
        appendHeader(type: UInt8(truncatingIfNeeded: object.type.rawValue), size: object.bytes.count, to: &out)
        if object.type == GIT_OBJECT_TREE {
            Deflater.store(object.bytes, into: &out)
        } else {
            try deflater.compress(object.bytes, into: &out)
        }
        return out
    }

    /// An entry's header: type in bits 4–6 of the first byte, the size in 4 bits there and
    /// then 7 bits per byte, least significant first; the high bit says another byte follows.
    static func appendHeader(type: UInt8, size: Int, to out: inout [UInt8]) {
        var rest = UInt64(size) >> 4
        var byte = type << 4 | UInt8(truncatingIfNeeded: size & 0x0f)
        while rest != 0 {
            out.append(byte | 0x80)
            byte = UInt8(truncatingIfNeeded: rest & 0x7f)
            rest >>= 7
        }
        out.append(byte)
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
