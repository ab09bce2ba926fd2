import AXSnapshot

/// `label.changed`: a matched stop's label text changed. When the old label
/// was meaningless and the new one is not, it is an improvement.
enum LabelChanged: ChangeRule {
    static let name = "label.changed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A label's text changed."
    static let help = "The text of a label changed. Nothing is wrong by itself; check that tests and Voice Control commands that use the old name still work."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Equal labels normalize equally: most pairs stop here, compared in
            // place (binding the two stops copies every field).
            guard c.oldStops[pair.old].label != c.newStops[pair.new].label else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            guard LabelText.normalized(o.label) != LabelText.normalized(n.label) else { return nil }
            if !c.volatile.isEmpty, c.volatilePattern(o.label, n.label) != nil { return nil }
            let oldMeaningless = LabelQuality.isMeaningless(o), newMeaningless = LabelQuality.isMeaningless(n)
            if !oldMeaningless && newMeaningless { return nil }  // label.lost says it
            let fixed = oldMeaningless && !newMeaningless
            let message = fixed
                ? "\(ElementRef(o).display) now has a real label: \"\(n.label)\""
                : "label changed from \"\(o.label)\" to \"\(n.label)\""
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.label, after: n.label, message: message, improvement: fixed)
        }
    }
}

extension ChangeKind {
    public static let labelChanged = LabelChanged.kind
}
