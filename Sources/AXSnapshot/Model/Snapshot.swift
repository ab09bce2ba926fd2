/// One screen in one state: the unit axdiff reads, compares and reports on.
public struct Snapshot: Sendable, Equatable {
    public var screen: String
    public var platform: Platform
    public var locale: String?
    public var layoutDirection: LayoutDirection
    /// The root's children, in reading order.
    public var elements: [Node]
    /// Which reader produced it.
    public var format: SnapshotFormat

    public init(
        screen: String, platform: Platform = .other, locale: String? = nil,
        layoutDirection: LayoutDirection = .ltr, elements: [Node],
        format: SnapshotFormat = .axsnapshot
    ) {
        self.screen = screen
        self.platform = platform
        self.locale = locale
        self.layoutDirection = layoutDirection
        self.elements = elements
        self.format = format
    }

    /// An empty screen: what `lint` compares against.
    public static func empty(screen: String) -> Snapshot {
        Snapshot(screen: screen, elements: [])
    }
}

/// The file formats axdiff reads.
public enum SnapshotFormat: String, CaseIterable, Sendable {
    case axsnapshot = "axsnapshot JSON"
    case xcuitest = "XCUITest debugDescription"
    case ariaYAML = "Playwright ARIA snapshot"
    case uiautomator = "Android uiautomator XML"
}
