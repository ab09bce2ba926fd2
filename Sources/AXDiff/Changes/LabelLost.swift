import AXSnapshot

/// `label.lost`: a matched stop's meaningful label became empty or meaningless
/// (an asset name, a symbol name, its id) — the Mystery Icon, arrived by regression.
enum LabelLost: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Meaninglessness depends only on label, id and image names: when
            // those are unchanged (most pairs), both sides agree and nothing was
            // lost. Compared in place: binding the two stops copies every field.
            if c.oldStops[pair.old].label == c.newStops[pair.new].label, c.oldStops[pair.old].id == c.newStops[pair.new].id,
               c.oldStops[pair.old].imageNames == c.newStops[pair.new].imageNames { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            guard !LabelQuality.isMeaningless(o), LabelQuality.isMeaningless(n) else { return nil }
            let now = n.label.isEmpty ? "nothing but \"\(n.spoken)\"" : "\"\(n.spoken)\""
            return Change(kind: .labelLost, screen: c.screen, elements: [ElementRef(n)],
                          before: o.label, after: n.label,
                          message: "\"\(o.label)\" lost its label: \(n.screenReader) now says \(now)")
        }
    }
}
