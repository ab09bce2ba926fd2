/// How much a change matters. `off` silences a kind through the configuration.
public enum Severity: String, CaseIterable, Sendable, Comparable, Codable {
    case off, note, warning, error

    private var rank: Int {
        switch self {
        case .off: return 0
        case .note: return 1
        case .warning: return 2
        case .error: return 3
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
