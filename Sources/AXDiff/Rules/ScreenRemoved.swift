/// `screen.removed`: a snapshot of a screen disappeared. There is no new
/// version to diff, so `ScreenDiffer` asks for the change directly.
enum ScreenRemoved: KindRule {
    static let name = "screen.removed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A screen disappeared."
    static let help = "A snapshot of a screen was removed."

    /// `stops`: how many stops the removed version had.
    static func change(screen: String, stops: Int) -> Change {
        Change(kind: kind, screen: screen, before: "\(stops) stops", message: "screen \"\(screen)\" was removed")
    }
}

extension ChangeKind {
    public static let screenRemoved = ScreenRemoved.kind
}
