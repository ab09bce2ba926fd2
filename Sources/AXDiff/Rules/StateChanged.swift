import AXSnapshot

/// `state.changed`: a matched stop's states (selected, dimmed, …) or heading level changed.
enum StateChanged: ChangeRule {
    static let name = "state.changed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop's state changed."
    static let help = "A stop's state (selected, disabled, checked, expanded, …) changed."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field, for every pair.
            guard c.oldStops[pair.old].states != c.newStops[pair.new].states
                    || c.oldStops[pair.old].level != c.newStops[pair.new].level else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            let (before, after) = (describe(o), describe(n))
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: before, after: after,
                          message: "\(ElementRef(n).display) \(difference(o, n))")
        }
    }

    static func describe(_ s: Stop) -> String {
        var words = s.states.sorted().map { word($0, s.role) }
        if let level = s.level { words.append("level \(level)") }
        if words.isEmpty { return s.role == .toggle ? "off" : (checkable(s.role) ? "not checked" : "no state") }
        return words.joined(separator: ", ")
    }

    /// What a user hears differently, in words: "is now checked", "is no longer
    /// dimmed", "is now selected and no longer expanded", "is now level 3 (was 2)".
    static func difference(_ o: Stop, _ n: Stop) -> String {
        let gained = n.states.subtracting(o.states).sorted().map { word($0, n.role) }
        let lost = o.states.subtracting(n.states).sorted().map { word($0, o.role) }
        var parts: [String] = []
        if !gained.isEmpty { parts.append("now " + gained.joined(separator: ", ")) }
        if !lost.isEmpty { parts.append("no longer " + lost.joined(separator: ", ")) }
        if o.level != n.level {
            switch (o.level, n.level) {
            case (let a?, let b?): parts.append("now level \(b) (was \(a))")
            case (nil, let b?): parts.append("now level \(b)")
            case (let a?, nil): parts.append("no longer level \(a)")
            case (nil, nil): break
            }
        }
        return "is " + parts.joined(separator: " and ")
    }

    /// A switch is "on", not "checked", as VoiceOver says it; a checkbox that
    /// loses "checked" is "not checked", never "plain".
    private static func word(_ state: NodeState, _ role: Role) -> String {
        role == .toggle && state == .checked ? "on" : state.spokenWord
    }

    private static func checkable(_ role: Role) -> Bool { role == .checkbox || role == .radio || role == .toggle }
}

extension ChangeKind {
    public static let stateChanged = StateChanged.kind
}
