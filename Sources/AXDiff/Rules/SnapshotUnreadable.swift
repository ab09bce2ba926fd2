import AXSnapshot

/// `snapshot.unreadable`: a snapshot could not be read, so its screen was
/// not checked. The reader's error says why, and where when it knows.
enum SnapshotUnreadable: KindRule {
    static let name = "snapshot.unreadable"
    static let defaultSeverity = Severity.error
    static let wcag: [String] = []
    static let summary = "A snapshot could not be read."
    static let help = "A snapshot could not be read, so its screen was not checked. The message says which file and where; fix or regenerate the snapshot."

    /// `error`, when it is a `SnapshotError`, gives the place in the file.
    static func change(screen: String, reason: String, error: Error?) -> Change {
        var change = Change(kind: kind, screen: screen, message: "snapshot cannot be read: \(reason)")
        if let place = error as? SnapshotError {
            change.line = place.line
            change.column = place.column
        }
        return change
    }
}

extension ChangeKind {
    public static let snapshotUnreadable = SnapshotUnreadable.kind
}
