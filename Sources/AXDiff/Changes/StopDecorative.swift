import AXSnapshot

/// `stop.decorative`: a new image stop that says nothing (VoiceOver: "image")
/// or repeats its neighbour ("Error", swipe, "Error"): it should be hidden.
enum StopDecorative: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.addedStops.compactMap { j in
            guard case .decorative(let repeats) = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            let message = repeats.map { "new image repeats its neighbour's label \"\($0)\"; hide it from \(n.screenReader)" }
                ?? "new unlabelled image takes a swipe; hide it from \(n.screenReader) if it is decorative"
            return Change(kind: .stopDecorative, screen: c.screen, elements: [ElementRef(n)], after: n.spoken, message: message)
        }
    }
}
