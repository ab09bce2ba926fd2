/// A note to attach to a commit.
package struct Note: Hashable, Sendable {
    package let commit: ObjectID
    /// The note's UTF-8, stored byte for byte (git convention: end it with a newline).
    package let bytes: [UInt8]

    package init(commit: ObjectID, bytes: [UInt8]) {
        self.commit = commit
        self.bytes = bytes
    }

    package init(commit: ObjectID, text: String) {
        self.init(commit: commit, bytes: Array(text.utf8))
    }

    /// The note's text: `bytes` decoded.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// What one `NotesWriter.write(_:)` did.
package struct NotesWriteResult: Hashable, Sendable {
    /// The notes ref's commit after the write; nil when the ref still does not exist.
    package let notesCommit: ObjectID?
    /// Commits whose note was written (created or, with `.overwrite`, replaced), sorted.
    package let written: [ObjectID]
    /// Commits that already had a different note, which was kept (`.keepExisting`), sorted.
    package let keptExisting: [ObjectID]
    /// Commits that already had exactly this note, sorted.
    package let unchanged: [ObjectID]
    /// How many times the batch was built; more than 1 when another writer moved the ref meanwhile.
    package let attempts: Int
}
