import AXDiff

extension Report {
    /// SARIF 2.1.0 for code-scanning dashboards: one run, one rule per change
    /// kind (all kinds, so a rule keeps its `ruleIndex` from run to run), one
    /// result per change, located at the snapshot file.
    ///
    /// Each result carries `partialFingerprints["axdiff/v1"]`, an FNV-1a hash
    /// of kind, screen and the element's id (else its label), so a finding
    /// keeps its identity while unrelated stops move around it. Accepted
    /// changes carry an external suppression naming the `Axdiff-Accept` trailer.
    public static let sarif = Report(name: "sarif") { report, context in
        let model = ReportModel(report)
        var results: [JSONDocument] = []
        for screen in model.screens {
            for change in screen.changes {
                results.append(sarifResult(change, path: screen.path))
            }
        }
        let driver: [String: JSONDocument] = [
            "name": .string("axdiff"),
            "version": .string(context.versionNumber),
            "informationUri": .string(context.informationURI),
            "rules": .array(ChangeKind.allCases.map(sarifRule)),
        ]
        var run: [String: JSONDocument] = [
            "tool": .object(["driver": .object(driver)]),
            "results": .array(results),
        ]
        var properties: [String: JSONDocument] = [:]
        if let commit = context.commit {
            properties["commit"] = .string(commit.sha)
            if let subject = commit.subject { properties["commitSubject"] = .string(subject) }
        }
        if let failOn = context.failOn, let fails = context.gateFails(report) {
            properties["failOn"] = .string(failOn.rawValue)
            properties["passed"] = .bool(!fails)
        }
        if !model.remarks.isEmpty { properties["remarks"] = .array(model.remarks.map(JSONDocument.string)) }
        properties["snapshots"] = .int(model.snapshotsCompared)
        run["properties"] = .object(properties)
        return JSONDocument.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ]).rendered
    }

    private static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        case .off: return "none"
        }
    }

    private static func sarifRule(_ kind: ChangeKind) -> JSONDocument {
        let criteria = kind.criteria
        var helpText = kind.helpText
        var helpMarkdown = kind.helpText.markdownEscaped
        if !criteria.isEmpty {
            helpText += "\n\nWCAG 2.2 success criteria:\n" + criteria.map {
                "- \($0.number) \($0.name) (Level \($0.level)): \($0.understandingURL)"
            }.joined(separator: "\n")
            helpMarkdown += "\n\nWCAG 2.2 success criteria:\n\n" + criteria.map {
                "- [\($0.number) \($0.name)](\($0.understandingURL)) (Level \($0.level))"
            }.joined(separator: "\n")
        }
        var rule: [String: JSONDocument] = [
            "id": .string(kind.rawValue),
            "shortDescription": .object(["text": .string(kind.summary)]),
            "fullDescription": .object(["text": .string(kind.helpText)]),
            "help": .object(["text": .string(helpText), "markdown": .string(helpMarkdown)]),
            "defaultConfiguration": .object(["level": .string(sarifLevel(kind.defaultSeverity))]),
            "properties": .object(["tags": .array(
                [JSONDocument.string("accessibility")] + criteria.map { .string("wcag-\($0.number)") }
            )]),
        ]
        if let first = criteria.first { rule["helpUri"] = .string(first.understandingURL) }
        return .object(rule)
    }

    private static func sarifResult(_ change: Change, path: String) -> JSONDocument {
        var physical: [String: JSONDocument] = ["artifactLocation": .object(["uri": .string(path.uriPathEncoded)])]
        if let line = change.elements.first?.line, line >= 1 {
            physical["region"] = .object(["startLine": .int(line)])
        }
        var location: [String: JSONDocument] = ["physicalLocation": .object(physical)]
        if let element = change.elements.first {
            location["logicalLocations"] = .array([.object([
                "name": .string(element.display),
                "fullyQualifiedName": .string(change.screen + "/" + fingerprintKey(element)),
            ])])
        }
        var properties: [String: JSONDocument] = [
            "screen": .string(change.screen),
            "wcag": .array(change.wcag.map(JSONDocument.string)),
            "improvement": .bool(change.improvement),
        ]
        if let before = change.before { properties["before"] = .string(before) }
        if let after = change.after { properties["after"] = .string(after) }
        var result: [String: JSONDocument] = [
            "ruleId": .string(change.kind.rawValue),
            "ruleIndex": .int(ChangeKind.allCases.firstIndex(of: change.kind) ?? 0),
            "level": .string(sarifLevel(change.severity)),
            "message": .object(["text": .string(change.message)]),
            "locations": .array([.object(location)]),
            "partialFingerprints": .object(["axdiff/v1": .string(fingerprint(change))]),
            "properties": .object(properties),
        ]
        if change.accepted {
            result["suppressions"] = .array([.object([
                "kind": .string("external"),
                "status": .string("accepted"),
                "justification": .string("Axdiff-Accept trailer"),
            ])])
        }
        return .object(result)
    }

    /// The element as a fingerprint names it: its id, else its label, else
    /// its role and place (the only thing an unlabelled, id-less stop has).
    private static func fingerprintKey(_ element: ElementRef) -> String {
        if let id = element.id, !id.isEmpty { return id }
        if !element.label.isEmpty { return element.label }
        return "\(element.role.rawValue)@\(element.index)"
    }

    static func fingerprint(_ change: Change) -> String {
        let element = change.elements.first.map(fingerprintKey) ?? ""
        return FNV1a.hex([change.kind.rawValue, change.screen, element].joined(separator: "\u{1F}"))
    }
}
