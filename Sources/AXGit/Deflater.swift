import CLibgit2

/// zlib streams for the objects of a pack, compressed by libdeflate: one compressor reused
/// for all of them.
///
/// Why libdeflate: it compresses a whole buffer at once, without zlib's streaming state, and
/// notes are a kilobyte or two each: zlib's `deflate` at level 1 (its state reset per object,
/// `compress2` set it up from scratch every time) was a twentieth of a backfill, all of it on
/// the thread that writes the notes (perf); libdeflate at the same level takes about half that.
final class Deflater {
    private let compressor: OpaquePointer?

    init(level: Int32) {
        compressor = libdeflate_alloc_compressor(level)
    }

    deinit {
        libdeflate_free_compressor(compressor)
    }

    /// Appends the zlib stream of `bytes` to `out`.
    func compress(_ bytes: [UInt8], into out: inout [UInt8]) throws {
        guard let compressor else { throw GitError(.other(-1), "zlib", "cannot set up compression") }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        let start = out.count
        out += repeatElement(0, count: bound)
        let written = out.withUnsafeMutableBufferPointer { destination -> Int in
            bytes.withUnsafeBufferPointer { source -> Int in
                guard let base = destination.baseAddress else { return 0 }
                return libdeflate_zlib_compress(compressor, source.baseAddress, source.count, base + start, bound)
            }
        }
        // 0 means the output did not fit the bound, which libdeflate promises it does.
        guard written > 0 else { throw GitError(.other(-1), "zlib", "compressing an object failed") }
        out.removeLast(bound - written)
    }

    /// Appends `bytes` as a zlib stream of stored (uncompressed) blocks: what deflate's level 0
    /// writes, without its set-up. For trees, which are mostly ids and do not compress.
    static func store(_ bytes: [UInt8], into out: inout [UInt8]) {
        out += [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + length == bytes.count ? 1 : 0
            out += [final, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff)]
            out += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        let checksum = bytes.withUnsafeBufferPointer { libdeflate_adler32(1, $0.baseAddress, $0.count) }
        PackWriter.appendBigEndian(checksum, to: &out)
    }
}
