import AXSnapshot

/// One semantic change between two versions of a screen.
public struct Change: Sendable, Equatable {
    public var kind: ChangeKind
    public var severity: Severity
    public var screen: String
    /// The element(s) concerned: for moves the moved stop first, for merges
    /// the combined stop first and then its parts.
    public var elements: [ElementRef]
    /// What it was and what it is, in words (a label, a spoken order, a count).
    public var before: String?
    public var after: String?
    /// For an order change: the stops around the moved one, which `before`
    /// and `after` spell out (reports may mark the moved stop).
    public var beforeWindow: OrderWindow?
    public var afterWindow: OrderWindow?
    /// One sentence in the user's words.
    public var message: String
    /// Whether the change fixes a smell.
    public var improvement: Bool
    /// Set by the gate when a commit trailer accepted it.
    public var accepted: Bool
    /// Where in the snapshot file the change is when no element says so (an
    /// unreadable snapshot's error): 1-based line and column.
    public var line: Int?
    public var column: Int?

    public init(kind: ChangeKind, screen: String, elements: [ElementRef] = [], before: String? = nil,
                after: String? = nil, message: String, improvement: Bool = false, severity: Severity? = nil) {
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.screen = screen
        self.elements = elements
        self.before = before
        self.after = after
        self.message = message
        self.improvement = improvement
        self.accepted = false
    }

    /// An order change, whose `before`/`after` are the windows' lines.
    init(kind: ChangeKind, screen: String, moved: ElementRef, before: OrderWindow?, after: OrderWindow?,
         message: String, improvement: Bool = false) {
        self.init(kind: kind, screen: screen, elements: [moved], before: before?.line, after: after?.line,
                  message: message, improvement: improvement)
        beforeWindow = before
        afterWindow = after
    }

    public var wcag: [String] { kind.wcag }
}
