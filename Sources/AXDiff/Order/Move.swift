/// One stop that changed its place in the reading order.
public struct Move: Sendable, Equatable {
    /// Index of the stop in the old reading order.
    public var from: Int
    /// Index of the stop in the new reading order.
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
