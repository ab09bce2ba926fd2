import CLibgit2

/// Builds a new notes tree from a previous one plus a batch of notes, the way git's notes.c
/// lays them out: `ab/cdef…` (a two-hex-digit fan-out directory, then the 38 remaining digits).
///
/// Only the fan-out directories the batch touches are rebuilt; every other subtree is reused by
/// id, so a batch of b notes costs O(b · s) for subtrees of s entries, not O(total notes).
/// Notes found stored flat at a fan-out level (as `git notes add` writes in small repositories)
/// are moved into their fan-out directory the first time the level is rewritten — git reads
/// both layouts, and this keeps the root at ≤ 256 directories. Deeper fan-out written by git
/// (`ab/cd/ef…`) is followed, never flattened. Entries that are not notes are kept untouched.
struct NotesTreeBuilder {
    /// What happened to each incoming note.
    struct Outcome {
        var written: [ObjectID] = []
        var keptExisting: [ObjectID] = []
        var unchanged: [ObjectID] = []
    }

    let repository: OpaquePointer
    /// When an incoming note meets a different existing note for the same commit: replace it (true)
    /// or keep the existing one (false).
    let overwrite: Bool

    private struct Item {
        let commit: ObjectID
        let rest: Substring     // the hex digits not consumed by the fan-out directories above
        let blob: ObjectID
        let incoming: Bool      // false: an existing flat note being moved into fan-out
    }

    /// Returns the id of the new root tree; equal to `base` when nothing changed. The trees
    /// written are added to `objects`, which the caller writes before using the id.
    func build(base: ObjectID?, notes: [ObjectID: ObjectID], into objects: inout ObjectBatch) throws -> (tree: ObjectID, outcome: Outcome) {
        var outcome = Outcome()
        let items = notes.map { Item(commit: $0.key, rest: Substring($0.key.hex), blob: $0.value, incoming: true) }
        let tree: ObjectID
        if let base {
            tree = try withTree(base) {
                try writeLevel(base: $0, baseID: base, prefix: "", items: items, objects: &objects, outcome: &outcome)
            }
        } else {
            tree = try writeLevel(base: nil, baseID: nil, prefix: "", items: items, objects: &objects, outcome: &outcome)
        }
        outcome.written.sort()
        outcome.keptExisting.sort()
        outcome.unchanged.sort()
        return (tree, outcome)
    }

    private func writeLevel(base: OpaquePointer?, baseID: ObjectID?, prefix: String, items: [Item],
                            objects: inout ObjectBatch, outcome: inout Outcome) throws -> ObjectID {
        var level = base.map(TreeObject.init) ?? TreeObject()
        let restLength = NotesLayout.hexLength - prefix.utf8.count
        let fanout = restLength > 2 && (prefix.isEmpty || (base.map(Self.hasFanoutDirectories) ?? false))
        if fanout {
            var all = items
            if let base { all += moveFlatNotes(out: &level, base: base, prefix: prefix, restLength: restLength) }
            let groups = Dictionary(grouping: all) { String($0.rest.prefix(2)) }
            for directory in groups.keys.sorted() {
                let children = (groups[directory] ?? []).map {
                    Item(commit: $0.commit, rest: $0.rest.dropFirst(2), blob: $0.blob, incoming: $0.incoming)
                }
                let childID: ObjectID
                if let existing = level[directory] {
                    guard existing.isTree else {
                        throw GitError(.invalid, "notes", "the notes tree has a file '\(prefix)\(directory)' where a fan-out directory belongs")
                    }
                    childID = try withTree(existing.id) {
                        try writeLevel(base: $0, baseID: existing.id, prefix: prefix + directory, items: children,
                                       objects: &objects, outcome: &outcome)
                    }
                } else {
                    childID = try writeLevel(base: nil, baseID: nil, prefix: prefix + directory, items: children,
                                             objects: &objects, outcome: &outcome)
                }
                level.set(directory, id: childID, mode: TreeObject.treeMode)
            }
        } else {
            place(items, into: &level, outcome: &outcome)
        }
        // An untouched level keeps its id (and its bytes, however they were written).
        if let baseID, !level.isModified { return baseID }
        return objects.addTree(level)
    }

    /// Puts notes into a leaf level, resolving a note that already exists for the same commit.
    private func place(_ items: [Item], into level: inout TreeObject, outcome: inout Outcome) {
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
    private func moveFlatNotes(out level: inout TreeObject, base: OpaquePointer, prefix: String, restLength: Int) -> [Item] {
        var moved = [Item]()
        for index in 0..<git_tree_entrycount(base) {
            guard let entry = git_tree_entry_byindex(base, index), git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard name.utf8.count == restLength, NotesLayout.isHex(name), let commit = ObjectID(hex: prefix + name) else { continue }
            moved.append(Item(commit: commit, rest: Substring(name), blob: ObjectID(git_tree_entry_id(entry)), incoming: false))
        }
        for item in moved { level.remove(String(item.rest)) }
        return moved
    }

    private static func hasFanoutDirectories(_ tree: OpaquePointer) -> Bool {
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            if git_tree_entry_type(entry) == GIT_OBJECT_TREE, NotesLayout.isFanoutName(String(cString: git_tree_entry_name(entry))) {
                return true
            }
        }
        return false
    }

    private func withTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        var oid = id.oid
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, &oid), "git_tree_lookup")
        defer { git_tree_free(tree) }
        guard let tree else { throw GitError(.notFound, "git_tree_lookup", "tree \(id.hex) is missing") }
        return try body(tree)
    }
}
