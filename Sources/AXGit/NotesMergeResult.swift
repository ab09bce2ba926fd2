/// What `Repository.mergeNotes(from:into:)` did.
package struct NotesMergeResult: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Every note of the other ref was already there; nothing changed.
        case upToDate
        /// The local ref was missing or an ancestor of the other: it now points at the other's commit.
        case fastForward
        /// A merge commit (two parents: local, other) was written.
        case merged
    }

    package let kind: Kind
    /// The local notes ref's commit afterwards; nil when neither ref exists.
    package let notesCommit: ObjectID?
    /// Commits whose note came from the other ref, sorted (for a fast-forward, the notes that differed).
    package let added: [ObjectID]
    /// Commits annotated differently on both sides whose local note was kept, sorted.
    package let keptLocal: [ObjectID]
}
