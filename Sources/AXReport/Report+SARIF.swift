import AXDiff

extension Report {
    /// SARIF 2.1.0 as GitHub code scanning reads it: one run, one rule per
    /// change kind (all kinds, so a rule keeps its `ruleIndex` from run to run),
    /// one result per change that is a problem to fix.
    ///
    /// Code scanning turns every result into an alert and ignores
    /// `suppressions`, so only open errors and warnings are results:
    /// improvements, notes and changes accepted by an `Axdiff-Accept` trailer
    /// are left out (the run's properties count them). Every result points at
    /// its snapshot by a path relative to the repository root. Code scanning
    /// shows a result on a pull request only on a line the pull request added
    /// or edited, so when the context has both versions of the file the region
    /// is on such a line (`SARIFPlacement`): among the lines that hold the
    /// element, else the nearest; without them it is the element's line as it
    /// is now, the place an unreadable snapshot's error names, else line 1. A
    /// removed snapshot no longer exists, so its result points at the
    /// repository root.
    ///
    /// `partialFingerprints.primaryLocationLineHash` — the one fingerprint code
    /// scanning reads — hashes path, kind and element (id, else label), with
    /// the occurrence among equal ones after a colon, so a re-run updates one
    /// alert however the lines around it move. Rule help names the run's
    /// screen reader and the fix in its platform's terms. At most
    /// `sarifResultLimit` results are written, errors first, as code scanning
    /// shows no more per run.
    public static let sarif = Report(name: "sarif") { report, context in
        let model = ReportModel(report)
        var results: [SARIFResult] = []
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
                let hash = fingerprint(change, path: screen.path)
                occurrences[hash, default: 0] += 1
                results.append(SARIFResult(change: change, path: screen.path, region: placement?.region(change),
                                           fingerprint: "\(hash):\(occurrences[hash] ?? 1)"))
            }
        }
        let audience = HelpAudience(Set(model.screens.compactMap(\.platform)))
        if results.count > sarifResultLimit {
            // Stable, so the kept results stay in report order within a severity.
            let ranked = results.enumerated().sorted {
                $0.element.change.severity != $1.element.change.severity
                    ? $0.element.change.severity > $1.element.change.severity : $0.offset < $1.offset
            }
            leftOut["overLimit"] = results.count - sarifResultLimit
            results = ranked.prefix(sarifResultLimit).sorted { $0.offset < $1.offset }.map(\.element)
        }
        // Every object's keys are written in code-point order.
        var json = JSONWriter()
        json.beginObject()
        json.key("$schema"); json.string("https://json.schemastore.org/sarif-2.1.0.json")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("automationDetails")
        json.beginObject()
        json.key("id"); json.string(sarifAutomationID(context.category))
        json.endObject()
        json.key("properties")
        json.beginObject()
        if let commit = context.commit {
            json.key("commit"); json.string(commit.sha)
            if let subject = commit.subject { json.key("commitSubject"); json.string(subject) }
        }
        // The gate's verdict, when the report is one; its two keys sort apart.
        let gate = context.failOn.flatMap { failOn in context.gateFails(report).map { (failOn: failOn, fails: $0) } }
        if let gate { json.key("failOn"); json.string(gate.failOn.rawValue) }
        if !leftOut.isEmpty {
            json.key("leftOut")
            json.beginObject()
            for reason in leftOut.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
                json.key(escaping: reason); json.int(leftOut[reason])
            }
            json.endObject()
        }
        if let gate { json.key("passed"); json.bool(!gate.fails) }
        if !model.remarks.isEmpty { json.key("remarks"); json.strings(model.remarks) }
        json.key("snapshots"); json.int(model.snapshotsCompared)
        json.endObject()
        json.key("results")
        json.beginArray()
        for result in results { writeSARIF(result, to: &json) }
        json.endArray()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.key("informationUri"); json.string(context.informationURI)
        json.key("name"); json.string("axdiff")
        json.key("rules")
        json.beginArray()
        for kind in ChangeKind.allCases { sarifRule(kind, context, audience: audience).write(to: &json) }
        json.endArray()
        json.key("version"); json.string(context.versionNumber)
        json.endObject()
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("version"); json.string("2.1.0")
        json.endObject()
        return json.finish()
    }

    /// A change that is a code-scanning alert, and where it points.
    private struct SARIFResult {
        var change: Change
        var path: String
        var region: SARIFPlacement.Region?
        var fingerprint: String
    }

    /// GitHub keeps the 5,000 most severe results of a run and rejects a run of more than 25,000.
    static let sarifResultLimit = 5000

    /// Why a change is not a code-scanning alert (the key of the run's `leftOut` count), or nil.
    private static func sarifLeftOut(_ change: Change) -> String? {
        if change.accepted { return "accepted" }
        if change.improvement { return "improvements" }
        if change.severity < .warning { return "notes" }
        return nil
    }

    /// `axdiff/CATEGORY/`: GitHub reads the part before the last `/` as the
    /// run's category, and replaces alerts only within one category.
    static func sarifAutomationID(_ category: String?) -> String {
        let words = (category ?? "").split { $0 == "/" || $0.isWhitespace }.joined(separator: "-")
        return words.isEmpty ? "axdiff/" : "axdiff/\(words)/"
    }

    static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        case .off: return "none"
        }
    }

    /// One result, its keys in code-point order.
    private static func writeSARIF(_ result: SARIFResult, to json: inout JSONWriter) {
        let change = result.change
        let removed = change.kind == .screenRemoved
        json.beginObject()
        json.key("level"); json.string(sarifLevel(change.severity))
        json.key("locations")
        json.beginArray()
        json.beginObject()
        if let element = change.elements.first {
            json.key("logicalLocations")
            json.beginArray()
            json.beginObject()
            json.key("fullyQualifiedName"); json.string(result.path + "#" + fingerprintKey(element))
            json.key("name"); json.string(element.display)
            json.endObject()
            json.endArray()
        }
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.key("uri"); json.string(removed ? "." : result.path.uriPathEncoded)
        json.endObject()
        json.key("region")
        json.beginObject()
        let placed = removed ? nil : result.region
        if let column = placed?.endColumn { json.key("endColumn"); json.int(column) }
        if let line = placed?.endLine { json.key("endLine"); json.int(line) }
        if let column = placed?.startColumn { json.key("startColumn"); json.int(column) }
        json.key("startLine"); json.int(placed?.startLine ?? 1)
        json.endObject()
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("message")
        json.beginObject()
        json.key("text"); json.string(change.message)
        json.endObject()
        json.key("partialFingerprints")
        json.beginObject()
        json.key("primaryLocationLineHash"); json.string(result.fingerprint)
        json.endObject()
        json.key("properties")
        json.beginObject()
        if let after = change.after { json.key("after"); json.string(after) }
        if let before = change.before { json.key("before"); json.string(before) }
        json.key("path"); json.string(result.path)
        json.key("screen"); json.string(change.screen)
        json.key("wcag"); json.strings(change.wcag)
        json.endObject()
        json.key("ruleId"); json.string(change.kind.rawValue)
        json.key("ruleIndex"); json.int(ChangeKind.allCases.firstIndex(of: change.kind) ?? 0)
        json.endObject()
    }

    /// The line of the change's first element in the snapshot as it is now. An
    /// element of the old version (a removed or lost stop) is placed at the
    /// new stop it matched, when there is one; otherwise line 1.
    static func sarifLine(_ change: Change, _ screen: ReportModel.Screen) -> Int {
        guard let element = change.elements.first else { return max(change.line ?? 1, 1) }
        guard !screen.stopsAfter.isEmpty else { return max(element.line ?? 1, 1) }
        let stops = screen.stopsAfter
        if element.index < stops.count, stops[element.index].label == element.label, stops[element.index].id == element.id {
            return max(stops[element.index].line ?? 1, 1)
        }
        if let now = screen.matchedOld.firstIndex(where: { $0 == element.index }), now < stops.count {
            return max(stops[now].line ?? 1, 1)
        }
        return 1
    }

    /// The element as a fingerprint names it: its id, else its label, else
    /// its role and place (the only thing an unlabelled, id-less stop has).
    static func fingerprintKey(_ element: ElementRef) -> String {
        if let id = element.id, !id.isEmpty { return id }
        if !element.label.isEmpty { return element.label }
        return "\(element.role.rawValue)@\(element.index)"
    }

    /// A stop that lost its label and has no id is known by the label it had,
    /// which stays put when stops are added before it.
    static func fingerprint(_ change: Change, path: String) -> String {
        var element = change.elements.first.map(fingerprintKey) ?? ""
        if change.kind == .labelLost, let first = change.elements.first, first.id?.isEmpty ?? true, first.label.isEmpty,
           let before = change.before, !before.isEmpty {
            element = before
        }
        return FNV1a.hex([path, change.kind.rawValue, element].joined(separator: "\u{1F}"))
    }
}
