import AXSnapshot

/// The versions last read and prepared, by path and version (any hashable
/// name of a file's contents: a blob id, say),
/// so that walking history reads and prepares each snapshot version once:
/// the old side of a change is, almost always, the new side of the previous
/// change to that path.
///
/// It also decides what a read may reuse: the read of a path's next version
/// is given the `ReadMemo` of the version kept at that path, whose unchanged
/// elements are then not decoded again.
///
/// One entry per path (the latest version read), least recently used first
/// out once the source bytes held pass `maxBytes`, so memory stays bounded
/// whatever the history holds. Not thread-safe: one cache per thread.
///
/// Versions are `AnyHashable`, not a generic parameter: a generic class
/// used from another module runs unspecialized, its dictionary of entries
/// reached through witness tables on every lookup.
package final class PreparedVersionCache {
    struct Entry {
        var version: AnyHashable
        /// The source's size: a hit must still respect the caller's limit.
        var size: Int
        var snapshot: Snapshot
        /// The snapshot prepared, once a diff needed it.
        var prepared: PreparedVersion?
        /// What reading it left for reading the path's next version.
        var memo: ReadMemo?
        var lastUse: Int
    }

    /// Source bytes of the snapshots kept. Their parsed form, prepared form
    /// and memo (which holds the source text) take a few times more.
    package let maxBytes: Int
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    private var clock = 0

    package init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    /// Lets go of every version kept.
    package func removeAll() {
        entries = [:]
        bytes = 0
    }

    /// The snapshot kept for `version` at `path`, if any and not over `limit` bytes.
    package func snapshot(path: String, version: AnyHashable, limit: Int) -> Snapshot? {
        guard var entry = entries[path], entry.version == version, entry.size <= limit else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[path] = entry
        return entry.snapshot
    }

    /// Reads `bytes`, the source of `version` at `path` (`path` names the
    /// file in errors), reusing what the version kept at `path` left, and
    /// keeps the result as the path's version.
    ///
    /// - Throws: `SnapshotError`, as `SnapshotReader.read`.
    package func read(_ bytes: [UInt8], path: String, version: AnyHashable) throws -> Snapshot {
        let (snapshot, memo) = try SnapshotReader.read(bytes, file: path, memo: entries[path]?.memo)
        store(snapshot, memo: memo, path: path, version: version, size: bytes.count)
        return snapshot
    }

    /// The prepared form kept with the snapshot of `version` at `path`, if any.
    package func prepared(path: String, version: AnyHashable) -> PreparedVersion? {
        guard let entry = entries[path], entry.version == version else { return nil }
        return entry.prepared
    }

    /// `snapshot` (the one kept for `version` at `path`, if it is) prepared,
    /// and kept with it for the path's next change, which diffs against it.
    package func prepare(_ snapshot: Snapshot, path: String, version: AnyHashable, expectedStops: Int? = nil) -> PreparedVersion {
        let prepared = PreparedVersion(snapshot, expectedStops: expectedStops)
        if entries[path]?.version == version { entries[path]?.prepared = prepared }
        return prepared
    }

    private func store(_ snapshot: Snapshot, memo: ReadMemo?, path: String, version: AnyHashable, size: Int) {
        guard size <= maxBytes else { return }
        if let old = entries[path] { bytes -= old.size }
        clock += 1
        entries[path] = Entry(version: version, size: size, snapshot: snapshot, prepared: nil, memo: memo, lastUse: clock)
        bytes += size
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.size
            entries[oldest.key] = nil
        }
    }
}
