import AXSnapshot

/// The versions last read and prepared, by path and version (any hashable
/// name of a file's contents: a blob id, say), so that walking history reads
/// and prepares each snapshot version once: the old side of a change is,
/// almost always, the new side of the previous change to that path.
///
/// An entry holds the prepared version only: the snapshot's node tree goes
/// as soon as it is prepared, since a diff never reads it again.
///
/// One entry per path (the latest version read), least recently used first
/// out once the source bytes held pass `maxBytes`, so memory stays bounded
/// whatever the history holds. Not thread-safe: one cache per thread.
///
/// Inlinable, so that a caller in another module gets it specialized for its
/// `Version`: unspecialized, every lookup went through witness tables (and an
/// `AnyHashable` key through dynamic casts), see BENCHMARKS.md.
package final class PreparedVersionCache<Version: Hashable> {
    @usableFromInline
    struct Entry {
        @usableFromInline var version: Version
        /// The source's size: a hit must still respect the caller's limit.
        @usableFromInline var size: Int
        @usableFromInline var prepared: PreparedVersion
        @usableFromInline var lastUse: Int

        @inlinable
        init(version: Version, size: Int, prepared: PreparedVersion, lastUse: Int) {
            self.version = version
            self.size = size
            self.prepared = prepared
            self.lastUse = lastUse
        }
    }

    /// Source bytes of the versions kept. Their prepared forms take a few
    /// times more.
    package let maxBytes: Int
    @usableFromInline var entries: [String: Entry] = [:]
    @usableFromInline var bytes = 0
    @usableFromInline var clock = 0

    @inlinable
    package init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    /// Lets go of every version kept.
    @inlinable
    package func removeAll() {
        entries = [:]
        bytes = 0
    }

    /// The prepared version kept for `version` at `path`, if any and its
    /// source is not over `limit` bytes.
    @inlinable
    package func prepared(path: String, version: Version, limit: Int) -> PreparedVersion? {
        guard var entry = entries[path], entry.version == version, entry.size <= limit else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[path] = entry
        return entry.prepared
    }

    /// Reads `bytes`, the source of `version` at `path` (`path` names the
    /// file in errors), prepares it (`expectedStops` as `PreparedVersion`)
    /// and keeps it as the path's version, which the path's next change
    /// diffs against. The snapshot is not kept: its node tree goes on return.
    ///
    /// - Throws: `SnapshotError`, as `SnapshotReader.read`.
    @inlinable
    package func read(_ bytes: [UInt8], path: String, version: Version,
                      maxElements: Int = SnapshotReader.defaultMaxElements, expectedStops: Int? = nil) throws -> PreparedVersion {
        let prepared = PreparedVersion(try SnapshotReader.read(bytes, file: path, maxElements: maxElements), expectedStops: expectedStops)
        store(prepared, path: path, version: version, size: bytes.count)
        return prepared
    }

    @inlinable
    func store(_ prepared: PreparedVersion, path: String, version: Version, size: Int) {
        guard size <= maxBytes else { return }
        if let old = entries[path] { bytes -= old.size }
        clock += 1
        entries[path] = Entry(version: version, size: size, prepared: prepared, lastUse: clock)
        bytes += size
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.size
            entries[oldest.key] = nil
        }
    }
}
