/// A place a swipe lands on: one focusable element in reading order.
///
/// A stop copies what is spoken out of its node, so that the diff engine can
/// compare stops without walking trees again.
public struct Stop: Sendable, Equatable {
    // Declared in this order for the layout: the 8-byte fields first, then the
    // frame, with the one- and two-byte fields in the frame's padding, and the
    // optional integers last. In the order they are spoken, a stop took 232
    // bytes; in this one, 216 (two arrays of them are most of a diff's memory).

    /// Position in reading order, from 0.
    public var index: Int
    public var id: String?
    /// The node's `platformRole`.
    public var platformRole: String?
    /// The node's label, or, when it has none, what its descendants say (as
    /// VoiceOver and TalkBack combine an unlabelled element's children).
    public var label: String
    public var value: String
    public var hint: String
    public var inputLabels: [String]
    public var actions: [String]
    /// Identifiers of images inside (or of) this stop: an asset name repeated in
    /// the label is a leak.
    public var imageNames: [String]
    /// Identifiers of nodes folded into this stop (its descendants with an id),
    /// used to see that a control was absorbed by a combined stop.
    public var innerIDs: [String]
    /// The path of the enclosing node: stops with equal `containerPath` are siblings.
    ///
    /// Stored, and `path` derived from it: siblings share one array, rather
    /// than each stop allocating a path that almost nothing reads.
    public internal(set) var containerPath: [Int]
    public var frame: Frame?
    public var role: Role
    /// Where the snapshot was taken: it decides the screen reader's words.
    public var platform: Platform = .other
    public var states: NodeStates
    public var level: Int?
    /// The last step of `path` (the stop's place among its siblings), or nil
    /// when the path is empty.
    var position: Int?
    public var line: Int?

    /// Child-index path from the root to this node.
    public var path: [Int] {
        get { position.map { containerPath + [$0] } ?? containerPath }
        set {
            containerPath = Array(newValue.dropLast())
            position = newValue.last
        }
    }

    /// Label and value as one string, the way a combined element reads them.
    public var name: String {
        value.isEmpty ? label : (label.isEmpty ? value : label + ", " + value)
    }
}

extension Stop {
    /// Another name for `platformRole`.
    public var rawRole: String? {
        get { platformRole }
        set { platformRole = newValue }
    }
}
