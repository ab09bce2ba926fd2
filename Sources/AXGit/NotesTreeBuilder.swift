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

    /// Returns the id of the new root tree; equal to `base` when nothing changed.
    func build(base: ObjectID?, notes: [ObjectID: ObjectID]) throws -> (tree: ObjectID, outcome: Outcome) {
        var outcome = Outcome()
        let items = notes.map { Item(commit: $0.key, rest: Substring($0.key.hex), blob: $0.value, incoming: true) }
        let tree: ObjectID
        if let base {
            tree = try withTree(base) { try writeLevel(base: $0, prefix: "", items: items, outcome: &outcome) }
        } else {
            tree = try writeLevel(base: nil, prefix: "", items: items, outcome: &outcome)
        }
        outcome.written.sort()
        outcome.keptExisting.sort()
        outcome.unchanged.sort()
        return (tree, outcome)
    }

    private func writeLevel(base: OpaquePointer?, prefix: String, items: [Item], outcome: inout Outcome) throws -> ObjectID {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, repository, base), "git_treebuilder_new")
        defer { git_treebuilder_free(builder) }
        let restLength = NotesLayout.hexLength - prefix.utf8.count
        let fanout = restLength > 2 && (prefix.isEmpty || (base.map(Self.hasFanoutDirectories) ?? false))
        if fanout {
            var all = items
            if let base { all += try moveFlatNotes(out: builder!, base: base, prefix: prefix, restLength: restLength) }
            let groups = Dictionary(grouping: all) { String($0.rest.prefix(2)) }
            for directory in groups.keys.sorted() {
                let children = groups[directory]!.map {
                    Item(commit: $0.commit, rest: $0.rest.dropFirst(2), blob: $0.blob, incoming: $0.incoming)
                }
                let existing = git_treebuilder_get(builder, directory)
                let childID: ObjectID
                if let existing {
                    guard git_tree_entry_type(existing) == GIT_OBJECT_TREE else {
                        throw GitError(.invalid, "notes", "the notes tree has a file '\(prefix)\(directory)' where a fan-out directory belongs")
                    }
                    childID = try withTree(ObjectID(git_tree_entry_id(existing))) {
                        try writeLevel(base: $0, prefix: prefix + directory, items: children, outcome: &outcome)
                    }
                } else {
                    childID = try writeLevel(base: nil, prefix: prefix + directory, items: children, outcome: &outcome)
                }
                try insert(childID, named: directory, mode: GIT_FILEMODE_TREE, into: builder!)
            }
        } else {
            try place(items, into: builder!, outcome: &outcome)
        }
        var written = git_oid()
        try check(git_treebuilder_write(&written, builder), "git_treebuilder_write")
        return ObjectID(written)
    }

    /// Puts notes into a leaf level, resolving a note that already exists for the same commit.
    private func place(_ items: [Item], into builder: OpaquePointer, outcome: inout Outcome) throws {
        let byName = Dictionary(grouping: items) { String($0.rest) }
        for name in byName.keys.sorted() {
            let group = byName[name]!
            var existing: ObjectID? = nil
            if let entry = git_treebuilder_get(builder, name), git_tree_entry_type(entry) == GIT_OBJECT_BLOB {
                existing = ObjectID(git_tree_entry_id(entry))
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
                try insert(final, named: name, mode: GIT_FILEMODE_BLOB, into: builder)
            }
        }
    }

    /// Removes notes stored flat at this level from `builder` and returns them as items to re-place.
    private func moveFlatNotes(out builder: OpaquePointer, base: OpaquePointer, prefix: String, restLength: Int) throws -> [Item] {
        var moved = [Item]()
        for index in 0..<git_tree_entrycount(base) {
            guard let entry = git_tree_entry_byindex(base, index), git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard name.utf8.count == restLength, NotesLayout.isHex(name), let commit = ObjectID(hex: prefix + name) else { continue }
            moved.append(Item(commit: commit, rest: Substring(name), blob: ObjectID(git_tree_entry_id(entry)), incoming: false))
        }
        for item in moved {
            try check(git_treebuilder_remove(builder, String(item.rest)), "git_treebuilder_remove")
        }
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

    private func insert(_ id: ObjectID, named name: String, mode: git_filemode_t, into builder: OpaquePointer) throws {
        var oid = id.oid
        try check(git_treebuilder_insert(nil, builder, name, &oid, mode), "git_treebuilder_insert")
    }

    private func withTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        var oid = id.oid
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, &oid), "git_tree_lookup")
        defer { git_tree_free(tree) }
        return try body(tree!)
    }
}
