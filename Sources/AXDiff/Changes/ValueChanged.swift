import AXSnapshot

/// `value.changed`: a matched stop's value changed.
enum ValueChanged: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.matchedPairs.compactMap { pair in
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            guard o.value != n.value else { return nil }
            return Change(kind: .valueChanged, screen: c.screen, elements: [ElementRef(n)],
                          before: o.value, after: n.value,
                          message: "value of \(ElementRef(n).display) changed from \"\(o.value)\" to \"\(n.value)\"")
        }
    }
}
