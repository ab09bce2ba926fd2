import AXSnapshot

/// `stop.added`: a new stop with nothing else to say about it.
enum StopAdded: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen else { return [] }
        return c.addedStops.compactMap { j in
            guard case .plain = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            return Change(kind: .stopAdded, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
                          message: "new stop \"\(n.spoken)\" at position \(j + 1)")
        }
    }
}
