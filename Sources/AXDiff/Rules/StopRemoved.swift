import AXSnapshot

/// `stop.removed`: a stop disappeared. Removing a decorative image (no label,
/// or repeating a neighbour), or on the web an image with no name, is an improvement.
enum StopRemoved: ChangeRule {
    static let name = "stop.removed"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A stop disappeared."
    static let help = "A stop disappeared from the reading order."

    static func changes(in c: DiffContext) -> [Change] {
        c.removedStops.map { i in
            let o = c.oldStops[i]
            let message: String?
            switch AddedStopKind.classify(i, in: c.oldStops) {
            case .decorative: message = "the decorative image at stop \(i + 1) no longer takes a swipe"
            // On the web an image with no name at all is a missing label; gone, it no longer says "image".
            case .missingLabel where o.role == .image && o.label.isEmpty: message = "the unlabelled image at stop \(i + 1) no longer takes a swipe"
            default: message = nil
            }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(o)], before: o.spoken,
                          message: message ?? "stop \"\(o.spoken)\" was removed", improvement: message != nil)
        }
    }
}

extension ChangeKind {
    public static let stopRemoved = StopRemoved.kind
}
