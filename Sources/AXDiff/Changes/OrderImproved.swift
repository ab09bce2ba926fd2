import AXSnapshot

extension Change {
    /// `order.improved`: a move repairs a reference the old order broke —
    /// `"Payment failed" is now read before "Try again"`.
    static func orderImproved(context c: DiffContext, lead: Int, follows: [Int]) -> Change {
        var message = "\(ElementRef(c.newStops[lead]).display) is now read before \(ElementRef(c.newStops[follows[0]]).display)"
        if follows.count > 1 { message += " and \(follows.count - 1) more" }
        message += ", as it should be"
        let oldFocus = ([lead] + follows).compactMap { c.matching.newToOld[$0] }
        return Change(
            kind: .orderImproved, screen: c.screen,
            elements: ([lead] + follows).map { ElementRef(c.newStops[$0]) },
            before: OrderLine.render(c.oldTree, focus: oldFocus),
            after: OrderLine.render(c.newTree, focus: [lead] + follows),
            message: message, improvement: true)
    }
}
