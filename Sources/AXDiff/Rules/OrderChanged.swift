import AXSnapshot

/// `order.changed`: a moved stop breaks and repairs no reference (DESIGN §6)
/// — `"Two" is now read before "One" (jumped 1 stop)`. Which stops moved is
/// `OrderAnalysis`'s judgement.
enum OrderChanged: OrderRule {
    static let name = "order.changed"
    static let defaultSeverity = Severity.warning
    static let wcag = ["1.3.2"]
    static let summary = "Stops are read in another order; no reference is broken."
    static let help = "Stops are read in another order than before, but no reading-order reference is broken. Check that the new order is deliberate; a swipe user learns screens by their order."

    static func applies(to stop: MovedStop) -> Bool { stop.breaks.isEmpty && stop.repairs.isEmpty }

    static func change(for stop: MovedStop, in c: DiffContext, _ places: ScreenPlaces) -> Change {
        var message = MessageText(capacity: 96)
        if stop.isVisual {
            message.append("\(MovedStop.name(c, stop.new)) moved \(MovedStop.visualPlace(stop.new, places, c)) and is still read \(MovedStop.ordinal(stop.new + 1))")
        } else {
            _ = stop.appendWhereRead(c, to: &message)
            stop.appendJump(to: &message)
        }
        return Change(kind: kind, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: stop.window(c, old: true, places), after: stop.window(c, old: false, places),
                      message: message.string)
    }
}

extension ChangeKind {
    public static let orderChanged = OrderChanged.kind
}
