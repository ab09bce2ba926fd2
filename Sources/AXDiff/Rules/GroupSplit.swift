import AXSnapshot

/// `group.split`: one stop became several (the way Label Soup starts). A
/// split into the items of a list is a structure a screen reader announces
/// ("list, 3 items") and lets a user step through: said as a note.
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
            let listed = intoListItems(parts)
            return Change(kind: kind, screen: c.screen,
                          elements: parts.map(ElementRef.init), before: o.spoken,
                          after: parts.map(\.displayName).joined(separator: " › "),
                          message: "\"\(o.spoken)\" is now read as \(parts.count) separate stops" + (listed ? ", the items of a list" : ""),
                          severity: listed ? .note : nil)
        }
    }
}

extension GroupSplit {
    /// Whether at least two of a split's parts are list items.
    static func intoListItems(_ parts: [Stop]) -> Bool {
        parts.lazy.filter { $0.role == .listItem }.prefix(2).count == 2
    }
}

extension ChangeKind {
    public static let groupSplit = GroupSplit.kind
}
