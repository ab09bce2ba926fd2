import AXSnapshot

extension Change {
    /// `order.changed`: a moved stop breaks and repairs no reference —
    /// `"Two" is now read before "One" (jumped 1 stop)`.
    static func orderChanged(context c: DiffContext, _ stop: MovedStop, _ places: ScreenPlaces) -> Change {
        let message = stop.isVisual
            ? "\(MovedStop.name(c, stop.new)) moved \(visualPlace(stop.new, places, c)) and is still read \(MovedStop.ordinal(stop.new + 1))"
            : stop.whereRead(c).text + stop.jump
        return Change(kind: .orderChanged, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: orderWindow(c, stop, old: true, places), after: orderWindow(c, stop, old: false, places),
                      message: message)
    }
}
