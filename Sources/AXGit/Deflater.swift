import CLibgit2

/// zlib streams for the objects of a pack, one compressor reused for all of them.
///
/// Why not `compress2`: it sets up and frees deflate's state (some 256 KB, cleared) for
/// every call, and with a few hundred small notes per batch that was most of the cost of
/// writing them (callgrind); `deflateReset` keeps the state. The hash table is small
/// (`memLevel` 2: 1 KB instead of 64 KB), since the reset clears it for every object and
/// a note is a kilobyte or two of text.
final class Deflater {
    private var stream = z_stream()
    private let ready: Bool

    init(level: Int32) {
        ready = axdiff_deflate_init(&stream, level, 2) == Z_OK
    }

    deinit {
        if ready { deflateEnd(&stream) }
    }

    /// Appends the zlib stream of `bytes` to `out`.
    func compress(_ bytes: [UInt8], into out: inout [UInt8]) throws {
        guard ready, deflateReset(&stream) == Z_OK else { throw GitError(.other(-1), "zlib", "cannot set up compression") }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        let start = out.count
        out += repeatElement(0, count: bound)
        let code = out.withUnsafeMutableBufferPointer { destination -> Int32 in
            bytes.withUnsafeBufferPointer { source -> Int32 in
                guard let base = destination.baseAddress else { return Z_BUF_ERROR }
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = base + start
                stream.avail_out = uInt(bound)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard code == Z_STREAM_END else { throw GitError(.other(code), "zlib", "compressing an object failed (\(code))") }
        out.removeLast(Int(stream.avail_out))
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
        let checksum = bytes.withUnsafeBufferPointer { UInt32(adler32_z(1, $0.baseAddress, $0.count)) }
        PackWriter.appendBigEndian(checksum, to: &out)
    }
}
