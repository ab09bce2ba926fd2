/// What `Repository.mergeNotes(from:into:)` did.
public struct NotesMergeResult: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Every note of the other ref was already there; nothing changed.
        case upToDate
        /// The local ref was missing or an ancestor of the other: it now points at the other's commit.
        case fastForward
        /// A merge commit (two parents: local, other) was written.
        case merged
    }

    public let kind: Kind
    /// The local notes ref's commit afterwards; nil when neither ref exists.
    public let notesCommit: ObjectID?
    /// Commits whose note came from the other ref, sorted (for a fast-forward, the notes that differed).
    public let added: [ObjectID]
    /// Commits annotated differently on both sides whose local note was kept, sorted.
    public let keptLocal: [ObjectID]
}
