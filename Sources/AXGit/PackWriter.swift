import CLibgit2
import Foundation

/// Writes objects as one pack file: whole objects (no deltas), each zlib-compressed, then the
/// SHA-1 of everything before it — git's pack format, version 2. libgit2's indexer reads the
/// pack back, checks every object's id and writes `pack-<hash>.pack` and `.idx` atomically
/// into `objects/pack/`.
///
/// Why a pack: one batch of notes is a few hundred objects (a blob per note, a tree per
/// fan-out directory touched). As a pack they are two files instead of hundreds, and the
/// pack directory is re-read once per batch instead of once per object.
enum PackWriter {
    /// Compression for notes: fast, since notes are small text and trees are mostly ids,
    /// which do not compress.
    static let compressionLevel: Int32 = 1

    /// Returns the pack's name (`pack-<hash>`).
    static func write(_ objects: [ObjectBatch.Object], to repository: Repository) throws -> String {
        let directory = (try repository.objectsDirectory() as NSString).appendingPathComponent("pack")
        return try index(try encode(objects), objects: objects.count, into: directory, repository: repository)
    }

    /// Hands a complete pack to libgit2's indexer, which writes it and its index into
    /// `directory`; then the handle is told about the new pack. Returns its name.
    static func index(_ pack: [UInt8], objects: Int, into directory: String, repository: Repository) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, repository.handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        var options = git_indexer_options()
        try check(git_indexer_options_init(&options, UInt32(GIT_INDEXER_OPTIONS_VERSION)), "git_indexer_options_init")
        var indexer: OpaquePointer?
        try check(git_indexer_new(&indexer, directory, 0, odb, &options), "git_indexer_new")
        defer { git_indexer_free(indexer) }
        var stats = git_indexer_progress()
        try pack.withUnsafeBytes { buffer in
            try check(git_indexer_append(indexer, buffer.baseAddress, buffer.count, &stats), "git_indexer_append")
        }
        try check(git_indexer_commit(indexer, &stats), "git_indexer_commit")
        guard Int(stats.indexed_objects) == objects, let name = git_indexer_name(indexer) else {
            throw GitError(.invalid, "pack", "the indexer took \(stats.indexed_objects) of \(objects) objects")
        }
        // The handle lists packs once and only looks again when an object is missing:
        // tell it about this one now.
        try check(git_odb_refresh(odb), "git_odb_refresh")
        return "pack-" + String(cString: name)
    }

    /// The pack file's bytes.
    ///
    /// - Complexity: O(total bytes of the objects).
    static func encode(_ objects: [ObjectBatch.Object]) throws -> [UInt8] {
        var out: [UInt8] = Array("PACK".utf8)
        out.reserveCapacity(12 + objects.reduce(0) { $0 + $1.bytes.count + 16 } + 20)
        appendBigEndian(2, to: &out)
        appendBigEndian(UInt32(objects.count), to: &out)
        for object in objects {
            appendHeader(type: UInt8(truncatingIfNeeded: object.type.rawValue), size: object.bytes.count, to: &out)
            try compress(object.bytes, into: &out)
        }
        let trailer = out.withUnsafeBytes { SHA1.digest($0) }
        out += trailer
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

    private static func compress(_ bytes: [UInt8], into out: inout [UInt8]) throws {
        var capacity = compressBound(uLong(bytes.count))
        let start = out.count
        out += [UInt8](repeating: 0, count: Int(capacity))
        let code = out.withUnsafeMutableBufferPointer { destination -> Int32 in
            guard let base = destination.baseAddress else { return Z_BUF_ERROR }
            return bytes.withUnsafeBufferPointer { source in
                compress2(base + start, &capacity, source.baseAddress, uLong(source.count), compressionLevel)
            }
        }
        guard code == Z_OK else { throw GitError(.other(code), "zlib", "compressing an object failed (\(code))") }
        out.removeLast(out.count - start - Int(capacity))
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
