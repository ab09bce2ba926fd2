import AXDiff
@testable import AXReport

/// The JSON and SARIF reports as they were before they streamed into a
/// `JSONWriter`: a `JSONDocument` tree of the whole report, written a
/// character at a time (`JSONDocumentBytesTests.oracle`). Kept as the oracle
/// the streaming writers must match byte for byte.
enum TreeReportWriters {
    static func json(_ report: DiffReport, _ context: ReportContext) -> String {
        let model = ReportModel(report)
        var changes: [JSONDocument] = []
        for screen in model.screens {
            for change in screen.changes {
                changes.append(jsonChange(change, path: screen.path))
            }
        }
        var summary: [String: JSONDocument] = [
            "errors": .int(model.errors),
            "warnings": .int(model.warnings),
            "notes": .int(model.notes),
            "improvements": .int(model.improvements),
            "accepted": .int(model.accepted),
            "screens": .int(model.changedScreens.count),
            "snapshots": .int(model.snapshotsCompared),
        ]
        if let failOn = context.failOn, let fails = context.gateFails(report) {
            summary["failOn"] = .string(failOn.rawValue)
            summary["passed"] = .bool(!fails)
        }
        var root: [String: JSONDocument] = [
            "changes": .array(changes),
            "summary": .object(summary),
            "remarks": .array(model.remarks.map(JSONDocument.string)),
            "tool": .string(context.toolVersion),
        ]
        if let commit = context.commit {
            root["commit"] = .object(["sha": .string(commit.sha), "subject": .nullable(commit.subject)])
        }
        return JSONDocumentBytesTests.oracle(.object(root))
    }

    static func jsonChange(_ change: Change, path: String) -> JSONDocument {
        .object([
            "kind": .string(change.kind.rawValue),
            "severity": .string(change.severity.rawValue),
            "screen": .string(change.screen),
            "path": .string(path),
            "message": .string(change.message),
            "wcag": .array(change.wcag.map(JSONDocument.string)),
            "improvement": .bool(change.improvement),
            "accepted": .bool(change.accepted),
            "elements": .array(change.elements.map(jsonElement)),
            "before": .nullable(change.before),
            "after": .nullable(change.after),
        ])
    }

    static func jsonElement(_ element: ElementRef) -> JSONDocument {
        .object([
            "id": .nullable(element.id),
            "label": .string(element.label),
            "role": .string(element.role.rawValue),
            "index": .int(element.index),
            "line": element.line.map(JSONDocument.int) ?? .null,
        ])
    }

    static func sarif(_ report: DiffReport, _ context: ReportContext) -> String {
        let model = ReportModel(report)
        var results: [(Change, JSONDocument)] = []
        var leftOut: [String: Int] = [:]
        var occurrences: [String: Int] = [:]
        for screen in model.screens {
            var placement: SARIFPlacement?
            for change in screen.changes {
                if let reason = sarifLeftOut(change) {
                    leftOut[reason, default: 0] += 1
                    continue
                }
                if placement == nil { placement = SARIFPlacement(screen: screen, versions: context.files[screen.path]) }
                let hash = Report.fingerprint(change, path: screen.path)
                occurrences[hash, default: 0] += 1
                results.append((change, sarifResult(change, screen: screen, region: placement?.region(change),
                                                    fingerprint: "\(hash):\(occurrences[hash] ?? 1)")))
            }
        }
        let audience = HelpAudience(Set(model.screens.compactMap(\.platform)))
        if results.count > Report.sarifResultLimit {
            // Stable, so the kept results stay in report order within a severity.
            let ranked = results.enumerated().sorted {
                $0.element.0.severity != $1.element.0.severity ? $0.element.0.severity > $1.element.0.severity : $0.offset < $1.offset
            }
            leftOut["overLimit"] = results.count - Report.sarifResultLimit
            results = ranked.prefix(Report.sarifResultLimit).sorted { $0.offset < $1.offset }.map(\.element)
        }
        let driver: [String: JSONDocument] = [
            "name": .string("axdiff"),
            "version": .string(context.versionNumber),
            "informationUri": .string(context.informationURI),
            "rules": .array(ChangeKind.allCases.map { Report.sarifRule($0, context, audience: audience) }),
        ]
        var run: [String: JSONDocument] = [
            "tool": .object(["driver": .object(driver)]),
            "automationDetails": .object(["id": .string(Report.sarifAutomationID(context.category))]),
            "results": .array(results.map(\.1)),
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
        if !leftOut.isEmpty { properties["leftOut"] = .object(leftOut.mapValues(JSONDocument.int)) }
        properties["snapshots"] = .int(model.snapshotsCompared)
        run["properties"] = .object(properties)
        return JSONDocumentBytesTests.oracle(JSONDocument.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ]))
    }

    static func sarifLeftOut(_ change: Change) -> String? {
        if change.accepted { return "accepted" }
        if change.improvement { return "improvements" }
        if change.severity < .warning { return "notes" }
        return nil
    }

    static func sarifResult(_ change: Change, screen: ReportModel.Screen, region placed: SARIFPlacement.Region?,
                            fingerprint: String) -> JSONDocument {
        let removed = change.kind == .screenRemoved
        var region: [String: JSONDocument] = ["startLine": .int(1)]
        if !removed, let placed {
            region["startLine"] = .int(placed.startLine)
            if let column = placed.startColumn { region["startColumn"] = .int(column) }
            if let line = placed.endLine { region["endLine"] = .int(line) }
            if let column = placed.endColumn { region["endColumn"] = .int(column) }
        }
        let physical: [String: JSONDocument] = [
            "artifactLocation": .object(["uri": .string(removed ? "." : screen.path.uriPathEncoded)]),
            "region": .object(region),
        ]
        var location: [String: JSONDocument] = ["physicalLocation": .object(physical)]
        if let element = change.elements.first {
            location["logicalLocations"] = .array([.object([
                "name": .string(element.display),
                "fullyQualifiedName": .string(screen.path + "#" + Report.fingerprintKey(element)),
            ])])
        }
        var properties: [String: JSONDocument] = [
            "path": .string(screen.path),
            "screen": .string(change.screen),
            "wcag": .array(change.wcag.map(JSONDocument.string)),
        ]
        if let before = change.before { properties["before"] = .string(before) }
        if let after = change.after { properties["after"] = .string(after) }
        return .object([
            "ruleId": .string(change.kind.rawValue),
            "ruleIndex": .int(ChangeKind.allCases.firstIndex(of: change.kind) ?? 0),
            "level": .string(Report.sarifLevel(change.severity)),
            "message": .object(["text": .string(change.message)]),
            "locations": .array([.object(location)]),
            "partialFingerprints": .object(["primaryLocationLineHash": .string(fingerprint)]),
            "properties": .object(properties),
        ])
    }
}
