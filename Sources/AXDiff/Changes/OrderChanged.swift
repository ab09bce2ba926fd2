import AXSnapshot

extension Change {
    /// `order.changed`: stops moved in one container without breaking a reference.
    static func orderChanged(context c: DiffContext, moves: [Move]) -> Change {
        let names = moves.prefix(3).map { ElementRef(c.newStops[$0.to]).display }
        let more = moves.count > 3 ? " and \(moves.count - 3) more" : ""
        let message = moves.count == 1
            ? "\(names[0]) moved from stop \(moves[0].from + 1) to stop \(moves[0].to + 1)"
            : "\(names.joined(separator: ", "))\(more) are read in another order"
        return Change(
            kind: .orderChanged, screen: c.screen,
            elements: moves.map { ElementRef(c.newStops[$0.to]) },
            before: OrderLine.render(c.oldTree, focus: moves.map(\.from)),
            after: OrderLine.render(c.newTree, focus: moves.map(\.to)),
            message: message)
    }
}
