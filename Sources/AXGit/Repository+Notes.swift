import CLibgit2

extension Repository {
    /// The notes ref axdiff uses unless configured otherwise.
    package static let defaultNotesRef = RefName.defaultNotes

    /// The text of the note attached to `commit` on `notesRef`; nil when there is none
    /// (or the notes ref does not exist yet). Invalid UTF-8 is repaired, not rejected.
    package func note(for commit: ObjectID, notesRef: String = Repository.defaultNotesRef) throws -> String? {
        guard let bytes = try noteBytes(for: commit, notesRef: notesRef) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The raw bytes of the note attached to `commit`; nil when there is none.
    package func noteBytes(for commit: ObjectID, notesRef: String = Repository.defaultNotesRef) throws -> [UInt8]? {
        guard let blob = try noteBlob(for: commit, notesRef: notesRef) else { return nil }
        return try self.blob(blob, maxBytes: Int.max)
    }

    /// True when `commit` has a note on `notesRef`. Looks the note up by path (both flat
    /// and fan-out layouts), without reading it.
    package func noteExists(for commit: ObjectID, notesRef: String = Repository.defaultNotesRef) throws -> Bool {
        try noteBlob(for: commit, notesRef: notesRef) != nil
    }

    /// Every commit that has a note on `notesRef` (empty when the ref does not exist).
    ///
    /// - Complexity: one walk of the notes tree, O(n) for n notes.
    package func annotatedCommits(notesRef: String = Repository.defaultNotesRef) throws -> Set<ObjectID> {
        var out = Set<ObjectID>()
        try forEachNote(notesRef: notesRef) { commit, _ in out.insert(commit) }
        return out
    }

    /// Calls `visit(commit, noteBlob)` for every note on `notesRef`.
    package func forEachNote(notesRef: String = Repository.defaultNotesRef, _ visit: (ObjectID, ObjectID) throws -> Void) throws {
        guard let tip = try referenceTarget(notesRef) else { return }
        try withCommitTree(tip) { tree in
            try NotesLayout.forEachNote(in: tree, prefix: "", repository: handle, visit)
        }
    }

    /// The blob id of the note for `commit`, or nil.
    func noteBlob(for commit: ObjectID, notesRef: String) throws -> ObjectID? {
        guard let tip = try referenceTarget(notesRef) else { return nil }
        return try noteBlob(for: commit, notesCommit: tip)
    }

    func noteBlob(for commit: ObjectID, notesCommit: ObjectID) throws -> ObjectID? {
        try withCommitTree(notesCommit) { tree in
            try NotesLayout.findNote(in: tree, rest: Substring(commit.hex), repository: self)
        }
    }
}
