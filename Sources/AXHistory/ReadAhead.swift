import AXDiff
import AXGit

/// What the analyser worked out ahead of time for the next few commits: each one's
/// configuration and changed snapshots, and the bytes of the snapshot blobs it will read.
///
/// Why: the blobs of a history are mostly stored as chains of deltas. When libgit2 read
/// them, it kept the bases it met on the way to an object, not the object: read oldest
/// first, every blob walked and inflated its chain again; read newest first, the next
/// one's base was in the cache (490k instructions a blob against 280k on the benchmark's
/// history, callgrind); newest first also suits a pack git repacked (the newest version
/// whole, older ones deltas of newer). The analysis itself still goes oldest first, so the
/// snapshot cache and the scan memo see each path's versions in order.
///
/// Bounded: at most `maxBytes` of blob bytes are held; past that, blobs are read when used.
/// Belongs to one thread, like its analyser.
final class ReadAhead {
    struct Plan {
        let config: RepositoryConfig
        let configProblem: String?
        let changes: [TreeChange]
    }

    /// Commits planned per read-ahead.
    static let window = 32
    let maxBytes: Int
    private var plans: [ObjectID: Plan] = [:]
    private var blobs: [ObjectID: [UInt8]] = [:]
    private var held = 0

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    /// The plan made for `commit`, once.
    func takePlan(_ commit: ObjectID) -> Plan? {
        plans.removeValue(forKey: commit)
    }

    /// The bytes read ahead for `blob`, once.
    func takeBlob(_ blob: ObjectID) -> [UInt8]? {
        guard let bytes = blobs.removeValue(forKey: blob) else { return nil }
        held -= bytes.count
        return bytes
    }

    func store(_ plan: Plan, for commit: ObjectID) {
        plans[commit] = plan
    }

    /// Keeps `bytes` unless that would pass `maxBytes`; false when not kept.
    @discardableResult
    func store(_ bytes: [UInt8], for blob: ObjectID) -> Bool {
        guard blobs[blob] == nil else { return true }
        guard held + bytes.count <= maxBytes else { return false }
        blobs[blob] = bytes
        held += bytes.count
        return true
    }

    /// Drops everything not taken (a batch that ended early).
    func clear() {
        plans = [:]
        blobs = [:]
        held = 0
    }
}
