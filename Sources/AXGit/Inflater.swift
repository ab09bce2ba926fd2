import CLibgit2

/// Inflates the zlib streams of pack entries with libdeflate, whose size is known beforehand
/// (the entry header gives it).
///
/// Why not zlib: a history's blobs are mostly deltas, and inflating them is what reading a
/// blob costs once no chain is walked twice. libdeflate decompresses a whole buffer of known
/// size without zlib's streaming state and was some twice as fast on a backfill (perf). One
/// decompressor (about 32 KB) is kept for all reads.
final class Inflater {
    private let decompressor: OpaquePointer?

    init() {
        decompressor = libdeflate_alloc_decompressor()
    }

    deinit {
        libdeflate_free_decompressor(decompressor)
    }

    /// Inflates the zlib stream starting at `input` (at most `available` bytes; the stream
    /// ends where it says) into exactly `size` bytes; nil when the stream is damaged, fails
    /// its checksum, or holds more or fewer than `size` bytes.
    func inflate(_ input: UnsafeRawPointer, available: Int, size: Int) -> [UInt8]? {
        guard let decompressor else { return nil }
        var ok = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            // No `actual_out` pointer: libdeflate then fails unless the output is exactly `size` bytes.
            ok = libdeflate_zlib_decompress(decompressor, input, available, buffer.baseAddress, size, nil) == LIBDEFLATE_SUCCESS
            count = ok ? size : 0
        }
        return ok ? bytes : nil
    }
}
