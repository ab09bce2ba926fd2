/// The stops around a moved stop, for an order change's `before:`/`after:`
/// lines: at most `reach` stops either side of it, `…` for the rest, so a
/// change stays the same size however long the screen and however far the
/// stop moved.
public struct OrderWindow: Sendable, Equatable, Hashable {
    /// How the stops are named, in order.
    public var names: [String]
    /// The moved stop's place in `names`.
    public var focus: Int
    /// Whether stops were left out before and after the window.
    public var cutBefore: Bool
    public var cutAfter: Bool
    /// The order shown is the order on screen, not the spoken one.
    public var onScreen: Bool

    package static let reach = 3
    /// A label longer than this is cut, so one label cannot make a note large.
    package static let maxName = 60

    public init(names: [String], focus: Int, cutBefore: Bool, cutAfter: Bool, onScreen: Bool = false) {
        self.init(short: names.map(Self.short), focus: focus, cutBefore: cutBefore, cutAfter: cutAfter, onScreen: onScreen)
    }

    /// The window of `names` already cut (`short`).
    private init(short names: [String], focus: Int, cutBefore: Bool, cutAfter: Bool, onScreen: Bool) {
        self.names = names
        self.focus = focus
        self.cutBefore = cutBefore
        self.cutAfter = cutAfter
        self.onScreen = onScreen
    }

    /// `… › Setting 1 › Setting 2 › Setting 3 › …`, with `on screen: ` first for a visual order.
    public var line: String {
        var text = MessageText(capacity: names.reduce(32) { $0 + $1.utf8.count + 5 })
        if onScreen { text.append(literal: "on screen: ") }
        if cutBefore { text.append(literal: "… › ") }
        for k in names.indices {
            if k > 0 { text.append(literal: " › ") }
            text.append(names[k])
        }
        if cutAfter { text.append(literal: " › …") }
        return text.string
    }

    /// The window around position `focus` of an order of `count` stops, named by `name`.
    ///
    /// - Complexity: O(1) names looked up.
    static func around(_ focus: Int, count: Int, onScreen: Bool = false, name: (Int) -> String) -> OrderWindow? {
        guard focus >= 0, focus < count else { return nil }
        let lo = max(0, focus - reach), hi = min(count - 1, focus + reach)
        // Each name cut as it is made: one array, not a second one of the cut names.
        return OrderWindow(short: (lo...hi).map { short(name($0)) }, focus: focus - lo,
                           cutBefore: lo > 0, cutAfter: hi < count - 1, onScreen: onScreen)
    }

    static func short(_ name: String) -> String {
        // Counting characters walks the whole string; bytes bound it first.
        guard name.utf8.count > maxName, name.count > maxName else { return name }
        return String(name.prefix(maxName - 1)) + "…"
    }
}
