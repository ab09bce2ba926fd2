/// A state a screen reader speaks after the role ("selected", "dimmed").
public enum NodeState: String, CaseIterable, Sendable, Comparable {
    case selected, disabled, checked, mixed, expanded, collapsed, focused, busy, invalid

    public static func < (a: NodeState, b: NodeState) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int { bit }

    /// The state's place among the cases: its bit in `NodeStates`.
    var bit: Int {
        switch self {
        case .selected: return 0
        case .disabled: return 1
        case .checked: return 2
        case .mixed: return 3
        case .expanded: return 4
        case .collapsed: return 5
        case .focused: return 6
        case .busy: return 7
        case .invalid: return 8
        }
    }

    /// The spoken word; VoiceOver says "dimmed" for a disabled control and
    /// "invalid data" for a field that failed validation.
    public var spokenWord: String {
        switch self {
        case .disabled: return "dimmed"
        case .invalid: return "invalid data"
        default: return rawValue
        }
    }
}
