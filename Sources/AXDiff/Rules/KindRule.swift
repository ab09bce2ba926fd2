/// A change kind described in one place: its name, default severity, WCAG
/// criteria, one-line summary and help text beside the predicate that
/// reports it. `ChangeKind` reads these through `KindRules`, so a kind's
/// words live in its rule's file.
protocol KindRule: ChangeRule {
    static var kind: ChangeKind { get }
    static var defaultSeverity: Severity { get }
    static var wcag: [String] { get }
    /// One line for legends and SARIF rule descriptions.
    static var summary: String { get }
    /// What the kind means for a user and what usually fixes it.
    static var help: String { get }
}

/// The rules that describe their own kind, and the lookup derived from them.
enum KindRules {
    static let all: [any KindRule.Type] = [
        ActionLost.self, LabelInputRemoved.self, HintChanged.self, TargetSmall.self,
        LabelRepeated.self, LabelUntranslated.self,
    ]

    static let byKind: [ChangeKind: any KindRule.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })
}
