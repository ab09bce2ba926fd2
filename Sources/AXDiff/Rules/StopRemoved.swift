import AXSnapshot

/// `stop.removed`: a stop disappeared. Removing a decorative image (no label,
/// or repeating a neighbour) is an improvement.
enum StopRemoved: ChangeRule {
    static let name = "stop.removed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop disappeared."
    static let help = "A stop disappeared from the reading order."

    static func changes(in c: DiffContext) -> [Change] {
        c.removedStops.map { i in
            let o = c.oldStops[i]
            let decorative: Bool
            if case .decorative = AddedStopKind.classify(i, in: c.oldStops) { decorative = true } else { decorative = false }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(o)], before: o.spoken,
                          message: decorative ? "the decorative image at stop \(i + 1) no longer takes a swipe"
                                              : "stop \"\(o.spoken)\" was removed",
                          improvement: decorative)
        }
    }
}

extension ChangeKind {
    public static let stopRemoved = StopRemoved.kind
}
