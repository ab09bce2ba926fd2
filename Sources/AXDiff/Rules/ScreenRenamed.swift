/// `screen.renamed`: a snapshot file was removed and another added in the
/// same commit whose stops mostly match — one screen whose file moved. It is
/// said once, and the two versions are compared as one screen's.
enum ScreenRenamed: KindRule {
    static let name = "screen.renamed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A screen's snapshot file moved."
    static let help = "A snapshot file was renamed or moved; its contents were compared with the old file's, so the other changes of this screen are what changed inside it."

    static func change(screen: String, from oldPath: String, to newPath: String) -> Change {
        Change(kind: kind, screen: screen, before: oldPath, after: newPath,
               message: "the snapshot of \"\(screen)\" moved from \(oldPath) to \(newPath)")
    }
}

extension ChangeKind {
    public static let screenRenamed = ScreenRenamed.kind
}
