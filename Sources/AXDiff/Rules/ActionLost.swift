import AXSnapshot

/// `action.lost`: a custom action a stop offered (VoiceOver's Actions rotor:
/// a card's "Reorder") is offered by no stop of the screen any more —
/// neither as a custom action nor as a control named for it. The action that
/// moved from the card's rotor to a real "Reorder order 1042" button is not
/// lost.
enum ActionLost: ChangeRule {
    static let name = "action.lost"
    static let defaultSeverity = Severity.error
    static let wcag = ["2.1.1", "4.1.2"]
    static let summary = "A custom action is offered by no stop of the screen any more."
    static let help = "A stop offered a custom action (in VoiceOver's Actions rotor, e.g. \"Reorder\" on an order card) that no stop of the screen offers now, neither as a custom action nor as a control named for it. VoiceOver and Switch Control users can no longer do it. Keep the action (accessibilityAction(named:)), or give the task a real button whose label names it (\"Reorder order 1042\")."

    /// Only stops that continue an old one can lose an action: a removed
    /// stop takes its actions with it (`stop.removed` says so).
    ///
    /// - Complexity: O(a + g) for the a old stops with a hint or actions and
    ///   the g stops in merges and splits; the screen is searched for the
    ///   lost names only when there are some (see `namedByControls`).
    static func changes(in c: DiffContext) -> [Change] {
        // Lost names in the order first met, with the new stops that lost them.
        var order: [String] = []
        var lost: [String: (name: String, stops: [Int])] = [:]
        func lose(_ actions: [String], from j: Int, keeping kept: [String]) {
            let keep = Set(kept.map(LabelText.normalized))
            for action in actions {
                let key = LabelText.normalized(action)
                guard !key.isEmpty, !keep.contains(key) else { continue }
                if lost[key] == nil {
                    order.append(key)
                    lost[key] = (action, [])
                }
                if lost[key]?.stops.last != j { lost[key]?.stops.append(j) }
            }
        }
        for i in c.oldTree.hintsOrActions where !c.oldStops[i].actions.isEmpty {
            guard let j = c.matching.oldToNew[i], !LabelText.identical(c.oldStops[i].actions, c.newStops[j].actions) else { continue }
            lose(c.oldStops[i].actions, from: j, keeping: c.newStops[j].actions)
        }
        for group in c.matching.merges {
            for part in group.parts where !c.oldStops[part].actions.isEmpty {
                lose(c.oldStops[part].actions, from: group.single, keeping: c.newStops[group.single].actions)
            }
        }
        for group in c.matching.splits where !c.oldStops[group.single].actions.isEmpty {
            lose(c.oldStops[group.single].actions, from: group.parts[0], keeping: group.parts.flatMap { c.newStops[$0].actions })
        }
        guard !order.isEmpty else { return [] }
        let offered = Set(c.newStops.indices.flatMap { c.newStops[$0].actions.map(LabelText.normalized) })
        let named = namedByControls(order.filter { !offered.contains($0) }, in: c.newStops)
        return order.compactMap { key in
            guard let entry = lost[key], !offered.contains(key), !named.contains(key) else { return nil }
            let stops = entry.stops.map { c.newStops[$0] }
            let who = stops.count == 1 ? ElementRef(stops[0]).display : "\(stops.count) stops"
            return Change(kind: kind, screen: c.screen, elements: stops.map(ElementRef.init),
                          before: entry.name, after: stops.count == 1 ? stops[0].spoken : nil,
                          message: "\(who) no longer offer\(stops.count == 1 ? "s" : "") the action \"\(entry.name)\", and no control on the screen is named for it: \(c.new.platform.screenReader) users cannot do it any more")
        }
    }

    /// Of the normalized action names `keys`, those a control's label or
    /// Voice Control name says as whole words ("Reorder order 1042" names
    /// "Reorder"). Each control text's runs of words are looked up only at
    /// the lengths some action has, so the cost does not grow with the
    /// number of actions times the number of controls. An action of more than
    /// 16 words must be a whole label.
    ///
    /// - Complexity: O(w · L) for the w words of the controls' texts, where L
    ///   is the sum of the actions' distinct word counts (at most 136).
    static func namedByControls(_ keys: [String], in stops: [Stop]) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        var phrases: [String: [String]] = [:]  // words joined by one space → keys
        var lengths = Set<Int>()
        var whole = Set<String>()
        for key in keys {
            let words = LabelText.words(key)
            if words.isEmpty { continue }
            if words.count > 16 {
                whole.insert(key)
            } else {
                phrases[words.joined(separator: " "), default: []].append(key)
                lengths.insert(words.count)
            }
        }
        let sizes = lengths.sorted()
        var found = Set<String>()
        func look(_ text: String) {
            if !whole.isEmpty, whole.contains(LabelText.normalized(text)) { found.insert(LabelText.normalized(text)) }
            let words = LabelText.words(text)
            for size in sizes where size <= words.count {
                for start in 0...(words.count - size) {
                    if let same = phrases[words[start..<(start + size)].joined(separator: " ")] { found.formUnion(same) }
                }
            }
        }
        for j in stops.indices where stops[j].role.isInteractive {
            look(stops[j].label)
            for name in stops[j].inputLabels { look(name) }
        }
        return found
    }
}

extension ChangeKind {
    public static let actionLost = ActionLost.kind
}
