import CLibgit2
import Foundation

/// Writes objects as one pack file: whole objects (no deltas), zlib streams, then the SHA-1
/// of everything before it — git's pack format, version 2 — and its index (`PackIndex`),
/// as `objects/pack/pack-<checksum>.pack` and `.idx`, each written to a temporary file and
/// renamed; the index last, since readers find packs by their index.
///
/// Why a pack: one batch of notes is a few hundred objects (a blob per note, a tree per
/// fan-out directory touched). As a pack they are two files instead of hundreds, and the
/// pack directory is re-read once per batch instead of once per object.
enum PackWriter {
    /// A packed entry: its id and its bytes as stored (header and zlib stream).
    struct Entry {
        let id: ObjectID
        let bytes: ArraySlice<UInt8>
        /// Its CRC-32 when known already (a merged pack's index has it); computed if nil.
        var crc: UInt32? = nil
    }

    /// Notes are small text: fast compression. Trees are stored without compression: they are
    /// mostly ids, which do not compress, and deflating them was a third of writing notes.
    static let blobCompression: Int32 = 1

    /// Returns the pack's name (`pack-<checksum>`); `naming` is told it before the files are
    /// written (see `PackLedger`).
    static func write(_ objects: [ObjectBatch.Object], to repository: Repository,
                      naming: ((String) -> Void)? = nil) throws -> String {
        let deflater = Deflater(level: blobCompression)
        return try write(entries: try objects.map { Entry(id: $0.id, bytes: try entry(for: $0, deflater)[...]) },
                         to: repository, naming: naming)
    }

    /// Writes a pack of entries and its index; then the handle is told about the new pack.
    ///
    /// - Complexity: O(total bytes), plus O(n log n) to sort the index.
    static func write(entries: [Entry], to repository: Repository, naming: ((String) -> Void)? = nil) throws -> String {
        let directory = try packDirectory(of: repository)
        var pack: [UInt8] = Array("PACK".utf8)
        pack.reserveCapacity(12 + entries.reduce(0) { $0 + $1.bytes.count } + 20)
        appendBigEndian(2, to: &pack)
        appendBigEndian(UInt32(entries.count), to: &pack)
        var index: [PackIndex.Entry] = []
        index.reserveCapacity(entries.count)
        for entry in entries {
            guard pack.count <= PackIndex.maxOffset else {
                throw GitError(.tooLarge, "pack", "a pack of notes over 2 GB is not written")
            }
            index.append(PackIndex.Entry(id: entry.id, crc: entry.crc ?? PackIndex.crc(entry.bytes), offset: pack.count))
            pack += entry.bytes
        }
        let checksum = pack.withUnsafeBytes { SHA1.digest($0) }
        pack += checksum
        let name = "pack-" + (ObjectID(bytes: checksum) ?? .zero).hex
        let base = (directory as NSString).appendingPathComponent(name)
        naming?(name)
        try writeFile(pack, to: base + ".pack")
        try writeFile(PackIndex.encode(index, packChecksum: checksum), to: base + ".idx")
        try announce(to: repository)
        return name
    }

    /// `objects/pack/` of `repository`, made if it is missing.
    private static func packDirectory(of repository: Repository) throws -> String {
        let directory = (try repository.objectsDirectory() as NSString).appendingPathComponent("pack")
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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

    /// A piece of a pack written from memory that stays valid while it is written: an entry
    /// of a mapped pack (`PackMerger`), with its id and the CRC-32 its old index records.
    struct Piece {
        let id: ObjectID
        let bytes: UnsafeRawBufferPointer
        let crc: UInt32
    }

    /// Writes a pack of `pieces`, in order, and its index, like `write(entries:)`, streaming
    /// them through one small buffer into a temporary file (hashed on the way) instead of
    /// building the pack in memory first: a merge of a backfill's packs copied every byte
    /// twice more that way and faulted in a buffer the size of the pack. The pack is renamed
    /// into place once its name is known (`naming` hears it just before), the index after it.
    ///
    /// - Complexity: O(total bytes), plus O(n log n) to sort the index.
    static func write(pieces: [Piece], to repository: Repository, naming: ((String) -> Void)? = nil) throws -> String {
        let directory = try packDirectory(of: repository)
        let temporary = (directory as NSString).appendingPathComponent(PackLedger.temporaryPrefix + "\(getpid())_merge_\(UUID().uuidString.prefix(8)).pack")
        var stream = try FileStream(path: temporary)
        var header: [UInt8] = Array("PACK".utf8)
        appendBigEndian(2, to: &header)
        appendBigEndian(UInt32(pieces.count), to: &header)
        var index: [PackIndex.Entry] = []
        index.reserveCapacity(pieces.count)
        var offset = header.count
        do {
            try header.withUnsafeBytes { try stream.write($0) }
            for piece in pieces {
                guard offset <= PackIndex.maxOffset else {
                    throw GitError(.tooLarge, "pack", "a pack of notes over 2 GB is not written")
                }
                index.append(PackIndex.Entry(id: piece.id, crc: piece.crc, offset: offset))
                try stream.write(piece.bytes)
                offset += piece.bytes.count
            }
            let checksum = try stream.finish()
            let name = "pack-" + (ObjectID(bytes: checksum) ?? .zero).hex
            let base = (directory as NSString).appendingPathComponent(name)
            naming?(name)
            guard rename(temporary, base + ".pack") == 0 else {
                throw GitError(.other(-1), "pack", "cannot rename \(temporary) to \(base).pack: \(String(cString: strerror(errno)))")
            }
            try writeFile(PackIndex.encode(index, packChecksum: checksum), to: base + ".idx")
            try announce(to: repository)
            return name
        } catch {
            stream.abandon()
            unlink(temporary)
            throw error
        }
    }

    /// A file written through a buffer of 1 MB, hashed as it goes, with the SHA-1 of all it
    /// holds appended by `finish`.
    private struct FileStream {
        let path: String
        private var fd: Int32
        private var buffer: [UInt8] = []
        private var sha = SHA1()
        private static let capacity = 1 << 20

        init(path: String) throws {
            self.path = path
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o444)
            guard fd >= 0 else {
                throw GitError(.other(-1), "pack", "cannot create \(path): \(String(cString: strerror(errno)))")
            }
            buffer.reserveCapacity(Self.capacity)
        }

        mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
            var rest = bytes[...]
            while !rest.isEmpty {
                let room = Self.capacity - buffer.count
                let part = rest.prefix(room)
                buffer += part
                rest = rest.dropFirst(part.count)
                if buffer.count == Self.capacity { try flush() }
            }
        }

        /// Writes the checksum after everything else, closes the file and returns the checksum.
        mutating func finish() throws -> [UInt8] {
            try flush()
            let checksum = sha.finish()
            buffer = checksum
            try drain()
            let code = close(fd)
            fd = -1
            guard code == 0 else { throw GitError(.other(-1), "pack", "cannot close \(path): \(String(cString: strerror(errno)))") }
            return checksum
        }

        mutating func abandon() {
            if fd >= 0 { close(fd) }
            fd = -1
        }

        private mutating func flush() throws {
            buffer.withUnsafeBytes { sha.update($0) }
            try drain()
        }

        /// Writes the buffer out as it is and empties it.
        private mutating func drain() throws {
            var written = 0
            while written < buffer.count {
                let n = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
                guard n > 0 else { throw GitError(.other(-1), "pack", "cannot write \(path): \(String(cString: strerror(errno)))") }
                written += n
            }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, read-only as git's pack files are, and
    /// renames it into place, so no reader ever sees a partial file. Not synced to disk, like
    /// the loose objects libgit2 writes (`FileManager` synced each file: a tenth of the time).
    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let temporary = (path as NSString).deletingLastPathComponent + "/" + PackLedger.temporaryPrefix + "\(getpid())_" + (path as NSString).lastPathComponent
        func failure(_ what: String) -> GitError {
            GitError(.other(-1), "pack", "cannot \(what) \(temporary): \(String(cString: strerror(errno)))")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o444)
        guard fd >= 0 else { throw failure("create") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Foundation.write(fd, base + written, buffer.count - written)
            }
            guard n > 0 else {
                let error = failure("write")
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard close(fd) == 0 else { unlink(temporary); throw failure("close") }
        guard rename(temporary, path) == 0 else {
            let error = failure("rename to \(path):")
            unlink(temporary)
            throw error
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
