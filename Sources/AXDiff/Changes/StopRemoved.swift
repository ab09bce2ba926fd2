import AXSnapshot

/// `stop.removed`: a stop disappeared. Removing a decorative image (no label,
/// or repeating a neighbour) is an improvement.
enum StopRemoved: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.removedStops.map { i in
            let o = c.oldStops[i]
            let decorative: Bool
            if case .decorative = AddedStopKind.classify(i, in: c.oldStops) { decorative = true } else { decorative = false }
            return Change(kind: .stopRemoved, screen: c.screen, elements: [ElementRef(o)], before: o.spoken,
                          message: decorative ? "the decorative image at stop \(i + 1) no longer takes a swipe"
                                              : "stop \"\(o.spoken)\" was removed",
                          improvement: decorative)
        }
    }
}
