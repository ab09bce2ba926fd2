import AXGlob
import CLibgit2

extension Repository {
    /// The files matching `globs` (see `PathGlob`) that changed between `commit` and its first
    /// parent — against the empty tree for a root commit — sorted by path.
    ///
    /// Only regular files count: symlinks and submodules are left out. Rename detection is off
    /// (a rename is a deletion plus an addition; `git_diff_find_similar` is far too slow for this).
    package func changes(in commit: ObjectID, matching globs: [String]) throws -> [TreeChange] {
        try changes(in: commit, matching: PathGlobSet(globs))
    }

    /// The same with the patterns compiled by the caller, who diffs many commits with them.
    package func changes(in commit: ObjectID, matching patterns: PathGlobSet) throws -> [TreeChange] {
        let parent = try withCommit(commit) { c -> ObjectID? in
            git_commit_parentcount(c) > 0 ? git_commit_parent_id(c, 0).map { ObjectID($0) } : nil
        }
        return try changes(from: parent, to: commit, matching: patterns)
    }

    /// The files matching `globs` that differ between two commits' trees; `old` nil means the empty tree.
    ///
    /// - Complexity: proportional to the size of the changed subtrees, not of the whole tree:
    ///   subtrees with equal ids are skipped (see `diffTrees`).
    package func changes(from old: ObjectID?, to new: ObjectID, matching globs: [String]) throws -> [TreeChange] {
        try changes(from: old, to: new, matching: PathGlobSet(globs))
    }

    package func changes(from old: ObjectID?, to new: ObjectID, matching patterns: PathGlobSet) throws -> [TreeChange] {
        let newTreeID = try treeID(ofCommit: new)
        let oldTreeID = try old.map { try treeID(ofCommit: $0) }
        if let oldTreeID, oldTreeID == newTreeID { return [] }
        return try diffTrees(oldTreeID, newTreeID, patterns: patterns).sorted { $0.path < $1.path }
    }

    /// The regular files that differ between two trees, the way `git diff-tree -r` sees them
    /// (a type change is a deletion and an addition; symlinks and submodules are left out).
    ///
    /// Why not `git_diff_tree_to_tree`: it sets up iterators, pathspecs and delta records for
    /// every call, and for a commit that changes two files in a tree of fifty that was most of
    /// the cost; this walk only compares the entries of trees whose ids differ.
    ///
    /// - Complexity: O(e) in the entries of the trees that differ (equal subtrees are skipped
    ///   by id, and subtrees no pattern can reach are not opened); an explicit stack, so a
    ///   deep tree cannot exhaust the call stack.
    func diffTrees(_ old: ObjectID?, _ new: ObjectID, patterns: PathGlobSet) throws -> [TreeChange] {
        var out = [TreeChange]()
        var pending: [(old: ObjectID?, new: ObjectID?, prefix: String)] = [(old, new, "")]
        while let (oldID, newID, prefix) = pending.popLast() {
            try withOptionalTree(oldID) { oldTree in
                try withOptionalTree(newID) { newTree in
                    let oldCount = oldTree.map(git_tree_entrycount) ?? 0
                    let newCount = newTree.map(git_tree_entrycount) ?? 0
                    var i = 0, j = 0
                    while i < oldCount || j < newCount {
                        let a = i < oldCount ? oldTree.flatMap { git_tree_entry_byindex($0, i) } : nil
                        let b = j < newCount ? newTree.flatMap { git_tree_entry_byindex($0, j) } : nil
                        let order: Int32
                        switch (a, b) {
                        case let (a?, b?): order = Self.gitOrder(a, b)
                        case (_?, nil): order = -1
                        case (nil, _?): order = 1
                        case (nil, nil): return
                        }
                        if order < 0, let a {
                            try visit(old: a, new: nil, prefix: prefix, patterns: patterns, pending: &pending, out: &out)
                            i += 1
                        } else if order > 0, let b {
                            try visit(old: nil, new: b, prefix: prefix, patterns: patterns, pending: &pending, out: &out)
                            j += 1
                        } else {
                            try visit(old: a, new: b, prefix: prefix, patterns: patterns, pending: &pending, out: &out)
                            i += 1
                            j += 1
                        }
                    }
                }
            }
        }
        return out
    }

    /// One name of a tree pair: present on either side or on both, with the same kind
    /// (tree or not) where both — `gitOrder` keeps a file and a tree of one name apart.
    private func visit(old: OpaquePointer?, new: OpaquePointer?, prefix: String, patterns: PathGlobSet,
                       pending: inout [(old: ObjectID?, new: ObjectID?, prefix: String)], out: inout [TreeChange]) throws {
        guard let named = new ?? old else { return }
        let oldID = old.map { ObjectID(git_tree_entry_id($0)) }
        let newID = new.map { ObjectID(git_tree_entry_id($0)) }
        let oldMode = old.map { UInt16(truncatingIfNeeded: git_tree_entry_filemode_raw($0).rawValue) }
        let newMode = new.map { UInt16(truncatingIfNeeded: git_tree_entry_filemode_raw($0).rawValue) }
        if oldID == newID, oldMode == newMode { return }
        let path = prefix + String(cString: git_tree_entry_name(named))
        if git_tree_entry_type(named) == GIT_OBJECT_TREE {
            guard patterns.mayMatch(below: path) else { return }
            pending.append((oldID, newID, path + "/"))
            return
        }
        let oldRegular = oldMode.map(Self.isRegularFile) ?? false
        let newRegular = newMode.map(Self.isRegularFile) ?? false
        guard oldRegular || newRegular, patterns.matches(path) else { return }
        let status: TreeChange.Status = oldRegular && newRegular ? .modified : (oldRegular ? .deleted : .added)
        out.append(TreeChange(path: path, status: status,
                              oldBlob: status == .added ? nil : oldID,
                              newBlob: status == .deleted ? nil : newID))
    }

    /// git's order of tree entries: bytewise by name, a tree's name compared as if it ended
    /// in "/" (so a file and a tree of one name are different entries).
    private static func gitOrder(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
        guard var p = git_tree_entry_name(a).map(UnsafeRawPointer.init)?.assumingMemoryBound(to: UInt8.self),
              var q = git_tree_entry_name(b).map(UnsafeRawPointer.init)?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let slash = UInt8(ascii: "/")
        let aEnd: UInt8 = git_tree_entry_type(a) == GIT_OBJECT_TREE ? slash : 0
        let bEnd: UInt8 = git_tree_entry_type(b) == GIT_OBJECT_TREE ? slash : 0
        while true {
            let x = p.pointee == 0 ? aEnd : p.pointee
            let y = q.pointee == 0 ? bEnd : q.pointee
            if x != y { return x < y ? -1 : 1 }
            if p.pointee == 0 || q.pointee == 0 { return 0 }
            p += 1
            q += 1
        }
    }

    static func isRegularFile(_ mode: UInt16) -> Bool {
        mode == UInt16(GIT_FILEMODE_BLOB.rawValue) || mode == UInt16(GIT_FILEMODE_BLOB_EXECUTABLE.rawValue)
    }

    private func withOptionalTree<T>(_ id: ObjectID?, _ body: (OpaquePointer?) throws -> T) throws -> T {
        guard let id else { return try body(nil) }
        return try withTree(id) { try body($0) }
    }
}
