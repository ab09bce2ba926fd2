import AXDiff

extension Report {
    /// Every change as data, for scripts:
    ///
    /// ```json
    /// {
    ///   "changes": [ { "accepted": false, "after": "…", "before": "…", "elements": [ {…} ],
    ///                  "improvement": false, "kind": "order.regressed", "message": "…",
    ///                  "path": "Snapshots/Checkout.json", "screen": "Checkout",
    ///                  "severity": "error", "wcag": ["1.3.2", "2.4.3"] } ],
    ///   "remarks": [],
    ///   "summary": { "accepted": 0, "errors": 1, "improvements": 0, "notes": 0,
    ///                "screens": 1, "snapshots": 14, "warnings": 0 },
    ///   "tool": "axdiff 0.1.0"
    /// }
    /// ```
    ///
    /// Keys are sorted; changes are in report order (screens by path, then
    /// severity, kind, element). Absent values are `null`, never missing keys.
    /// `commit` appears when the context names one; `summary.failOn` and
    /// `summary.passed` when the report is the gate's verdict.
    public static let json = Report(name: "json") { report, context in
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
        return JSONDocument.object(root).renderedBytes
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

    private static func jsonElement(_ element: ElementRef) -> JSONDocument {
        .object([
            "id": .nullable(element.id),
            "label": .string(element.label),
            "role": .string(element.role.rawValue),
            "index": .int(element.index),
            "line": element.line.map(JSONDocument.int) ?? .null,
        ])
    }
}
