import AXGlob
import CLibgit2

extension Repository {
    /// The regular files matching `globs` (see `PathGlob`) in a commit's tree, sorted by path.
    ///
    /// Directories no pattern can reach are not entered, so `Snapshots/**` reads only the
    /// `Snapshots` subtree. Symlinks and submodules are left out.
    package func files(in commit: ObjectID, matching globs: [String]) throws -> [TreeFile] {
        let patterns = PathGlobSet(globs)
        var out = [TreeFile]()
        try withCommitTree(commit) { tree in
            try collect(tree, prefix: "", patterns: patterns, into: &out)
        }
        return out.sorted { $0.path < $1.path }
    }

    /// The blob at each of `paths` in a commit's tree (nil where there is none, or not a
    /// file), the tree read once for all of them.
    package func blobIDs(at paths: [String], in commit: ObjectID) throws -> [ObjectID?] {
        try withCommitTree(commit) { tree in
            try paths.map { path in
                var entry: OpaquePointer?
                let code = git_tree_entry_bypath(&entry, tree, path)
                if code == GIT_ENOTFOUND.rawValue { return nil }
                try check(code, "git_tree_entry_bypath")
                defer { git_tree_entry_free(entry) }
                guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
                return ObjectID(git_tree_entry_id(entry))
            }
        }
    }

    /// The bytes of the file at `path` in a commit; nil when there is no file there.
    ///
    /// Throws `.tooLarge` without reading the blob when it exceeds `maxBytes`.
    package func file(at path: String, in commit: ObjectID, maxBytes: Int = Repository.defaultMaxBlobBytes) throws -> [UInt8]? {
        let blob = try blobIDs(at: [path], in: commit).first ?? nil
        return try blob.map { try self.blob($0, maxBytes: maxBytes) }
    }

    private func collect(_ tree: OpaquePointer, prefix: String, patterns: PathGlobSet, into out: inout [TreeFile]) throws {
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let path = prefix + String(cString: git_tree_entry_name(entry))
            let mode = git_tree_entry_filemode(entry)
            if mode == GIT_FILEMODE_TREE {
                guard patterns.mayMatch(below: path) else { continue }
                try withTree(ObjectID(git_tree_entry_id(entry))) { subtree in
                    try collect(subtree, prefix: path + "/", patterns: patterns, into: &out)
                }
            } else if mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE, patterns.matches(path) {
                out.append(TreeFile(path: path, blob: ObjectID(git_tree_entry_id(entry))))
            }
        }
    }
}
