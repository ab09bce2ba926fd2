/// A kind of change axdiff reports (DESIGN §5). A kind is its rule: each is
/// declared in its own file of `Rules/` (`label.lost` in
/// `Rules/LabelLost.swift`, with its severity, WCAG criteria, summary, help,
/// predicate and message), and the list of kinds is the registry,
/// `KindRules.all`.
public struct ChangeKind: RawRepresentable, Hashable, Comparable, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// The rule that declares and reports this kind.
    let rule: any KindRule.Type
    /// The kind's name: `label.lost`.
    public let rawValue: String

    init(_ rule: any KindRule.Type) {
        self.rule = rule
        rawValue = rule.name
    }

    /// The kind named `rawValue`, if axdiff has one.
    public init?(rawValue: String) {
        guard let kind = KindRules.byName[rawValue] else { return nil }
        self = kind
    }

    /// Every kind, in the registry's order (which is SARIF's `ruleIndex`).
    public static var allCases: [ChangeKind] { KindRules.kinds }

    public static func == (a: ChangeKind, b: ChangeKind) -> Bool { ObjectIdentifier(a.rule) == ObjectIdentifier(b.rule) }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(rule)) }
    public static func < (a: ChangeKind, b: ChangeKind) -> Bool { a.rawValue < b.rawValue }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let kind = ChangeKind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown change kind \"\(name)\"")
        }
        self = kind
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// One of the reading-order kinds, each about one moved stop.
    public var isOrder: Bool { rule.asOrderRule != nil }

    public var defaultSeverity: Severity { rule.defaultSeverity }

    /// Every severity a change of this kind can have before configuration, the default first.
    public var severities: [Severity] { rule.severities }

    public var wcag: [String] { rule.wcag }

    /// One line for legends and SARIF rule descriptions.
    public var summary: String { rule.summary }

    /// What the kind means for a screen-reader user and what usually fixes it.
    public var help: String { rule.help }
}
