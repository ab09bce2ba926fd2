/// A place a swipe lands on: one focusable element in reading order.
///
/// A stop copies what is spoken out of its node, so that the diff engine can
/// compare stops without walking trees again.
public struct Stop: Sendable, Equatable {
    // Declared in this order for the layout: the 8-byte fields first, then the
    // frame, with the one- and two-byte fields in the frame's padding, and the
    // integers last. What few stops have (a hint, actions, a level,
    // image names, folded-in ids) is out of line. Two arrays of stops are most
    // of a diff's memory: 216 bytes a stop with every field inline, 144 so.

    /// Position in reading order, from 0.
    public var index: Int
    public var id: String?
    /// The node's `platformRole`.
    public var platformRole: String?
    /// The node's label, or, when it has none, what its descendants say (as
    /// VoiceOver and TalkBack combine an unlabelled element's children).
    public var label: String
    public var value: String
    /// The path of the enclosing node: stops with equal `containerPath` are siblings.
    ///
    /// Stored, and `path` derived from it: siblings share one array, rather
    /// than each stop allocating a path that almost nothing reads.
    public internal(set) var containerPath: [Int]
    @usableFromInline var details = OutOfLine<Details>()
    public var frame: Frame?
    public var role: Role
    /// Where the snapshot was taken: it decides the screen reader's words.
    public var platform: Platform = .other
    public var states: NodeStates
    /// Which of `position` and `line` are there (bit 0 and bit 1), in the
    /// frame's padding; their integers are 0 when not. Two optional integers
    /// took 16 bytes each, with their flags: 144 bytes a stop instead of 160.
    @usableFromInline var present: UInt8 = 0
    @usableFromInline var positionValue = 0
    @usableFromInline var lineValue = 0

    /// The last step of `path` (the stop's place among its siblings), or nil
    /// when the path is empty.
    var position: Int? {
        @inlinable get { present & 1 != 0 ? positionValue : nil }
        set {
            positionValue = newValue ?? 0
            present = newValue == nil ? present & ~1 : present | 1
        }
    }
    public var line: Int? {
        @inlinable get { present & 2 != 0 ? lineValue : nil }
        set {
            lineValue = newValue ?? 0
            present = newValue == nil ? present & ~2 : present | 2
        }
    }

    /// The fields few stops have.
    @usableFromInline
    struct Details: OutOfLineFields {
        @usableFromInline var hint = ""
        @usableFromInline var inputLabels: [String] = []
        @usableFromInline var actions: [String] = []
        @usableFromInline var imageNames: [String] = []
        @usableFromInline var innerIDs: [String] = []
        @usableFromInline var level: Int?

        /// Nothing kept: every field at its default.
        @usableFromInline static var none: Self { Self() }

        /// Whether every field has its default.
        @usableFromInline var isDefault: Bool {
            hint.isEmpty && inputLabels.isEmpty && actions.isEmpty && imageNames.isEmpty && innerIDs.isEmpty && level == nil
        }
    }

    public var hint: String {
        @inlinable get { details.box?.value.hint ?? "" }
        set { details.update(clearing: newValue.isEmpty) { $0.hint = newValue } }
    }
    public var inputLabels: [String] {
        @inlinable get { details.box?.value.inputLabels ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.inputLabels = newValue } }
    }
    public var actions: [String] {
        @inlinable get { details.box?.value.actions ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.actions = newValue } }
    }
    /// Identifiers of images inside (or of) this stop: an asset name repeated in
    /// the label is a leak.
    public var imageNames: [String] {
        @inlinable get { details.box?.value.imageNames ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.imageNames = newValue } }
    }
    /// Identifiers of nodes folded into this stop (its descendants with an id),
    /// used to see that a control was absorbed by a combined stop.
    public var innerIDs: [String] {
        @inlinable get { details.box?.value.innerIDs ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.innerIDs = newValue } }
    }
    public var level: Int? {
        @inlinable get { details.box?.value.level }
        set { details.update(clearing: newValue == nil) { $0.level = newValue } }
    }

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
