import AXSnapshot

/// `state.changed`: a matched stop's states (selected, dimmed, …) or heading level changed.
enum StateChanged: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field, for every pair.
            guard c.oldStops[pair.old].states != c.newStops[pair.new].states
                    || c.oldStops[pair.old].level != c.newStops[pair.new].level else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            let (before, after) = (describe(o), describe(n))
            return Change(kind: .stateChanged, screen: c.screen, elements: [ElementRef(n)],
                          before: before, after: after,
                          message: "\(ElementRef(n).display) is now \(after) (was \(before))")
        }
    }

    static func describe(_ s: Stop) -> String {
        var words = s.states.sorted().map(\.spokenWord)
        if let level = s.level { words.append("level \(level)") }
        return words.isEmpty ? "plain" : words.joined(separator: ", ")
    }
}
