import AXSnapshot

/// `screen.added`: a snapshot of a screen appeared (the old version is absent).
enum ScreenAdded: ChangeRule {
    static let name = "screen.added"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A screen appeared."
    static let help = "A snapshot of a new screen was added."

    static func changes(in c: DiffContext) -> [Change] {
        guard c.isNewScreen else { return [] }
        return [Change(kind: kind, screen: c.screen, after: "\(c.newStops.count) stops",
                       message: "new screen \"\(c.screen)\" with \(c.newStops.count) stops")]
    }
}

extension ChangeKind {
    public static let screenAdded = ScreenAdded.kind
}
