import CLibgit2

extension Repository {
    /// The default limit for reading a blob: 16 MiB, as `maxSnapshotBytes` in the configuration.
    package static let defaultMaxBlobBytes = 16 * 1024 * 1024

    /// The size of a blob in bytes, read from the object header without inflating the content.
    package func blobSize(_ id: ObjectID) throws -> Int {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        var oid = id.oid
        var length = 0
        var type = GIT_OBJECT_INVALID
        let code = git_odb_read_header(&length, &type, odb, &oid)
        if code < 0 {
            let error = lastError(code, "git_odb_read_header")
            throw GitError(error.code, "git_odb_read_header", "object \(id.hex): \(error.message)")
        }
        guard type == GIT_OBJECT_BLOB else { throw Self.notABlob(id) }
        return length
    }

    /// The bytes of a blob.
    ///
    /// Throws `.tooLarge` ("… is N bytes, larger than M bytes") when the blob exceeds
    /// `maxBytes`; its size is read from the object header on every call, and the content is
    /// then never inflated.
    ///
    /// libgit2 reads it (loose, packed, through a multi-pack-index): an own pack reader was
    /// not worth its code and its memory (BENCHMARKS.md, "A long backfill's memory").
    package func blob(_ id: ObjectID, maxBytes: Int = Repository.defaultMaxBlobBytes) throws -> [UInt8] {
        let size = try blobSize(id)
        guard size <= maxBytes else { throw Self.tooLarge(id, size: size, maxBytes: maxBytes) }
        var oid = id.oid
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, handle, &oid), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let count = Int(git_blob_rawsize(blob))
        guard count > 0, let raw = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: count))
    }

    private static func tooLarge(_ id: ObjectID, size: Int, maxBytes: Int) -> GitError {
        GitError(.tooLarge, "blob", "blob \(id.hex) is \(size) bytes, larger than \(maxBytes) bytes")
    }

    private static func notABlob(_ id: ObjectID) -> GitError {
        GitError(.wrongType, "blob", "object \(id.hex) is not a blob")
    }
}
