import CLibgit2

/// SHA-1 over bytes, for the one hash libgit2 does not expose: the checksum that ends a pack
/// file and its index (`PackWriter`, `PackIndex`). OpenSSL's (libgit2 links it already),
/// which uses the processor's SHA instructions where there are some. Object ids are
/// libgit2's (`ObjectBatch.id`).
enum SHA1 {
    /// The digest of `bytes`: as long as an object id, whose hash it is.
    static func digest(_ bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: ObjectID.byteCount)
        let code = withUnsafeBytes(of: 0) { empty in
            axdiff_sha1(bytes.baseAddress ?? empty.baseAddress, bytes.count, &out)
        }
        guard code == 0 else { throw GitError(.other(-1), "pack", "SHA-1 of \(bytes.count) bytes failed (OpenSSL)") }
        return out
    }
}
