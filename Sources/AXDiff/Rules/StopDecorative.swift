import AXSnapshot

/// `stop.decorative`: a new image stop that says nothing (VoiceOver: "image")
/// or repeats its neighbour ("Error", swipe, "Error"): it should be hidden.
enum StopDecorative: ChangeRule {
    static let name = "stop.decorative"
    static let defaultSeverity = Severity.warning
    static let wcag = ["1.1.1"]
    static let summary = "A new image stop says nothing a neighbour does not (decorative image)."
    static let help = "A new image takes a stop although it has no meaningful label or repeats a neighbour's label. Swipe and Switch Control users land on it for nothing. Hide decorative images from accessibility."
    static let isSmell = true

    static func changes(in c: DiffContext) -> [Change] {
        c.addedStops.compactMap { j in
            guard case .decorative(let repeats) = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            let message = repeats.map { "new image repeats its neighbour's label \"\($0)\"; hide it from \(n.screenReader)" }
                ?? "new unlabelled image takes a swipe; hide it from \(n.screenReader) if it is decorative"
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)], after: n.spoken, message: message)
        }
    }
}

extension ChangeKind {
    public static let stopDecorative = StopDecorative.kind
}
