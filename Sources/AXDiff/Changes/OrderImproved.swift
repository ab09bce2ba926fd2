import AXSnapshot

extension Change {
    /// `order.improved`: a moved stop repairs a reference the old order broke
    /// — `"Payment failed" is now read before "Card number" — the error is
    /// heard before "Try again", as it should be`.
    static func orderImproved(context c: DiffContext, _ stop: MovedStop, _ places: ScreenPlaces) -> Change {
        var message = stop.isVisual
            ? "\(MovedStop.name(c, stop.new)) moved \(visualPlace(stop.new, places, c)), where it is read (\(MovedStop.ordinal(stop.new + 1)))"
            : stop.whereRead(c).text
        // The place on screen first, as `order.regressed` words it.
        let clauses = (stop.repairs.filter { $0.reference == .visual } + stop.repairs.filter { $0.reference != .visual })
            .map { stop.repairing($0, c) }
        if !clauses.isEmpty { message += " — " + clauses.joined(separator: "; ") + ", as it should be" }
        if !stop.isVisual { message += stop.jump }
        return Change(kind: .orderImproved, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: orderWindow(c, stop, old: true, places), after: orderWindow(c, stop, old: false, places),
                      message: message, improvement: true)
    }
}
