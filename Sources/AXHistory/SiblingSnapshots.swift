import AXGit
import AXSnapshot

/// The source-locale siblings read for `label.untranslated`, by path and blob: a commit
/// that changes a screen in every locale compares each translation with the same source,
/// which is read once. The analyser's `PreparedVersionCache` keeps prepared versions only
/// (no node tree), and a `LocaleSource` needs the snapshot itself, so siblings are kept here.
///
/// Bounded: at most `maxBytes` of source bytes, the least recently used out first. Only a
/// translated screen puts anything here. Belongs to one thread, like its analyser.
final class SiblingSnapshots {
    /// The path names the file in a snapshot (its screen and locale may come from it).
    private struct Key: Hashable {
        let path: String
        let blob: ObjectID
    }

    private struct Entry {
        let snapshot: Snapshot
        /// The source's size: a hit must still respect the caller's limit.
        let size: Int
        var lastUse: Int
    }

    let maxBytes: Int
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var clock = 0

    init(maxBytes: Int = 1 << 20) {
        self.maxBytes = maxBytes
    }

    /// The snapshot kept for `blob` at `path`, if any and its source is not over `limit` bytes.
    func snapshot(path: String, blob: ObjectID, limit: Int) -> Snapshot? {
        let key = Key(path: path, blob: blob)
        guard var entry = entries[key], entry.size <= limit else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.snapshot
    }

    /// Keeps `snapshot`, read from `size` bytes of `blob` at `path`.
    func keep(_ snapshot: Snapshot, path: String, blob: ObjectID, size: Int) {
        let key = Key(path: path, blob: blob)
        guard size <= maxBytes, entries[key] == nil else { return }
        clock += 1
        entries[key] = Entry(snapshot: snapshot, size: size, lastUse: clock)
        bytes += size
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.size
            entries[oldest.key] = nil
        }
    }

    /// How many snapshots are kept.
    var count: Int { entries.count }

    func removeAll() {
        entries = [:]
        bytes = 0
    }
}
