import AXSnapshot

/// `state.changed`: a matched stop's states (selected, dimmed, …) changed. A
/// heading's level is what heading navigation reads: `heading.changed` says it.
enum StateChanged: ChangeRule {
    static let name = "state.changed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop's state changed."
    static let help = "A stop's state (selected, disabled, checked, expanded, …) changed."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field, for every pair.
            guard c.oldStops[pair.old].states != c.newStops[pair.new].states else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            let (before, after) = (describe(o), describe(n))
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: before, after: after,
                          message: "\(ElementRef(n).display) \(difference(o, n))")
        }
    }

    static func describe(_ s: Stop) -> String {
        let words = s.states.sorted().map { word($0, s.role) }
        if words.isEmpty { return s.role == .toggle ? "off" : (checkable(s.role) ? "not checked" : "no state") }
        return words.joined(separator: ", ")
    }

    /// What a user hears differently, in words: "is now checked", "is no longer
    /// dimmed", "is now selected and no longer expanded".
    static func difference(_ o: Stop, _ n: Stop) -> String {
        let gained = n.states.subtracting(o.states).sorted().map { word($0, n.role) }
        let lost = o.states.subtracting(n.states).sorted().map { word($0, o.role) }
        var parts: [String] = []
        if !gained.isEmpty { parts.append("now " + gained.joined(separator: ", ")) }
        if !lost.isEmpty { parts.append("no longer " + lost.joined(separator: ", ")) }
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
