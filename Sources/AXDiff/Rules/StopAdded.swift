import AXSnapshot

/// `stop.added`: a new stop with nothing else to say about it.
enum StopAdded: ChangeRule {
    static let name = "stop.added"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop appeared."
    static let help = "A stop appeared in the reading order."

    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen else { return [] }
        return c.addedStops.compactMap { j in
            guard case .plain = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
                          message: "new stop \"\(n.spoken)\" at position \(j + 1)")
        }
    }
}

extension ChangeKind {
    public static let stopAdded = StopAdded.kind
}
