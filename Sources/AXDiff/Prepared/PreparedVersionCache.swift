import AXSnapshot

/// The versions last read and prepared, by path and version (any hashable
/// name of a file's contents: a blob id, say), so that walking history reads
/// and prepares each snapshot version once: the old side of a change is,
/// almost always, the new side of the previous change to that path.
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
        @usableFromInline var snapshot: Snapshot
        /// The snapshot prepared, once a diff needed it.
        @usableFromInline var prepared: PreparedVersion?
        @usableFromInline var lastUse: Int

        @inlinable
        init(version: Version, size: Int, snapshot: Snapshot, lastUse: Int) {
            self.version = version
            self.size = size
            self.snapshot = snapshot
            self.lastUse = lastUse
        }
    }

    /// Source bytes of the snapshots kept. Their parsed and prepared forms
    /// take a few times more.
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

    /// The snapshot kept for `version` at `path`, if any and not over `limit` bytes.
    @inlinable
    package func snapshot(path: String, version: Version, limit: Int) -> Snapshot? {
        guard var entry = entries[path], entry.version == version, entry.size <= limit else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[path] = entry
        return entry.snapshot
    }

    /// Reads `bytes`, the source of `version` at `path` (`path` names the
    /// file in errors), and keeps the result as the path's version.
    ///
    /// - Throws: `SnapshotError`, as `SnapshotReader.read`.
    @inlinable
    package func read(_ bytes: [UInt8], path: String, version: Version,
                      maxElements: Int = SnapshotReader.defaultMaxElements) throws -> Snapshot {
        let snapshot = try SnapshotReader.read(bytes, file: path, maxElements: maxElements)
        store(snapshot, path: path, version: version, size: bytes.count)
        return snapshot
    }

    /// The prepared form kept with the snapshot of `version` at `path`, if any.
    @inlinable
    package func prepared(path: String, version: Version) -> PreparedVersion? {
        guard let entry = entries[path], entry.version == version else { return nil }
        return entry.prepared
    }

    /// `snapshot` (the one kept for `version` at `path`, if it is) prepared,
    /// and kept with it for the path's next change, which diffs against it.
    @inlinable
    package func prepare(_ snapshot: Snapshot, path: String, version: Version, expectedStops: Int? = nil) -> PreparedVersion {
        let prepared = PreparedVersion(snapshot, expectedStops: expectedStops)
        if entries[path]?.version == version { entries[path]?.prepared = prepared }
        return prepared
    }

    @inlinable
    func store(_ snapshot: Snapshot, path: String, version: Version, size: Int) {
        guard size <= maxBytes else { return }
        if let old = entries[path] { bytes -= old.size }
        clock += 1
        entries[path] = Entry(version: version, size: size, snapshot: snapshot, lastUse: clock)
        bytes += size
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.size
            entries[oldest.key] = nil
        }
    }
}
