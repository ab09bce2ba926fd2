import AXSnapshot

/// `label.lost`: a matched stop's meaningful label became empty or meaningless
/// (an asset name, a symbol name, its id) — the Mystery Icon, arrived by
/// regression. What is meaningless is `LabelQuality.isMeaningless` (DESIGN §5),
/// which the other label rules share.
enum LabelLost: ChangeRule {
    static let name = "label.lost"
    static let defaultSeverity = Severity.error
    static let wcag = ["4.1.2", "1.1.1"]
    static let summary = "A stop's meaningful label became empty or meaningless."
    static let help = "A stop that had a meaningful accessible name now has none, or only an identifier, an asset or file name, or an SF Symbol name. VoiceOver reads the asset name or just the role. Give the element a label that says what it is or does."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Meaninglessness depends only on label, id and image names: when
            // those are unchanged (most pairs), both sides agree and nothing was
            // lost. Compared in place: binding the two stops copies every field.
            if c.oldStops[pair.old].label == c.newStops[pair.new].label, c.oldStops[pair.old].id == c.newStops[pair.new].id,
               c.oldStops[pair.old].imageNames == c.newStops[pair.new].imageNames { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            guard !LabelQuality.isMeaningless(o), LabelQuality.isMeaningless(n) else { return nil }
            let now = n.label.isEmpty ? "nothing but \"\(n.spoken)\"" : "\"\(n.spoken)\""
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.label, after: n.label,
                          message: "\"\(o.label)\" lost its label: \(n.screenReader) now says \(now)")
        }
    }
}

extension ChangeKind {
    public static let labelLost = LabelLost.kind
}
