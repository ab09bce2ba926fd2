/// One node of an accessibility tree, as DESIGN §2 defines it.
///
/// Nodes are values: a reader builds the whole tree once and nothing mutates
/// it afterwards. `children` is in reading order.
public struct Node: Sendable, Equatable {
    public var id: String?
    public var role: Role
    /// The role as the platform wrote it (ARIA role, Android class or role
    /// description, XCUITest element type), kept beside the normalized `role`:
    /// spoken words and severities follow the platform. Nil when the format
    /// names only the normalized role.
    public var platformRole: String?
    public var states: Set<NodeState>
    /// Heading level (`level=N`), when known.
    public var level: Int?
    public var label: String?
    public var value: String?
    public var hint: String?
    public var inputLabels: [String]
    public var actions: [String]
    public var frame: Frame?
    public var hidden: Bool
    /// Explicit "this node is one stop"; nil means: decided by the default rule.
    public var element: Bool?
    /// The asset name of the image this node draws, when the format tells it
    /// (used to spot the asset name leaking into the label).
    public var imageName: String?
    /// 1-based line in the source file, for messages.
    public var line: Int?
    public var children: [Node]

    public init(
        id: String? = nil, role: Role = .other, platformRole: String? = nil,
        states: Set<NodeState> = [], level: Int? = nil,
        label: String? = nil, value: String? = nil, hint: String? = nil,
        inputLabels: [String] = [], actions: [String] = [], frame: Frame? = nil,
        hidden: Bool = false, element: Bool? = nil, imageName: String? = nil,
        line: Int? = nil, children: [Node] = []
    ) {
        self.id = id
        self.role = role
        self.platformRole = platformRole
        self.states = states
        self.level = level
        self.label = label
        self.value = value
        self.hint = hint
        self.inputLabels = inputLabels
        self.actions = actions
        self.frame = frame
        self.hidden = hidden
        self.element = element
        self.imageName = imageName
        self.line = line
        self.children = children
    }

    /// Whether this node is one stop, by DESIGN §2: explicit `element` wins;
    /// otherwise a leaf with a label, a value, or an interactive or image role.
    public var isStop: Bool {
        if let element { return element }
        guard children.isEmpty else { return false }
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
