/// The states of one node: one bit per `NodeState`.
///
/// A set of at most nine small cases is a word, not a hashed collection:
/// copying a node or a stop copies it without reference counting, and
/// comparing two is comparing two integers. It iterates in `NodeState`'s
/// order, so `sorted()` and a plain loop agree.
public struct NodeStates: SetAlgebra, Sequence, Sendable, Hashable {
    public typealias Element = NodeState

    public private(set) var rawValue: UInt16

    public init() { rawValue = 0 }

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The bit of `state`, as `rawValue` holds it.
    static func bits(_ state: NodeState) -> UInt16 { 1 << state.bit }

    public var isEmpty: Bool { rawValue == 0 }

    public var count: Int { rawValue.nonzeroBitCount }

    public func contains(_ state: NodeState) -> Bool { rawValue & Self.bits(state) != 0 }

    public func union(_ other: NodeStates) -> NodeStates { NodeStates(rawValue: rawValue | other.rawValue) }

    public func intersection(_ other: NodeStates) -> NodeStates { NodeStates(rawValue: rawValue & other.rawValue) }

    public func symmetricDifference(_ other: NodeStates) -> NodeStates { NodeStates(rawValue: rawValue ^ other.rawValue) }

    public func subtracting(_ other: NodeStates) -> NodeStates { NodeStates(rawValue: rawValue & ~other.rawValue) }

    @discardableResult
    public mutating func insert(_ state: NodeState) -> (inserted: Bool, memberAfterInsert: NodeState) {
        let was = contains(state)
        rawValue |= Self.bits(state)
        return (!was, state)
    }

    @discardableResult
    public mutating func remove(_ state: NodeState) -> NodeState? {
        guard contains(state) else { return nil }
        rawValue &= ~Self.bits(state)
        return state
    }

    @discardableResult
    public mutating func update(with state: NodeState) -> NodeState? {
        let was = contains(state)
        rawValue |= Self.bits(state)
        return was ? state : nil
    }

    public mutating func formUnion(_ other: NodeStates) { rawValue |= other.rawValue }

    public mutating func formIntersection(_ other: NodeStates) { rawValue &= other.rawValue }

    public mutating func formSymmetricDifference(_ other: NodeStates) { rawValue ^= other.rawValue }

    public func makeIterator() -> Iterator { Iterator(bits: rawValue) }

    /// The states present, lowest bit (first declared) first.
    public struct Iterator: IteratorProtocol {
        var bits: UInt16

        public mutating func next() -> NodeState? {
            guard bits != 0 else { return nil }
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            return NodeStates.byBit[bit]
        }
    }

    /// `allCases` is made anew at each call; this once.
    private static let byBit = NodeState.allCases
}
