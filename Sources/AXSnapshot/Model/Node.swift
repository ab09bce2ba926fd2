/// One node of an accessibility tree, as DESIGN §2 defines it.
///
/// Nodes are values: a reader builds the whole tree once and nothing mutates
/// it afterwards. `children` is in reading order.
public struct Node: Sendable, Equatable {
    // Declared in this order for the layout: the 8-byte fields first, then the
    // frame, with the one- and two-byte fields in its padding, and the line
    // last. What few nodes have (a hint, an image name, input labels,
    // actions, a heading level) is out of line: 192 bytes a node with every
    // field inline, 128 so.
    public var id: String? = nil
    /// The role as the platform wrote it (ARIA role, Android class or role
    /// description, XCUITest element type), kept beside the normalized `role`:
    /// spoken words and severities follow the platform. Nil when the format
    /// names only the normalized role.
    public var platformRole: String? = nil
    public var label: String? = nil
    public var value: String? = nil
    public var children: [Node] = []
    @usableFromInline var details = OutOfLine<Details>()
    public var frame: Frame? = nil
    public var role: Role = .other
    public var hidden: Bool = false
    /// Explicit "this node is one stop"; nil means: decided by the default rule.
    public var element: Bool? = nil
    public var states: NodeStates = []
    /// Whether `line` is there, in the frame's padding, and its integer (0
    /// when not): an optional integer took 16 bytes with its flag.
    @usableFromInline var hasLine = false
    @usableFromInline var lineValue = 0

    /// 1-based line in the source file, for messages.
    public var line: Int? {
        @inlinable get { hasLine ? lineValue : nil }
        set {
            lineValue = newValue ?? 0
            hasLine = newValue != nil
        }
    }

    /// The fields few nodes have.
    @usableFromInline
    struct Details: OutOfLineFields {
        @usableFromInline var hint: String?
        @usableFromInline var imageName: String?
        @usableFromInline var inputLabels: [String] = []
        @usableFromInline var actions: [String] = []
        @usableFromInline var level: Int?

        /// Nothing kept: every field at its default.
        @usableFromInline static var none: Self { Self() }

        /// Whether every field has its default.
        @usableFromInline var isDefault: Bool {
            hint == nil && imageName == nil && inputLabels.isEmpty && actions.isEmpty && level == nil
        }
    }

    public var hint: String? {
        @inlinable get { details.box?.value.hint }
        set { details.update(clearing: newValue == nil) { $0.hint = newValue } }
    }
    /// The asset name of the image this node draws, when the format tells it
    /// (used to spot the asset name leaking into the label).
    public var imageName: String? {
        @inlinable get { details.box?.value.imageName }
        set { details.update(clearing: newValue == nil) { $0.imageName = newValue } }
    }
    public var inputLabels: [String] {
        @inlinable get { details.box?.value.inputLabels ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.inputLabels = newValue } }
    }
    public var actions: [String] {
        @inlinable get { details.box?.value.actions ?? [] }
        set { details.update(clearing: newValue.isEmpty) { $0.actions = newValue } }
    }
    /// Heading level (`level=N`), when known.
    public var level: Int? {
        @inlinable get { details.box?.value.level }
        set { details.update(clearing: newValue == nil) { $0.level = newValue } }
    }

    public init(
        id: String? = nil, role: Role = .other, platformRole: String? = nil,
        states: NodeStates = [], level: Int? = nil,
        label: String? = nil, value: String? = nil, hint: String? = nil,
        inputLabels: [String] = [], actions: [String] = [], frame: Frame? = nil,
        hidden: Bool = false, element: Bool? = nil, imageName: String? = nil,
        line: Int? = nil, children: [Node] = []
    ) {
        self.id = id
        self.role = role
        self.platformRole = platformRole
        self.states = states
        self.label = label
        self.value = value
        let details = Details(hint: hint, imageName: imageName, inputLabels: inputLabels, actions: actions, level: level)
        self.details = OutOfLine(details)
        self.frame = frame
        self.hidden = hidden
        self.element = element
        self.line = line
        self.children = children
    }

    /// A node with nothing but its source line, which a reader then fills in
    /// place. Every other field keeps its declared default: assigned here, as
    /// the initializer above assigns them, the node was built twice and one
    /// copy destroyed (a tenth of the JSON reader's instructions, callgrind).
    /// Always inlined, so a reader initializing memory with it writes the
    /// fields there: called, it built the node aside and copied it over.
    @inline(__always)
    public init(line: Int) {
        hasLine = true
        lineValue = line
    }

    /// Whether this node is one stop, by DESIGN §2: explicit `element` wins;
    /// otherwise a leaf with a label, a value, or an interactive or image role.
    public var isStop: Bool {
        Self.isStop(element: element, isLeaf: children.isEmpty, label: label, value: value, role: role)
    }

    /// `nodes[i].isStop`, its fields read where the node lies: a walk over a
    /// tree's arrays that asked `nodes[i].isStop` copied the whole node
    /// first, at every node (callgrind: `stopTree`, `outline`).
    @inline(__always)
    static func isStop(_ nodes: [Node], _ i: Int) -> Bool {
        isStop(element: nodes[i].element, isLeaf: nodes[i].children.isEmpty, label: nodes[i].label, value: nodes[i].value,
               role: nodes[i].role)
    }

    @inline(__always)
    private static func isStop(element: Bool?, isLeaf: Bool, label: String?, value: String?, role: Role) -> Bool {
        if let element { return element }
        guard isLeaf else { return false }
        return !(label?.isEmpty ?? true) || !(value?.isEmpty ?? true) || role.isFocusableWithoutLabel
    }
}

extension Node {
    /// Another name for `platformRole`.
    public var rawRole: String? {
        get { platformRole }
        set { platformRole = newValue }
    }
}
