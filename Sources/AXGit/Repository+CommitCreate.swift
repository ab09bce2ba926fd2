import CLibgit2

extension Repository {
    /// Writes a commit object (no ref is moved) and returns its id. The author and committer
    /// come from `withSignature`: the configured identity, else "axdiff <axdiff@localhost>".
    func createCommit(tree: ObjectID, parents: [ObjectID], message: String) throws -> ObjectID {
        try withTree(tree) { tree in
            var parentHandles = [OpaquePointer?]()
            defer { parentHandles.forEach { git_commit_free($0) } }
            for parent in parents {
                var oid = parent.oid
                var commit: OpaquePointer?
                try check(git_commit_lookup(&commit, handle, &oid), "git_commit_lookup")
                parentHandles.append(commit)
            }
            return try withSignature { signature in
                var out = git_oid()
                try parentHandles.withUnsafeMutableBufferPointer { buffer in
                    try check(git_commit_create(&out, handle, nil, signature, signature, nil, message, tree,
                                                buffer.count, buffer.baseAddress), "git_commit_create")
                }
                return ObjectID(out)
            }
        }
    }
}
