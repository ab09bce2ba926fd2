import AXSnapshot

/// `hint.changed`: a matched stop's hint (what VoiceOver says after a pause)
/// appeared, changed or vanished.
enum HintChanged: ChangeRule {
    static let name = "hint.changed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A hint appeared, changed or vanished."
    static let help = "The hint of a stop (accessibilityHint, a placeholder), which VoiceOver reads after a pause, appeared, changed or vanished. Check that users still learn what the element does or what to enter."

    static func changes(in c: DiffContext) -> [Change] {
        c.pairsWithHintsOrActions().compactMap { pair in
            // Compared in place: binding the two stops copies every field.
            guard !LabelText.identical(c.oldStops[pair.old].hint, c.newStops[pair.new].hint) else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            guard LabelText.normalized(o.hint) != LabelText.normalized(n.hint) else { return nil }
            let who = ElementRef(n).display
            let message = o.hint.isEmpty ? "\(who) now has the hint \"\(n.hint)\""
                : n.hint.isEmpty ? "\(who) lost its hint \"\(o.hint)\""
                : "hint of \(who) changed from \"\(o.hint)\" to \"\(n.hint)\""
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.hint.isEmpty ? nil : o.hint, after: n.hint.isEmpty ? nil : n.hint, message: message)
        }
    }
}

extension ChangeKind {
    public static let hintChanged = HintChanged.kind
}
