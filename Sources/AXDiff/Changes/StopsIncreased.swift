import AXSnapshot

/// `stops.increased`: the swipe count grew (Label Soup): more stops for the same screen.
enum StopsIncreased: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen, c.newStops.count > c.oldStops.count else { return [] }
        let (a, b) = (c.oldStops.count, c.newStops.count)
        return [Change(kind: .stopsIncreased, screen: c.screen, before: "\(a)", after: "\(b)",
                       message: "swipes to read the screen grew from \(a) to \(b)")]
    }
}
