import CLibgit2

/// Builds a new notes tree from a previous one plus a batch of notes, the way git's notes.c
/// lays them out: `ab/cdef…` (a two-hex-digit fan-out directory, then the 38 remaining digits),
/// and a level further (`ab/cd/ef…`) wherever git would split a directory (`gitFansOut`).
///
/// Only the fan-out directories the batch touches are rebuilt; every other subtree is reused by
/// id, so a batch of b notes costs O(b · s) for subtrees of s entries, not O(total notes).
/// Notes found stored flat at a fan-out level (as `git notes add` writes in small repositories)
/// are moved into their fan-out directory the first time the level is rewritten — git reads
/// both layouts, and this keeps the root at ≤ 256 directories. Deeper fan-out written by git
/// (`ab/cd/ef…`) is followed, never flattened. Entries that are not notes are kept untouched.
///
/// The builder keeps the trees it wrote last (by id: what they hold cannot change), so the
/// next batch of the same writer edits them in memory instead of reading and parsing each
/// touched fan-out directory again; the cache holds one version of each, and at most
/// `maxCachedEntries` entries (beyond that the trees are read again: a long backfill's notes
/// tree is not held in memory whole).
final class NotesTreeBuilder {
    /// What happened to each incoming note.
    struct Outcome {
        var written: [ObjectID] = []
        var keptExisting: [ObjectID] = []
        var unchanged: [ObjectID] = []
    }

    let repository: OpaquePointer
    /// Trees this builder wrote (or read), by id.
    private var cache: [ObjectID: TreeObject] = [:]
    private var cachedEntries = 0
    /// The trees of a 4,000-note ref, some 1 MB: past that a write unit (at most 1,000 notes)
    /// touches most fan-out directories anyway, and reading them again through libgit2 costs a
    /// few milliseconds a unit; at 16,384 entries the cache was 3 MB more of a 40,000-commit
    /// backfill than of a 10,000-commit one.
    static let maxCachedEntries = 4_096

    init(repository: OpaquePointer) {
        self.repository = repository
    }

    struct Item {
        let commit: ObjectID
        let rest: Substring     // the hex digits not consumed by the fan-out directories above
        let blob: ObjectID
        let incoming: Bool      // false: an existing flat note being moved into fan-out
    }

    /// Returns the id of the new root tree; equal to `base` when nothing changed. The trees
    /// written are added to `objects`, which the caller writes before using the id.
    /// `overwrite`: when an incoming note meets a different existing note for the same
    /// commit, replace it (true) or keep the existing one (false).
    func build(base: ObjectID?, notes: [ObjectID: ObjectID], overwrite: Bool,
               into objects: inout ObjectBatch) throws -> (tree: ObjectID, outcome: Outcome) {
        var outcome = Outcome()
        let items = notes.map { Item(commit: $0.key, rest: Substring($0.key.hex), blob: $0.value, incoming: true) }
        let tree = try writeLevel(baseID: base, prefix: "", items: items, overwrite: overwrite, objects: &objects, outcome: &outcome)
        if cachedEntries > Self.maxCachedEntries {
            cache = [:]
            cachedEntries = 0
        }
        outcome.written.sort()
        outcome.keptExisting.sort()
        outcome.unchanged.sort()
        return (tree, outcome)
    }

    /// - Complexity: O(e + i log i) for a level of e entries and i incoming notes, plus the
    ///   levels below it that the notes touch.
    private func writeLevel(baseID: ObjectID?, prefix: String, items: [Item], overwrite: Bool,
                            objects: inout ObjectBatch, outcome: inout Outcome) throws -> ObjectID {
        var level = try baseID.map(tree) ?? TreeObject()
        if let baseID, let old = cache.removeValue(forKey: baseID) {   // replaced below, or put back unchanged
            cachedEntries -= old.entries.count
        }
        let restLength = NotesLayout.hexLength - prefix.utf8.count
        let fanout = restLength > 2 && (prefix.isEmpty || level.hasFanoutDirectories
                                        || Self.gitFansOut(level, adding: items, restLength: restLength))
        if fanout {
            var all = items
            if baseID != nil { all += moveFlatNotes(out: &level, prefix: prefix, restLength: restLength) }
            let groups = Dictionary(grouping: all) { String($0.rest.prefix(2)) }
            for directory in groups.keys.sorted() {
                let children = (groups[directory] ?? []).map {
                    Item(commit: $0.commit, rest: $0.rest.dropFirst(2), blob: $0.blob, incoming: $0.incoming)
                }
                let existing = level[directory]
                if let existing, !existing.isTree {
                    throw GitError(.invalid, "notes", "the notes tree has a file '\(prefix)\(directory)' where a fan-out directory belongs")
                }
                let childID = try writeLevel(baseID: existing?.id, prefix: prefix + directory, items: children,
                                             overwrite: overwrite, objects: &objects, outcome: &outcome)
                level.set(directory, id: childID, mode: TreeObject.treeMode)
            }
        } else {
            place(items, into: &level, overwrite: overwrite, outcome: &outcome)
        }
        // An untouched level keeps its id (and its bytes, however they were written).
        let id: ObjectID
        if let baseID, !level.isModified {
            id = baseID
        } else {
            id = try objects.addTree(level)
        }
        level.markWritten()
        if let old = cache.updateValue(level, forKey: id) { cachedEntries -= old.entries.count }
        cachedEntries += level.entries.count
        return id
    }

    /// Whether git's notes.c would split this level into fan-out directories once `items`
    /// are in it (`determine_fanout`): when each of the 16 values of the next hex digit starts
    /// at least two of its notes, or a fan-out directory. notes.c keeps its notes in a
    /// 16-way trie and splits a level whose 16 children are all inner nodes or unread
    /// subtrees; with random ids a level splits at about 80 notes (half the levels; nearly
    /// all by 130), so at 100,000 notes `ab/cd/…` holds one or two where `ab/…` held ~390.
    /// The root is always split here (git leaves fewer than ~80 notes flat there), and a level
    /// split already stays split (git merges one back only when notes are removed from it,
    /// which this writer never does). One pass over the level's entries and the notes.
    static func gitFansOut(_ level: TreeObject, adding items: [Item], restLength: Int) -> Bool {
        var weight = [Int](repeating: 0, count: 16)
        var seen = Set<Substring>()
        func count(_ rest: Substring, _ amount: Int) {
            guard let first = rest.utf8.first, let digit = NotesLayout.hexValue(first) else { return }
            weight[digit] += amount
        }
        for entry in level.entries {
            if entry.isTree {
                if NotesLayout.isFanoutName(entry.name) { count(Substring(entry.name), 2) }
            } else if entry.name.utf8.count == restLength, NotesLayout.isHex(entry.name), seen.insert(Substring(entry.name)).inserted {
                count(Substring(entry.name), 1)
            }
        }
        for item in items where seen.insert(item.rest).inserted { count(item.rest, 1) }
        return weight.allSatisfy { $0 >= 2 }
    }

    /// The entries of tree `id`: from the cache, else read through libgit2.
    private func tree(_ id: ObjectID) throws -> TreeObject {
        if let cached = cache[id] { return cached }
        var oid = id.oid
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, &oid), "git_tree_lookup")
        defer { git_tree_free(tree) }
        guard let tree else { throw GitError(.notFound, "git_tree_lookup", "tree \(id.hex) is missing") }
        return TreeObject(tree)
    }

    /// Puts notes into a leaf level, resolving a note that already exists for the same commit.
    private func place(_ items: [Item], into level: inout TreeObject, overwrite: Bool, outcome: inout Outcome) {
        let byName = Dictionary(grouping: items) { String($0.rest) }
        for name in byName.keys.sorted() {
            let group = byName[name] ?? []
            var existing: ObjectID? = nil
            if let entry = level[name], !entry.isTree {
                existing = entry.id
            }
            let moved = group.first { !$0.incoming }
            let current = existing ?? moved?.blob
            var final = current
            if let incoming = group.last(where: { $0.incoming }) {
                if current == nil || (current != incoming.blob && overwrite) {
                    final = incoming.blob
                    outcome.written.append(incoming.commit)
                } else if current == incoming.blob {
                    outcome.unchanged.append(incoming.commit)
                } else {
                    outcome.keptExisting.append(incoming.commit)
                }
            }
            if let final, final != existing {
                level.set(name, id: final, mode: TreeObject.blobMode)
            }
        }
    }

    /// Removes notes stored flat at this level from `level` and returns them as items to re-place.
    private func moveFlatNotes(out level: inout TreeObject, prefix: String, restLength: Int) -> [Item] {
        var moved = [Item]()
        for entry in level.entries where !entry.isTree {
            let name = entry.name
            guard name.utf8.count == restLength, NotesLayout.isHex(name), let commit = ObjectID(hex: prefix + name) else { continue }
            moved.append(Item(commit: commit, rest: Substring(name), blob: entry.id, incoming: false))
        }
        moved.sort { $0.commit < $1.commit }
        for item in moved { level.remove(String(item.rest)) }
        return moved
    }
}
