import AXDiff

/// One commit as `axdiff log` lists it: its id, subject, the counts of its
/// note (nil when it has none) and the branches whose tip it is.
package struct LogEntry: Sendable, Equatable {
    package var commit: String
    package var subject: String
    package var summary: NoteSummary?
    package var branches: [String]

    package init(commit: String, subject: String, summary: NoteSummary?, branches: [String] = []) {
        self.commit = commit
        self.subject = subject
        self.summary = summary
        self.branches = branches
    }

    /// `axdiff log --format json`: `{"commits": [...]}`, newest first, keys
    /// sorted; the counts are null for a commit without a note.
    package static func json(_ entries: [LogEntry]) -> String {
        JSONDocument.object(["commits": .array(entries.map { entry in
            let count = { (n: Int?) in n.map(JSONDocument.int) ?? .null }
            return .object([
                "commit": .string(entry.commit),
                "subject": .string(entry.subject),
                "annotated": .bool(entry.summary != nil),
                "errors": count(entry.summary?.errors),
                "warnings": count(entry.summary?.warnings),
                "improvements": count(entry.summary?.improvements),
                "branches": .array(entry.branches.map(JSONDocument.string)),
            ])
        })]).rendered
    }
}
