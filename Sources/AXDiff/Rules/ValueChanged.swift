import AXSnapshot

/// `value.changed`: a matched stop's value changed.
enum ValueChanged: ChangeRule {
    static let name = "value.changed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop's value changed."
    static let help = "A stop's value changed."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field, for every pair.
            guard c.oldStops[pair.old].value != c.newStops[pair.new].value else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.value, after: n.value,
                          message: "value of \(ElementRef(n).display) changed from \"\(o.value)\" to \"\(n.value)\"")
        }
    }
}

extension ChangeKind {
    public static let valueChanged = ValueChanged.kind
}
