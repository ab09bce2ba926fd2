import AXSnapshot

extension Change {
    /// `order.regressed`: the new order breaks a reference the old one kept —
    /// `"Try again" is now read before "Payment failed"`.
    static func orderRegressed(context c: DiffContext, follow: Int, leads: [Int], reason: OrderReference) -> Change {
        let early = c.newStops[follow]
        let first = c.newStops[leads[0]]
        var message = "\(ElementRef(early).display) is now read before \(ElementRef(first).display)"
        if leads.count > 1 { message += " and \(leads.count - 1) more" }
        message += " — \(reason.reason)"
        let oldFocus = ([follow] + leads).compactMap { c.matching.newToOld[$0] }
        return Change(
            kind: .orderRegressed, screen: c.screen,
            elements: ([follow] + leads).map { ElementRef(c.newStops[$0]) },
            before: OrderLine.render(c.oldTree, focus: oldFocus),
            after: OrderLine.render(c.newTree, focus: [follow] + leads),
            message: message)
    }
}
