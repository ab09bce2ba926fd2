import AXBase
import AXGlob
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
        // The tree walk that skips equal subtrees by id (`diffTrees`): `git_diff_tree_to_tree`
        // visits every entry of both notes trees, so a merge would cost the number of notes.
        var out = [ObjectID: ObjectID]()
        for change in try diffTrees(old, new, patterns: PathGlobSet(["**"])) where change.status != .deleted {
            let hex = change.path.replacingEvery("/", with: "")
            guard NotesLayout.isHex(hex), let commit = ObjectID(hex: hex), let blob = change.newBlob else { continue }
            out[commit] = blob
        }
        return out
    }
}
