import AXSnapshot

/// `order.regressed`: a moved stop now breaks a reference the old order
/// kept (DESIGN §6: the visual order, object before action, error before
/// recovery, a configured contract) — `"Setting 2" is now read after
/// "Setting 25" — on screen it comes between "Setting 1" and "Setting 3"
/// (jumped 23 stops)`, or, for a visual move, `"Setting 2" moved to the
/// bottom of the screen but is still read third`. Which stops moved and what
/// each breaks is `OrderAnalysis`'s judgement.
enum OrderRegressed: OrderRule {
    static let name = "order.regressed"
    static let defaultSeverity = Severity.error
    static let wcag = ["1.3.2", "2.4.3"]
    static let summary = "A move breaks a reading-order reference the old order kept."
    static let help = "A stop moved so that the reading order now breaks a reference the old order kept: the visual order, an object read before its action, an error read before its recovery, or a configured reading-order contract. A VoiceOver user hears the screen in an order that no longer makes sense (Reading Order Drift). Restore the order, or set the accessibility sort priority / container order so it follows the task."

    static func applies(to stop: MovedStop) -> Bool { !stop.breaks.isEmpty }

    static func change(for stop: MovedStop, in c: DiffContext, _ places: ScreenPlaces) -> Change {
        var message = MessageText(capacity: 192)
        var named = -1
        if stop.isVisual {
            message.append("\(MovedStop.name(c, stop.new)) moved \(MovedStop.visualPlace(stop.new, places, c)) but is still read \(MovedStop.ordinal(stop.new + 1))")
        } else {
            named = stop.appendWhereRead(c, to: &message)
        }
        var clauses = 0
        func clause(_ text: String) {
            message.append(clauses == 0 ? " — " : "; ")
            message.append(text)
            clauses += 1
        }
        if !stop.isVisual, stop.breaks.contains(where: { $0.reference == .visual }), !places.newByRank.isEmpty {
            // The first clause, written in place.
            message.append(" — on screen it comes ")
            MovedStop.appendOnScreen(c, new: stop.new, places, to: &message)
            clauses += 1
        }
        for link in stop.breaks where link.reference != .visual {
            clause(stop.breaking(link, named: named, c))
        }
        stop.appendJump(to: &message)
        return Change(kind: kind, screen: c.screen, moved: ElementRef(c.newStops[stop.new]),
                      before: stop.window(c, old: true, places), after: stop.window(c, old: false, places),
                      message: message.string)
    }
}

extension ChangeKind {
    public static let orderRegressed = OrderRegressed.kind
}
