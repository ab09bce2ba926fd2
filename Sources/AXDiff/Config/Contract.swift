import AXGlob

/// A reading-order contract: on screens matching `screen` (a name or glob),
/// the stops named in `order` (by id, else by exact label) must be read in
/// that relative order. Entries absent from the screen are skipped.
public struct Contract: Sendable, Equatable {
    public var screen: String
    public var order: [String]

    public init(screen: String, order: [String]) {
        self.screen = screen
        self.order = order
    }

    public func applies(to screenName: String) -> Bool {
        screen == screenName || PathGlob(screen).matches(screenName)
    }
}
