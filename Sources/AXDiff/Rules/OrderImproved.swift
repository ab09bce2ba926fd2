import AXSnapshot

/// `order.improved`: a moved stop repairs a reference the old order broke
/// and breaks none (DESIGN §6) — `"Payment failed" is now read before "Card
/// number" — the error is heard before "Try again", as it should be`. Which
/// stops moved and what each repairs is `OrderAnalysis`'s judgement.
enum OrderImproved: OrderRule {
    static let name = "order.improved"
    static let defaultSeverity = Severity.note
    static let wcag: [String] = []
    static let summary = "A move removes a reading-order violation."
    static let help = "A move removes a reading-order violation the old version had: the new order follows the layout or the task better."

    static func applies(to stop: MovedStop) -> Bool { stop.breaks.isEmpty && !stop.repairs.isEmpty }

    static func change(for stop: MovedStop, in c: DiffContext, _ places: ScreenPlaces) -> Change {
        var message = stop.isVisual
            ? "\(MovedStop.name(c, stop.new)) moved \(MovedStop.visualPlace(stop.new, places, c)), where it is read (\(MovedStop.ordinal(stop.new + 1)))"
            : stop.whereRead(c).text
        // The place on screen first, as `order.regressed` words it.
        let clauses = (stop.repairs.filter { $0.reference == .visual } + stop.repairs.filter { $0.reference != .visual })
            .map { stop.repairing($0, c) }
        if !clauses.isEmpty { message += " — " + clauses.joined(separator: "; ") + ", as it should be" }
        if !stop.isVisual { message += stop.jump }
        return Change(kind: kind, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: stop.window(c, old: true, places), after: stop.window(c, old: false, places),
                      message: message, improvement: true)
    }
}

extension ChangeKind {
    public static let orderImproved = OrderImproved.kind
}
