import AXSnapshot

/// One stop that moved, with what its move does to the references (DESIGN
/// §6): the facts its one order change is written from.
struct MovedStop {
    /// Its index in the old and in the new reading order.
    var old: Int
    var new: Int
    /// A visual move: read in the same place, shown elsewhere.
    var isVisual: Bool
    /// Kept stops it crossed in the spoken order, and in which direction.
    var jumped = 0
    var isLater = false
    /// References it now breaks that the old order kept, strongest first.
    var breaks: [Link] = []
    /// References the old order broke that it no longer does.
    var repairs: [Link] = []

    /// A reference with the stop on its other side (-1 for the visual
    /// order, which the message places by its neighbours on screen).
    struct Link {
        var reference: OrderReference
        var partner: Int
        /// The moved stop is the one that must be read first.
        var isLead: Bool
    }

    /// Adds a reference, keeping one partner per reference, the first offered.
    mutating func note(_ reference: OrderReference, partner: Int, isLead: Bool, broken: Bool) {
        let link = Link(reference: reference, partner: partner, isLead: isLead)
        if broken {
            guard !breaks.contains(where: { $0.reference == reference }) else { return }
            breaks.append(link)
            breaks.sort { $0.reference < $1.reference }
        } else {
            guard !repairs.contains(where: { $0.reference == reference }) else { return }
            repairs.append(link)
            repairs.sort { $0.reference < $1.reference }
        }
    }
}

/// The words order changes are written in.
extension MovedStop {
    /// How a message names new stop `j`: quoted, cut as window names are,
    /// so that one long label cannot make a note large.
    static func name(_ c: DiffContext, _ j: Int) -> String {
        var text = MessageText()
        appendName(c, j, to: &text)
        return text.string
    }

    /// `name(c, j)`, written into `text`. The label is read in place: an
    /// `ElementRef` made from the stop copies every field of it.
    static func appendName(_ c: DiffContext, _ j: Int, to text: inout MessageText) {
        if !c.newStops[j].label.isEmpty {
            text.appendQuoted(OrderWindow.short(c.newStops[j].label))
        } else if let id = c.newStops[j].id, !id.isEmpty {
            text.append("#")
            text.append(OrderWindow.short(id))
        } else {
            text.append("the unlabelled ")
            text.append(c.newStops[j].role.rawValue)
            text.append(" at stop ")
            text.append(j + 1)
        }
    }

    /// `"Setting 2" is now read after "Setting 25"`, or `… read before …`
    /// for a stop that moved earlier; the stop it names is returned too.
    func whereRead(_ c: DiffContext) -> (text: String, named: Int) {
        var text = MessageText(capacity: 96)
        let named = appendWhereRead(c, to: &text)
        return (text.string, named)
    }

    /// `whereRead(c)`, written into `text`; returns the stop it names.
    func appendWhereRead(_ c: DiffContext, to text: inout MessageText) -> Int {
        MovedStop.appendName(c, new, to: &text)
        if isLater, new > 0 {
            text.append(" is now read after ")
            MovedStop.appendName(c, new - 1, to: &text)
            return new - 1
        }
        if new + 1 < c.newStops.count {
            text.append(" is now read before ")
            MovedStop.appendName(c, new + 1, to: &text)
            return new + 1
        }
        text.append(" is now read last")
        return -1
    }

    /// ` (jumped 23 stops)`.
    var jump: String {
        var text = MessageText()
        appendJump(to: &text)
        return text.string
    }

    /// `jump`, written into `text`.
    func appendJump(to text: inout MessageText) {
        guard jumped > 0 else { return }
        text.append(" (jumped ")
        text.append(jumped)
        text.append(jumped == 1 ? " stop)" : " stops)")
    }

    /// Where it is on screen among its new neighbours in the visual order:
    /// `between "Setting 1" and "Setting 3"`, `first, before "Title"`.
    static func onScreen(_ c: DiffContext, new j: Int, _ places: ScreenPlaces) -> String {
        var text = MessageText(capacity: 96)
        appendOnScreen(c, new: j, places, to: &text)
        return text.string
    }

    /// `onScreen(c, new: j, places)`, written into `text`: the neighbours
    /// named in place, not each made a `String` and the two interpolated.
    static func appendOnScreen(_ c: DiffContext, new j: Int, _ places: ScreenPlaces, to text: inout MessageText) {
        let stopAtRank = places.newByRank
        let r = places.newRanks[j]
        // Named as `ElementRef.display` names them, the fields read in place.
        func display(_ k: Int) {
            ElementRef.appendDisplay(label: c.newStops[k].label, id: c.newStops[k].id, role: c.newStops[k].role,
                                     index: c.newStops[k].index, to: &text)
        }
        let before = r > 0 ? stopAtRank[r - 1] : nil
        let after = r + 1 < stopAtRank.count ? stopAtRank[r + 1] : nil
        switch (before, after) {
        case let (b?, a?):
            text.append("between ")
            display(b)
            text.append(" and ")
            display(a)
        case let (nil, a?):
            text.append("first, before ")
            display(a)
        case let (b?, nil):
            text.append("last, after ")
            display(b)
        case (nil, nil):
            text.append("alone")
        }
    }

    /// What a broken reference means for this stop, in a clause.
    func breaking(_ link: Link, named: Int, _ c: DiffContext) -> String {
        let other = link.partner == named || link.partner < 0 ? nil : MovedStop.name(c, link.partner)
        switch (link.reference, link.isLead) {
        case (.objectBeforeAction, true):
            return other.map { "the object must be heard before \($0), which names it" } ?? "the object must be heard before the action that names it"
        case (.objectBeforeAction, false):
            return other.map { "the action must be heard after \($0), the object it names" } ?? "the action must be heard after the object it names"
        case (.errorBeforeRecovery, true):
            return other.map { "the error must be heard before \($0)" } ?? "the error must be heard before the controls that recover from it"
        case (.errorBeforeRecovery, false):
            return other.map { "the error \($0) must be heard before it" } ?? "the error must be heard before the controls that recover from it"
        case (.contract, true):
            return other.map { "the screen's reading-order contract puts it before \($0)" } ?? "the screen's reading-order contract puts it first"
        case (.contract, false):
            return other.map { "the screen's reading-order contract puts \($0) before it" } ?? "the screen's reading-order contract puts that stop first"
        case (.visual, _):
            return "it breaks the order on screen"
        }
    }

    /// What a repaired reference means for this stop, in a clause.
    func repairing(_ link: Link, _ c: DiffContext) -> String {
        let other = link.partner >= 0 ? MovedStop.name(c, link.partner) : "the other stop"
        switch (link.reference, link.isLead) {
        case (.objectBeforeAction, true): return "it is heard before \(other), which names it"
        case (.objectBeforeAction, false): return "it is heard after \(other), which it names"
        case (.errorBeforeRecovery, true): return "the error is heard before \(other)"
        case (.errorBeforeRecovery, false): return "the error \(other) is heard before it"
        case (.contract, _): return "it follows the screen's reading-order contract"
        case (.visual, _): return "it follows the order on screen again"
        }
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

    /// The stops around this one, in its old or new version: in the spoken
    /// order for a spoken move, on screen for a visual move (its spoken
    /// place did not change).
    func window(_ c: DiffContext, old: Bool, _ places: ScreenPlaces) -> OrderWindow? {
        let stops = old ? c.oldStops : c.newStops
        let at = old ? self.old : self.new
        guard isVisual else {
            return OrderWindow.around(at, count: stops.count) { MovedStop.displayName(stops, $0) }
        }
        let (ranks, byRank) = old ? (places.oldRanks, places.oldByRank) : (places.newRanks, places.newByRank)
        guard ranks.count == stops.count, byRank.count == stops.count else { return nil }
        return OrderWindow.around(ranks[at], count: stops.count, onScreen: true) { MovedStop.displayName(stops, byRank[$0]) }
    }

    /// `stops[k].displayName`, its label read in place: the property, read
    /// through the array, copies the whole stop first.
    static func displayName(_ stops: [Stop], _ k: Int) -> String {
        stops[k].label.isEmpty ? stops[k].displayName : stops[k].label
    }

    /// "first", "third", "26th".
    static func ordinal(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        if n >= 1 && n <= words.count { return words[n - 1] }
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
