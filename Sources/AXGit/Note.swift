/// A note to attach to a commit.
public struct Note: Hashable, Sendable {
    public let commit: ObjectID
    /// The note's text, stored byte for byte (git convention: end it with a newline).
    public let text: String

    public init(commit: ObjectID, text: String) {
        self.commit = commit
        self.text = text
    }
}

/// What one `NotesWriter.write(_:)` did.
public struct NotesWriteResult: Hashable, Sendable {
    /// The notes ref's commit after the write; nil when the ref still does not exist.
    public let notesCommit: ObjectID?
    /// Commits whose note was written (created or, with `.overwrite`, replaced), sorted.
    public let written: [ObjectID]
    /// Commits that already had a different note, which was kept (`.keepExisting`), sorted.
    public let keptExisting: [ObjectID]
    /// Commits that already had exactly this note, sorted.
    public let unchanged: [ObjectID]
    /// How many times the batch was built; more than 1 when another writer moved the ref meanwhile.
    public let attempts: Int
}
