import AXDiff

extension ChangeKind {
    /// The WCAG criteria the kind cites, as axdiff knows them.
    var criteria: [WCAGCriterion] { wcag.compactMap(WCAGCriterion.numbered) }

    /// The rule's `name`: the kind in UpperCamelCase (`label.role-word` → `LabelRoleWord`).
    var sarifName: String {
        rawValue.split { $0 == "." || $0 == "-" }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// How often the rule's findings are real problems, as code scanning sorts
    /// them: a kind axdiff ranks as an error by default is one it reports only
    /// on a clear loss, a warning one that asks for a look.
    var sarifPrecision: String {
        switch defaultSeverity {
        case .error: return "high"
        case .warning: return "medium"
        case .note, .off: return "low"
        }
    }

    /// `problem.severity`: what code scanning shows when the result has no level.
    var sarifProblemSeverity: String {
        switch defaultSeverity {
        case .error: return "error"
        case .warning: return "warning"
        case .note, .off: return "recommendation"
        }
    }
}

extension Report {
    /// GitHub shows at most 10 tags of a rule (and rejects more than 20).
    static let sarifTagLimit = 10

    /// One `reportingDescriptor` per change kind, derived from the kind's rule
    /// (`Sources/AXDiff/Rules/`): summary, help text, default severity and WCAG criteria. `helpUri`
    /// is the WCAG Understanding page of the kind's first criterion, else the
    /// tool's page. The help speaks of `audience`'s screen reader and platform.
    static func sarifRule(_ kind: ChangeKind, _ context: ReportContext, audience: HelpAudience? = nil) -> JSONDocument {
        let criteria = kind.criteria
        let help = kind.platformHelp(for: audience)
        var helpText = help
        var helpMarkdown = help.markdownEscaped
        if !criteria.isEmpty {
            helpText += "\n\nWCAG 2.2 success criteria:\n" + criteria.map {
                "- \($0.number) \($0.name) (Level \($0.level)): \($0.understandingURL)"
            }.joined(separator: "\n")
            helpMarkdown += "\n\nWCAG 2.2 success criteria:\n\n" + criteria.map {
                "- [\($0.number) \($0.name)](\($0.understandingURL)) (Level \($0.level))"
            }.joined(separator: "\n")
        }
        let tags = ([JSONDocument.string("accessibility")] + criteria.map { .string("wcag-\($0.number)") })
            .prefix(sarifTagLimit)
        return .object([
            "id": .string(kind.rawValue),
            "name": .string(kind.sarifName),
            "shortDescription": .object(["text": .string(kind.summary)]),
            "fullDescription": .object(["text": .string(help)]),
            "help": .object(["text": .string(helpText), "markdown": .string(helpMarkdown)]),
            "helpUri": .string(criteria.first?.understandingURL ?? context.informationURI),
            "defaultConfiguration": .object(["level": .string(sarifLevel(kind.defaultSeverity))]),
            "properties": .object([
                "tags": .array(Array(tags)),
                "precision": .string(kind.sarifPrecision),
                "problem.severity": .string(kind.sarifProblemSeverity),
            ]),
        ])
    }
}
