/// A WCAG 2.2 success criterion that a change kind cites, with the W3C
/// "Understanding" page that explains it.
public struct WCAGCriterion: Sendable, Equatable {
    /// "1.3.2"
    public let number: String
    /// "Meaningful Sequence"
    public let name: String
    /// "A" or "AA"
    public let level: String
    /// The page name under https://www.w3.org/WAI/WCAG22/Understanding/
    public let slug: String

    public var understandingURL: String { "https://www.w3.org/WAI/WCAG22/Understanding/\(slug).html" }

    /// Every criterion `ChangeKind.wcag` cites, in numeric order.
    public static let all: [WCAGCriterion] = [
        WCAGCriterion(number: "1.1.1", name: "Non-text Content", level: "A", slug: "non-text-content"),
        WCAGCriterion(number: "1.3.1", name: "Info and Relationships", level: "A", slug: "info-and-relationships"),
        WCAGCriterion(number: "1.3.2", name: "Meaningful Sequence", level: "A", slug: "meaningful-sequence"),
        WCAGCriterion(number: "2.1.1", name: "Keyboard", level: "A", slug: "keyboard"),
        WCAGCriterion(number: "2.4.3", name: "Focus Order", level: "A", slug: "focus-order"),
        WCAGCriterion(number: "2.4.6", name: "Headings and Labels", level: "AA", slug: "headings-and-labels"),
        WCAGCriterion(number: "2.5.3", name: "Label in Name", level: "A", slug: "label-in-name"),
        WCAGCriterion(number: "2.5.8", name: "Target Size (Minimum)", level: "AA", slug: "target-size-minimum"),
        WCAGCriterion(number: "3.1.2", name: "Language of Parts", level: "AA", slug: "language-of-parts"),
        WCAGCriterion(number: "3.3.1", name: "Error Identification", level: "A", slug: "error-identification"),
        WCAGCriterion(number: "4.1.2", name: "Name, Role, Value", level: "A", slug: "name-role-value"),
    ]

    /// The criterion numbered `number` ("1.3.2"), or nil when axdiff does not know it.
    public static func numbered(_ number: String) -> WCAGCriterion? {
        all.first { $0.number == number }
    }
}
