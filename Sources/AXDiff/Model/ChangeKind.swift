/// Every kind of change axdiff reports (DESIGN §5), with its default severity,
/// its WCAG success criteria and a one-line description for report legends.
public enum ChangeKind: String, CaseIterable, Sendable, Comparable, Codable {
    case orderRegressed = "order.regressed"
    case orderChanged = "order.changed"
    case orderImproved = "order.improved"
    case labelLost = "label.lost"
    case labelMissing = "label.missing"
    case labelRoleWord = "label.role-word"
    case labelChanged = "label.changed"
    case stopAdded = "stop.added"
    case stopRemoved = "stop.removed"
    case stopDecorative = "stop.decorative"
    case stopsIncreased = "stops.increased"
    case groupMerged = "group.merged"
    case groupControlMerged = "group.control-merged"
    case groupSplit = "group.split"
    case roleChanged = "role.changed"
    case stateChanged = "state.changed"
    case valueChanged = "value.changed"
    case nameDuplicate = "name.duplicate"
    case screenAdded = "screen.added"
    case screenRemoved = "screen.removed"
    case snapshotUnreadable = "snapshot.unreadable"
    // Later kinds go last, so that every earlier kind keeps its SARIF `ruleIndex`.
    case actionLost = "action.lost"
    case labelInputRemoved = "label.input-removed"
    case hintChanged = "hint.changed"
    case targetSmall = "target.small"
    case labelRepeated = "label.repeated"
    case labelUntranslated = "label.untranslated"

    public static func < (a: ChangeKind, b: ChangeKind) -> Bool { a.rawValue < b.rawValue }

    /// One of the reading-order kinds, each about one moved stop.
    public var isOrder: Bool { self == .orderRegressed || self == .orderChanged || self == .orderImproved }

    public var defaultSeverity: Severity {
        if let rule = KindRules.byKind[self] { return rule.defaultSeverity }
        switch self {
        case .orderRegressed, .labelLost, .labelMissing, .groupControlMerged, .snapshotUnreadable, .roleChanged:
            return .error
        case .orderChanged, .labelRoleWord, .stopDecorative, .stopsIncreased, .groupSplit, .nameDuplicate:
            return .warning
        case .orderImproved, .labelChanged, .stopAdded, .stopRemoved, .groupMerged, .stateChanged,
             .valueChanged, .screenAdded, .screenRemoved:
            return .note
        default:
            return .note
        }
    }

    public var wcag: [String] {
        if let rule = KindRules.byKind[self] { return rule.wcag }
        switch self {
        case .orderRegressed: return ["1.3.2", "2.4.3"]
        case .orderChanged: return ["1.3.2"]
        case .labelLost, .labelMissing: return ["4.1.2", "1.1.1"]
        case .labelRoleWord, .groupControlMerged, .roleChanged: return ["4.1.2"]
        case .stopDecorative: return ["1.1.1"]
        case .stopsIncreased, .groupMerged, .groupSplit: return ["1.3.1"]
        case .nameDuplicate: return ["2.5.3", "2.4.6"]
        default: return []
        }
    }

    /// What the kind means and what usually fixes it, for a kind whose rule
    /// says so itself (nil: the report's own words).
    public var help: String? { KindRules.byKind[self]?.help }

    /// One line for legends and SARIF rule descriptions.
    public var summary: String {
        if let rule = KindRules.byKind[self] { return rule.summary }
        switch self {
        case .orderRegressed: return "A move breaks a reading-order reference the old order kept."
        case .orderChanged: return "Stops are read in another order; no reference is broken."
        case .orderImproved: return "A move removes a reading-order violation."
        case .labelLost: return "A stop's meaningful label became empty or meaningless."
        case .labelMissing: return "A new control or image has no meaningful label (Mystery Icon)."
        case .labelRoleWord: return "A label repeats its role word, which VoiceOver already says."
        case .labelChanged: return "A label's text changed."
        case .stopAdded: return "A stop appeared."
        case .stopRemoved: return "A stop disappeared."
        case .stopDecorative: return "A new image stop says nothing a neighbour does not (decorative image)."
        case .stopsIncreased: return "The swipe count grew by stops that carry no new content (Label Soup)."
        case .groupMerged: return "Several stops became one."
        case .groupControlMerged: return "A control was absorbed into a combined stop (Over Grouped Control)."
        case .groupSplit: return "One stop became several."
        case .roleChanged: return "A stop's role changed."
        case .stateChanged: return "A stop's state changed."
        case .valueChanged: return "A stop's value changed."
        case .nameDuplicate: return "Several controls share a name and no input label tells them apart."
        case .screenAdded: return "A screen appeared."
        case .screenRemoved: return "A screen disappeared."
        case .snapshotUnreadable: return "A snapshot could not be read."
        default: return ""
        }
    }
}
