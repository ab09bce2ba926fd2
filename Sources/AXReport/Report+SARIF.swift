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
                let hash = fingerprint(change, path: screen.path)
                occurrences[hash, default: 0] += 1
                results.append((change, sarifResult(change, screen: screen, region: placement?.region(change),
                                                    fingerprint: "\(hash):\(occurrences[hash] ?? 1)")))
            }
        }
        let audience = HelpAudience(Set(model.screens.compactMap(\.platform)))
        if results.count > sarifResultLimit {
            // Stable, so the kept results stay in report order within a severity.
            let ranked = results.enumerated().sorted {
                $0.element.0.severity != $1.element.0.severity ? $0.element.0.severity > $1.element.0.severity : $0.offset < $1.offset
            }
            leftOut["overLimit"] = results.count - sarifResultLimit
            results = ranked.prefix(sarifResultLimit).sorted { $0.offset < $1.offset }.map(\.element)
        }
        let driver: [String: JSONDocument] = [
            "name": .string("axdiff"),
            "version": .string(context.versionNumber),
            "informationUri": .string(context.informationURI),
            "rules": .array(ChangeKind.allCases.map { sarifRule($0, context, audience: audience) }),
        ]
        var run: [String: JSONDocument] = [
            "tool": .object(["driver": .object(driver)]),
            "automationDetails": .object(["id": .string(sarifAutomationID(context.category))]),
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
        return JSONDocument.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ]).renderedBytes
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

    private static func sarifResult(_ change: Change, screen: ReportModel.Screen, region placed: SARIFPlacement.Region?,
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
                "fullyQualifiedName": .string(screen.path + "#" + fingerprintKey(element)),
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
            "level": .string(sarifLevel(change.severity)),
            "message": .object(["text": .string(change.message)]),
            "locations": .array([.object(location)]),
            "partialFingerprints": .object(["primaryLocationLineHash": .string(fingerprint)]),
            "properties": .object(properties),
        ])
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
