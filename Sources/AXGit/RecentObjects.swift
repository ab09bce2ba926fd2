import CLibgit2

/// The commits and trees a repository handle parsed last, kept parsed by id, at most
/// `capacity` of them, the oldest out first.
///
/// Why: walking history reads a commit's trees as the new side of its diff and, a commit
/// later, as the old side of the next; the commit itself is read when its changes are
/// planned and again when it is analysed, up to a read-ahead window later. libgit2's object
/// cache did that job badly: its limit is shared by every handle of the process, and once
/// over it, each object parsed made it evict entries found by scanning its hash table from
/// the start (a tenth of the lookups' cost), whichever entries those were — half the
/// lookups of a backfill missed and read their object again. Its caching is off
/// (`Libgit2`); these few objects a handle keeps are what it needs (BENCHMARKS.md, "The
/// object cache").
///
/// Belongs to its repository handle, and so to one thread.
final class RecentObjects {
    /// Objects kept: a read-ahead window of commits (`ReadAhead.window`, 32) reads 4–5
    /// objects each, and the analysis then reads the window's commits again.
    static let defaultCapacity = 256

    private let capacity: Int
    /// Slots in order of insertion, reused round the ring.
    private var ids: [ObjectID] = []
    private var objects: [OpaquePointer] = []
    private var next = 0
    private var slotOf: [ObjectID: Int] = [:]

    init(capacity: Int = RecentObjects.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    deinit {
        removeAll()
    }

    /// Objects kept.
    var count: Int { ids.count }

    /// The object kept for `id`, if it is one of `type`.
    func object(_ id: ObjectID, type: git_object_t) -> OpaquePointer? {
        guard let slot = slotOf[id] else { return nil }
        let object = objects[slot]
        return git_object_type(object) == type ? object : nil
    }

    /// Keeps `object` (a `git_object*` this now owns) as `id`'s; the oldest kept goes when full.
    func keep(_ object: OpaquePointer, for id: ObjectID) {
        if let slot = slotOf[id] {
            // Parsed twice (a lookup of another type missed the kept one): keep the newer.
            git_object_free(objects[slot])
            objects[slot] = object
            return
        }
        if ids.count < capacity {
            slotOf[id] = ids.count
            ids.append(id)
            objects.append(object)
            return
        }
        slotOf[ids[next]] = nil
        git_object_free(objects[next])
        ids[next] = id
        objects[next] = object
        slotOf[id] = next
        next = (next + 1) % capacity
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
        for object in objects { git_object_free(object) }
        ids = []
        objects = []
        slotOf = [:]
        next = 0
    }
}
