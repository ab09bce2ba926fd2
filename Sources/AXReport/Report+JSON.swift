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
        var json = JSONWriter()
        json.beginObject()
        json.key("changes")
        json.beginArray()
        for screen in model.screens {
            for k in screen.changes.indices {
                writeJSON(screen.changes, k, path: screen.path, to: &json)
            }
        }
        json.endArray()
        if let commit = context.commit {
            json.key("commit")
            json.beginObject()
            json.key("sha"); json.string(commit.sha)
            json.key("subject"); json.string(commit.subject)
            json.endObject()
        }
        json.key("remarks"); json.strings(model.remarks)
        json.key("summary")
        json.beginObject()
        json.key("accepted"); json.int(model.accepted)
        json.key("errors"); json.int(model.errors)
        // The gate's verdict, when the report is one; its two keys sort apart.
        let gate = context.failOn.flatMap { failOn in context.gateFails(report).map { (failOn: failOn, fails: $0) } }
        if let gate {
            json.key("failOn"); json.string(gate.failOn.rawValue)
        }
        json.key("improvements"); json.int(model.improvements)
        json.key("notes"); json.int(model.notes)
        if let gate {
            json.key("passed"); json.bool(!gate.fails)
        }
        json.key("screens"); json.int(model.changedScreens.count)
        json.key("snapshots"); json.int(model.snapshotsCompared)
        json.key("warnings"); json.int(model.warnings)
        json.endObject()
        json.key("tool"); json.string(context.toolVersion)
        json.endObject()
        return json.finish()
    }

    /// One change, `changes[k]`, its keys in code-point order. Its fields are
    /// read where they lie: a change passed or bound as a value was copied
    /// (a dozen references retained and released) for each one written
    /// (callgrind).
    static func writeJSON(_ changes: [Change], _ k: Int, path: String, to json: inout JSONWriter) {
        json.beginObject()
        json.key("accepted"); json.bool(changes[k].accepted)
        json.key("after"); json.string(changes[k].after)
        json.key("before"); json.string(changes[k].before)
        json.key("elements")
        json.beginArray()
        for element in changes[k].elements {
            json.beginObject()
            json.key("id"); json.string(element.id)
            json.key("index"); json.int(element.index)
            json.key("label"); json.string(element.label)
            json.key("line"); json.int(element.line)
            json.key("role"); json.string(element.role.rawValue)
            json.endObject()
        }
        json.endArray()
        json.key("improvement"); json.bool(changes[k].improvement)
        json.key("kind"); json.string(changes[k].kind.rawValue)
        json.key("message"); json.string(changes[k].message)
        json.key("path"); json.string(path)
        json.key("screen"); json.string(changes[k].screen)
        json.key("severity"); json.string(changes[k].severity.rawValue)
        json.key("wcag"); json.strings(changes[k].kind.wcag)
        json.endObject()
    }
}
