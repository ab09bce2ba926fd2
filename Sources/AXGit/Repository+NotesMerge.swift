import CLibgit2

extension Repository {
    /// Adds to `ref` every note that `other` has and `ref` lacks — a union: when both annotate the
    /// same commit differently, the local note is kept (notes are deterministic, so this only
    /// happens across axdiff versions or configurations). Notes deleted locally but still present
    /// in `other` come back. The result is committed with two parents (local tip, other tip) and
    /// `ref` is moved by compare-and-swap, retried if it moves meanwhile; a missing or ancestor
    /// `ref` is fast-forwarded. Used to merge `refs/notes/remotes/<remote>/axdiff` after a fetch.
    ///
    /// - Complexity: proportional to the differences between the two notes trees (a tree diff
    ///   that skips equal subtrees), not to the number of notes.
    package func mergeNotes(from other: String, into ref: String = Repository.defaultNotesRef,
                           lockTimeout: Double = 10) throws -> NotesMergeResult {
        guard let otherTip = try referenceTarget(other), other != ref else {
            let tip = try referenceTarget(ref)
            return NotesMergeResult(kind: .upToDate, notesCommit: tip, added: [], keptLocal: [])
        }
        let otherTree = try treeID(ofCommit: otherTip)
        var kind = NotesMergeResult.Kind.upToDate
        var added = [ObjectID]()
        let builder = NotesTreeBuilder(repository: handle)
        let result = try NotesWriter.commitLoop(repository: self, notesRef: ref, lockTimeout: lockTimeout,
                                                maxAttempts: 100, hook: nil) { tip in
            guard let tip else {
                kind = .fastForward
                added = try notesDiffering(from: nil, to: otherTree).keys.sorted()
                return (otherTip, NotesTreeBuilder.Outcome(), nil)
            }
            if try tip == otherTip || isDescendant(tip, of: otherTip) {
                kind = .upToDate
                return (nil, NotesTreeBuilder.Outcome(), nil)
            }
            let localTree = try treeID(ofCommit: tip)
            if try isDescendant(otherTip, of: tip) {
                kind = .fastForward
                added = try notesDiffering(from: localTree, to: otherTree).keys.sorted()
                return (otherTip, NotesTreeBuilder.Outcome(), nil)
            }
            kind = .merged
            let candidates = try notesDiffering(from: localTree, to: otherTree)
            var objects = ObjectBatch()
            let (tree, outcome) = try builder.build(base: localTree, notes: candidates, overwrite: false, into: &objects)
            added = outcome.written
            let merge = try objects.add(GIT_OBJECT_COMMIT, try commitObject(tree: tree, parents: [tip, otherTip],
                                                                        message: "Notes merged by axdiff from \(other)\n"))
            return (merge, outcome, try objects.write(to: self))
        } logMessage: {
            "axdiff: merge notes from \(other)"
        }
        return NotesMergeResult(kind: kind, notesCommit: result.notesCommit, added: added, keptLocal: result.keptExisting)
    }

    /// The notes (commit → blob) present in `new` that are absent or different in `old`,
    /// whatever the layout (flat or fan-out) on each side.
    private func notesDiffering(from old: ObjectID?, to new: ObjectID) throws -> [ObjectID: ObjectID] {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        options.flags = GIT_DIFF_SKIP_BINARY_CHECK.rawValue
        var diff: OpaquePointer?
        try withTree(new) { newTree in
            if let old {
                try withTree(old) { oldTree in
                    try check(git_diff_tree_to_tree(&diff, handle, oldTree, newTree, &options), "git_diff_tree_to_tree")
                }
            } else {
                try check(git_diff_tree_to_tree(&diff, handle, nil, newTree, &options), "git_diff_tree_to_tree")
            }
        }
        defer { git_diff_free(diff) }
        var out = [ObjectID: ObjectID]()
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee,
                  delta.status == GIT_DELTA_ADDED || delta.status == GIT_DELTA_MODIFIED,
                  Self.isRegularFile(delta.new_file.mode),
                  let path = delta.new_file.path else { continue }
            let hex = String(cString: path).replacingOccurrences(of: "/", with: "")
            guard NotesLayout.isHex(hex), let commit = ObjectID(hex: hex) else { continue }
            out[commit] = ObjectID(delta.new_file.id)
        }
        return out
    }
}
