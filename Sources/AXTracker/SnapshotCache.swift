import AXGit
import AXSnapshot

/// The snapshots last read, by path and blob, so that walking history reads
/// each snapshot version once: the old side of a change is, almost always,
/// the new side of the previous change to that path. Without it every blob
/// would be parsed twice, and parsing is a large part of a backfill.
///
/// One entry per path (the latest version read), least recently used first
/// out once the source bytes held pass `maxBytes`, so memory stays bounded
/// whatever the repository holds. Belongs to one thread, like its analyzer.
final class SnapshotCache {
    struct Entry {
        var blob: ObjectID
        /// The blob's size: a hit must still respect `maxSnapshotBytes`.
        var size: Int
        var snapshot: Snapshot
        /// `snapshot.stopTree()`, once the diff has built it: the next
        /// change to the path diffs against this version again, and building
        /// the tree is a good part of a diff. It shares its stops
        /// with the `ScreenDiff` that reported them.
        var tree: StopTree?
        /// What reading it left for reading the path's next version (its
        /// unchanged elements are not decoded again; see `JSONScanMemo`).
        var memo: JSONScanMemo?
        var lastUse: Int
    }

    /// Source bytes of the snapshots kept. Their parsed form, stop tree and
    /// memo (which holds the source text and a copy of each leaf `Node`, its
    /// strings shared) take a few times more.
    let maxBytes: Int
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    private var clock = 0

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    /// Lets go of every snapshot kept.
    func removeAll() {
        entries = [:]
        bytes = 0
    }

    /// The snapshot read from `blob` at `path`, if it is kept and not over `limit` bytes.
    func snapshot(path: String, blob: ObjectID, limit: Int) -> Snapshot? {
        guard var entry = entries[path], entry.blob == blob, entry.size <= limit else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[path] = entry
        return entry.snapshot
    }

    /// The stop tree kept with the snapshot of `blob` at `path`, if any.
    func tree(path: String, blob: ObjectID) -> StopTree? {
        guard let entry = entries[path], entry.blob == blob else { return nil }
        return entry.tree
    }

    /// Keeps `tree` (built from the snapshot kept for `blob` at `path`) with it.
    func store(_ tree: StopTree, path: String, blob: ObjectID) {
        guard entries[path]?.blob == blob else { return }
        entries[path]?.tree = tree
    }

    /// The memo of the version kept at `path`, whatever its blob: the
    /// previous version of the file about to be read there.
    func memo(path: String) -> JSONScanMemo? {
        entries[path]?.memo
    }

    func store(_ snapshot: Snapshot, memo: JSONScanMemo? = nil, path: String, blob: ObjectID, size: Int) {
        guard size <= maxBytes else { return }
        if let old = entries[path] { bytes -= old.size }
        clock += 1
        entries[path] = Entry(blob: blob, size: size, snapshot: snapshot, tree: nil, memo: memo, lastUse: clock)
        bytes += size
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.size
            entries[oldest.key] = nil
        }
    }
}
