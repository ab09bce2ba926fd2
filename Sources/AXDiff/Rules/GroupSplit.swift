import AXSnapshot

/// `group.split`: one stop became several (the way Label Soup starts).
enum GroupSplit: ChangeRule {
    static let name = "group.split"
    static let defaultSeverity = Severity.warning
    static let wcag = ["1.3.1"]
    static let summary = "One stop became several."
    static let help = "One stop became several: the user needs more swipes and has to assemble the meaning from parts. Check that the split is deliberate."

    static func changes(in c: DiffContext) -> [Change] {
        c.matching.splits.map { group in
            let o = c.oldStops[group.single]
            let parts = group.parts.map { c.newStops[$0] }
            return Change(kind: kind, screen: c.screen,
                          elements: parts.map(ElementRef.init), before: o.spoken,
                          after: parts.map(\.displayName).joined(separator: " › "),
                          message: "\"\(o.spoken)\" is now read as \(parts.count) separate stops")
        }
    }
}

extension ChangeKind {
    public static let groupSplit = GroupSplit.kind
}
