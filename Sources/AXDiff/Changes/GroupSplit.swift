import AXSnapshot

/// `group.split`: one stop became several (the way Label Soup starts).
enum GroupSplit: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.matching.splits.map { group in
            let o = c.oldStops[group.single]
            let parts = group.parts.map { c.newStops[$0] }
            return Change(kind: .groupSplit, screen: c.screen,
                          elements: parts.map(ElementRef.init), before: o.spoken,
                          after: parts.map(\.displayName).joined(separator: " › "),
                          message: "\"\(o.spoken)\" is now read as \(parts.count) separate stops")
        }
    }
}
