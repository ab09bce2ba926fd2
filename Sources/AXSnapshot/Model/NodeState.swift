/// A state a screen reader speaks after the role ("selected", "dimmed").
public enum NodeState: String, CaseIterable, Sendable, Comparable {
    case selected, disabled, checked, mixed, expanded, collapsed, focused, busy, invalid

    public static func < (a: NodeState, b: NodeState) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

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
