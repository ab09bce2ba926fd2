import AXSnapshot

extension Change {
    /// `order.regressed`: a moved stop now breaks a reference the old order
    /// kept — `"Setting 2" is now read after "Setting 25" — on screen it
    /// comes between "Setting 1" and "Setting 3" (jumped 23 stops)`, or, for
    /// a visual move, `"Setting 2" moved to the bottom of the screen but is
    /// still read third`.
    static func orderRegressed(context c: DiffContext, _ stop: MovedStop, _ places: ScreenPlaces) -> Change {
        var message: String
        var named = -1
        if stop.isVisual {
            message = "\(MovedStop.name(c, stop.new)) moved \(visualPlace(stop.new, places, c)) but is still read \(MovedStop.ordinal(stop.new + 1))"
        } else {
            let read = stop.whereRead(c)
            message = read.text
            named = read.named
        }
        var clauses: [String] = []
        if !stop.isVisual, stop.breaks.contains(where: { $0.reference == .visual }), !places.newByRank.isEmpty {
            clauses.append("on screen it comes " + MovedStop.onScreen(c, new: stop.new, places))
        }
        for link in stop.breaks where link.reference != .visual {
            clauses.append(stop.breaking(link, named: named, c))
        }
        if !clauses.isEmpty { message += " — " + clauses.joined(separator: "; ") }
        message += stop.jump
        return Change(kind: .orderRegressed, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: orderWindow(c, stop, old: true, places), after: orderWindow(c, stop, old: false, places),
                      message: message)
    }

    /// Where a visual move took the stop: `to the bottom of the screen`,
    /// `to the top of the screen`, `on screen to between "A" and "B"`.
    static func visualPlace(_ j: Int, _ places: ScreenPlaces, _ c: DiffContext) -> String {
        let ranks = places.newRanks
        guard ranks.count == c.newStops.count, !places.newByRank.isEmpty else { return "on screen" }
        if ranks[j] == ranks.count - 1 { return "to the bottom of the screen" }
        if ranks[j] == 0 { return "to the top of the screen" }
        return "on screen to " + MovedStop.onScreen(c, new: j, places)
    }

    /// The stops around the moved one: in the spoken order for a spoken
    /// move, on screen for a visual move (its spoken place did not change).
    static func orderWindow(_ c: DiffContext, _ stop: MovedStop, old: Bool, _ places: ScreenPlaces) -> OrderWindow? {
        let stops = old ? c.oldStops : c.newStops
        let at = old ? stop.old : stop.new
        guard stop.isVisual else {
            return OrderWindow.around(at, count: stops.count) { stops[$0].displayName }
        }
        let (ranks, byRank) = old ? (places.oldRanks, places.oldByRank) : (places.newRanks, places.newByRank)
        guard ranks.count == stops.count, byRank.count == stops.count else { return nil }
        return OrderWindow.around(ranks[at], count: stops.count, onScreen: true) { stops[byRank[$0]].displayName }
    }
}
