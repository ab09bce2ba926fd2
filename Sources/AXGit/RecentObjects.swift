import CLibgit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// The commits and trees a repository handle parsed last, kept parsed by id: at most
/// `capacity` of them and about `maxBytes` in all, the oldest out first.
///
/// Why: walking history reads a commit's trees as the new side of its diff and, a commit
/// later, as the old side of the next; the commit itself is read when its changes are
/// planned and again when it is analysed, up to a read-ahead window later. libgit2's object
/// cache did that job badly: its limit is shared by every handle of the process, and once
/// over it, each object parsed made it evict entries found by scanning its hash table from
/// the start (a tenth of the lookups' cost), whichever entries those were — half the
/// lookups of a backfill missed and read their object again. Its caching is off
/// (`Libgit2`); these few objects a handle keeps are what it needs (BENCHMARKS.md, "Pack
/// windows after git gc, the object cache, and timing a child").
///
/// Belongs to its repository handle, and so to one thread.
final class RecentObjects {
    /// Objects kept: a read-ahead window of commits (`ReadAhead.window`, 32) reads 4–5
    /// objects each, and the analysis then reads the window's commits again.
    static let defaultCapacity = 256
    /// Bytes kept, as `estimatedSize` counts them: some 30 windows' worth of the bench's
    /// commits and trees, and a bound when a directory holds thousands of files.
    static let defaultMaxBytes = 1 << 20

    private struct Entry {
        let id: ObjectID
        var object: OpaquePointer
        var size: Int
    }

    private let capacity: Int
    private let maxBytes: Int
    /// A ring: `count` entries from `head`, oldest first.
    private var slots: [Entry?]
    private var head = 0
    private(set) var count = 0
    private(set) var bytes = 0
    private var slotOf: [ObjectID: Int] = [:]

    init(capacity: Int = RecentObjects.defaultCapacity, maxBytes: Int = RecentObjects.defaultMaxBytes) {
        self.capacity = max(1, capacity)
        self.maxBytes = maxBytes
        slots = Array(repeating: nil, count: self.capacity)
    }

    deinit {
        removeAll()
    }

    /// The object kept for `id`, if it is one of `type`.
    func object(_ id: ObjectID, type: git_object_t) -> OpaquePointer? {
        guard let slot = slotOf[id], let object = slots[slot]?.object else { return nil }
        return git_object_type(object) == type ? object : nil
    }

    /// Keeps `object` (a `git_object*` this now owns) as `id`'s; the oldest go while more than
    /// `capacity` objects or `maxBytes` bytes are kept (the newest always stays).
    func keep(_ object: OpaquePointer, for id: ObjectID) {
        let size = Self.estimatedSize(object)
        if let slot = slotOf[id], let old = slots[slot] {
            // Kept already (the callers look up first, so only defensively): keep the newer.
            git_object_free(old.object)
            slots[slot] = Entry(id: id, object: object, size: size)
            bytes += size - old.size
        } else {
            if count == capacity { evictOldest() }
            let slot = (head + count) % capacity
            slots[slot] = Entry(id: id, object: object, size: size)
            slotOf[id] = slot
            count += 1
            bytes += size
        }
        while bytes > maxBytes, count > 1 { evictOldest() }
    }

    /// Runs `body` with `object` (one kept here), which stays valid throughout: `body` may
    /// look up more objects than are kept, and the eviction of this one then only drops
    /// the ring's reference (libgit2 counts them).
    func using<T>(_ object: OpaquePointer, _ body: (OpaquePointer) throws -> T) rethrows -> T {
        var held: OpaquePointer?
        guard git_object_dup(&held, object) == 0, let held else { return try body(object) }
        defer { git_object_free(held) }
        return try body(held)
    }

    /// Frees every object kept (before the handle they came from is freed).
    func removeAll() {
        while count > 0 { evictOldest() }
        head = 0
    }

    private func evictOldest() {
        guard count > 0, let oldest = slots[head] else { return }
        slots[head] = nil
        slotOf[oldest.id] = nil
        git_object_free(oldest.object)
        bytes -= oldest.size
        head = (head + 1) % capacity
        count -= 1
    }

    /// About what a parsed commit or tree holds: its raw text, and a tree's entry records.
    static func estimatedSize(_ object: OpaquePointer) -> Int {
        switch git_object_type(object) {
        case GIT_OBJECT_TREE:
            return 64 * git_tree_entrycount(object) + 64
        case GIT_OBJECT_COMMIT:
            return 256 + (git_commit_message_raw(object).map { strlen($0) } ?? 0)
        default:
            return 256
        }
    }
}
