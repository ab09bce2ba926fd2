import CLibgit2

extension Repository {
    /// The files matching `globs` (see `PathGlob`) that changed between `commit` and its first
    /// parent — against the empty tree for a root commit — sorted by path.
    ///
    /// Only regular files count: symlinks and submodules are left out. Rename detection is off
    /// (a rename is a deletion plus an addition; `git_diff_find_similar` is far too slow for this).
    public func changes(in commit: ObjectID, matching globs: [String]) throws -> [TreeChange] {
        let parent = try withCommit(commit) { c -> ObjectID? in
            git_commit_parentcount(c) > 0 ? git_commit_parent_id(c, 0).map { ObjectID($0) } : nil
        }
        return try changes(from: parent, to: commit, matching: globs)
    }

    /// The files matching `globs` that differ between two commits' trees; `old` nil means the empty tree.
    ///
    /// - Complexity: proportional to the size of the changed subtrees, not of the whole tree:
    ///   the diff is restricted to the literal directories of the patterns, skipped entirely when
    ///   those subtrees (or the root trees) have equal ids, and libgit2 skips equal subtrees.
    public func changes(from old: ObjectID?, to new: ObjectID, matching globs: [String]) throws -> [TreeChange] {
        let patterns = PathGlobSet(globs)
        let newTreeID = try treeID(ofCommit: new)
        let oldTreeID = try old.map { try treeID(ofCommit: $0) }
        if let oldTreeID, oldTreeID == newTreeID { return [] }
        let prefixes = patterns.literalPrefixes
        if let oldTreeID, let prefixes,
           try prefixes.allSatisfy({ try entryID(at: $0, inTree: oldTreeID) == entryID(at: $0, inTree: newTreeID) }) {
            return []
        }
        return try withOptionalTree(oldTreeID) { oldTree in
            try withTree(newTreeID) { newTree in
                try diffTrees(oldTree, newTree, pathspec: prefixes ?? [], patterns: patterns)
            }
        }
    }

    private func diffTrees(_ oldTree: OpaquePointer?, _ newTree: OpaquePointer, pathspec: [String],
                           patterns: PathGlobSet) throws -> [TreeChange] {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        // The pathspec holds literal directories (or files), never patterns: no fnmatch, no "!" negation.
        options.flags = GIT_DIFF_SKIP_BINARY_CHECK.rawValue | GIT_DIFF_IGNORE_SUBMODULES.rawValue
            | GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
        let diff: OpaquePointer? = try CStringArray(pathspec).withStrarray { strarray in
            options.pathspec = strarray
            var diff: OpaquePointer?
            try check(git_diff_tree_to_tree(&diff, handle, oldTree, newTree, &options), "git_diff_tree_to_tree")
            return diff
        }
        defer { git_diff_free(diff) }
        var out = [TreeChange]()
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            let status: TreeChange.Status
            switch delta.status {
            case GIT_DELTA_ADDED: status = .added
            case GIT_DELTA_DELETED: status = .deleted
            case GIT_DELTA_MODIFIED: status = .modified
            default: continue
            }
            let oldFile = delta.old_file, newFile = delta.new_file
            if status != .added, !Self.isRegularFile(oldFile.mode) { continue }
            if status != .deleted, !Self.isRegularFile(newFile.mode) { continue }
            let path = String(cString: (status == .deleted ? oldFile.path : newFile.path)!)
            guard patterns.matches(path) else { continue }
            out.append(TreeChange(path: path, status: status,
                                  oldBlob: status == .added ? nil : ObjectID(oldFile.id),
                                  newBlob: status == .deleted ? nil : ObjectID(newFile.id)))
        }
        return out.sorted { $0.path < $1.path }
    }

    static func isRegularFile(_ mode: UInt16) -> Bool {
        mode == UInt16(GIT_FILEMODE_BLOB.rawValue) || mode == UInt16(GIT_FILEMODE_BLOB_EXECUTABLE.rawValue)
    }

    /// The id of the entry (blob or tree) at `path` in a tree; nil if absent.
    func entryID(at path: String, inTree tree: ObjectID) throws -> ObjectID? {
        try withTree(tree) { tree in try entryID(at: path, in: tree) }
    }

    func entryID(at path: String, in tree: OpaquePointer) throws -> ObjectID? {
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_tree_entry_bypath")
        defer { git_tree_entry_free(entry) }
        return ObjectID(git_tree_entry_id(entry))
    }

    private func withOptionalTree<T>(_ id: ObjectID?, _ body: (OpaquePointer?) throws -> T) throws -> T {
        guard let id else { return try body(nil) }
        return try withTree(id) { try body($0) }
    }
}
