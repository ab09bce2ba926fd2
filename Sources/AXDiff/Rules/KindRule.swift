/// A change kind described in one place, as swift-format's rules hold their
/// own findings: the kind's name, default severity, WCAG criteria, one-line
/// summary and help text, beside the predicate that reports it and the
/// message it words. Each conforming type is one file of `Rules/`, named
/// after it, and is listed once in `KindRules.all`; `ChangeKind`, the SARIF
/// rules, `axdiff help KIND` and the README's table check read it there.
protocol KindRule: SendableMetatype {
    /// The kind as reports, the configuration and trailers spell it (`label.lost`).
    static var name: String { get }
    static var defaultSeverity: Severity { get }
    /// Every severity the rule reports before configuration: the default
    /// first. Only `role.changed` has two.
    static var severities: [Severity] { get }
    static var wcag: [String] { get }
    /// One line for legends and SARIF rule descriptions.
    static var summary: String { get }
    /// What the kind means for a user and what usually fixes it.
    static var help: String { get }
    /// A smell one snapshot shows on its own, which `axdiff lint` reports.
    static var isSmell: Bool { get }
    /// The rule as the kind of rule it is: resolved when the program is
    /// compiled, where `as? any ChangeRule.Type` searches every conformance
    /// of the program when it runs.
    static var asChangeRule: (any ChangeRule.Type)? { get }
    static var asOrderRule: (any OrderRule.Type)? { get }
}

extension KindRule {
    static var severities: [Severity] { [defaultSeverity] }
    static var isSmell: Bool { false }
    static var asChangeRule: (any ChangeRule.Type)? { nil }
    static var asOrderRule: (any OrderRule.Type)? { nil }
    static var kind: ChangeKind { ChangeKind(self) }
}

/// A rule that finds its changes in the context of one screen's diff on its own.
protocol ChangeRule: KindRule {
    static func changes(in context: DiffContext) -> [Change]
}

extension ChangeRule {
    static var asChangeRule: (any ChangeRule.Type)? { self }
}

/// A reading-order kind. Which stops moved, and which references each move
/// breaks or repairs, is decided once for all three kinds by `OrderAnalysis`
/// (DESIGN §6); each moved stop then gets the change of the one order rule
/// whose predicate holds for it, in that rule's words.
protocol OrderRule: KindRule {
    /// Whether this kind is the one for `stop`. Exactly one order rule holds
    /// for every moved stop.
    static func applies(to stop: MovedStop) -> Bool
    static func change(for stop: MovedStop, in context: DiffContext, _ places: ScreenPlaces) -> Change
}

extension OrderRule {
    static var asOrderRule: (any OrderRule.Type)? { self }
}
