import CLibgit2

/// How notes are laid out in a notes tree, as git's notes.c reads and writes them.
///
/// A note for commit `abcdef…` (40 hex) is a blob named by the id, either flat at the root
/// (`abcdef…`, what `git notes add` writes in small repositories) or under fan-out
/// directories that each consume two hex digits (`ab/cdef…`, `ab/cd/ef…`). Readers must
/// accept any mix; this module writes as many levels as git's notes.c would (`NotesTreeBuilder`).
enum NotesLayout {
    static let hexLength = 2 * ObjectID.byteCount

    /// True for a name made only of lowercase hex digits.
    static func isHex<S: StringProtocol>(_ name: S) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The value of a lowercase hex digit.
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: return Int(byte - 48)
        case 97...102: return Int(byte - 87)
        default: return nil
        }
    }

    /// True for a fan-out directory name (two hex digits).
    static func isFanoutName<S: StringProtocol>(_ name: S) -> Bool {
        name.utf8.count == 2 && isHex(name)
    }

    /// Finds the note blob for the remaining hex digits `rest` in `tree`, descending fan-out
    /// directories: O(depth · log entries), never a scan. The fan-out trees are kept with the
    /// handle's recent objects (`Repository.withTree`): reading the notes of many commits
    /// (a review site, `axdiff log`) meets each fan-out tree again.
    static func findNote(in tree: OpaquePointer, rest: Substring, repository: Repository) throws -> ObjectID? {
        if let entry = git_tree_entry_byname(tree, String(rest)), git_tree_entry_type(entry) == GIT_OBJECT_BLOB {
            return ObjectID(git_tree_entry_id(entry))
        }
        guard rest.utf8.count > 2,
              let entry = git_tree_entry_byname(tree, String(rest.prefix(2))),
              git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return nil }
        return try repository.withTree(ObjectID(git_tree_entry_id(entry))) { subtree in
            try findNote(in: subtree, rest: rest.dropFirst(2), repository: repository)
        }
    }

    /// Calls `visit(commit, noteBlob)` for every note in the tree; entries that are not notes
    /// (other names, other types) are ignored.
    static func forEachNote(in tree: OpaquePointer, prefix: String, repository: OpaquePointer,
                            _ visit: (ObjectID, ObjectID) throws -> Void) throws {
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard isHex(name) else { continue }
            let full = prefix + name
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_BLOB where full.utf8.count == hexLength:
                if let commit = ObjectID(hex: full) { try visit(commit, ObjectID(git_tree_entry_id(entry))) }
            case GIT_OBJECT_TREE where name.utf8.count == 2 && full.utf8.count < hexLength:
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, repository, git_tree_entry_id(entry)), "git_tree_lookup")
                defer { git_tree_free(subtree) }
                try forEachNote(in: subtree!, prefix: full, repository: repository, visit)
            default:
                continue
            }
        }
    }
}
