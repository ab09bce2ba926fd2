import AXDiff

extension Report {
    /// JUnit XML for CI test tabs (GitLab's merge-request widget, Jenkins):
    /// one `<testsuite>` per snapshot, named by its path.
    ///
    /// CI servers identify a test by `classname` and `name`, and GitLab keeps
    /// only the first of two tests with the same pair, so `classname` is the
    /// snapshot's path (two screens called `Orders` on two platforms stay
    /// apart) and `name` the kind and the element as the screen reader names
    /// it, with its id when it has one (`label.lost "Retry" (id retry_button)`),
    /// numbered where they would repeat. Each test case also carries `file`,
    /// which GitLab links.
    ///
    /// - every change that fails — not accepted, at the failing severity
    ///   (`failOn` for a gate verdict, else `error`) — is a test case with a
    ///   `<failure>`;
    /// - every other warning or error (below the threshold, or accepted) is a
    ///   passing test case whose `<system-out>` says what it is and why it does
    ///   not fail: GitLab lists skipped tests as not run, and a warning was
    ///   checked;
    /// - notes and improvements go to the suite's `<system-out>`;
    /// - a snapshot with no failing or warning case has one passing case,
    ///   `accessibility check`, so every compared snapshot is seen as checked.
    ///
    /// A report with no snapshot still has one passing test case, as CI servers
    /// treat a report without tests as broken.
    public static let junit = Report(name: "junit") { report, context in Array(junitDocument(report, context).utf8) }

    private static func junitDocument(_ report: DiffReport, _ context: ReportContext) -> String {
        let model = ReportModel(report)
        let threshold = context.failOn ?? .error
        var properties = [("tool", context.toolVersion)]
        if let commit = context.commit { properties.append(("commit", commit.sha)) }

        var suites: [String] = []
        var tests = 0, failures = 0
        // Per path, not per suite: a report may hold one path twice (a rename).
        var namesByPath: [String: JUnitNames] = [:]
        for screen in model.screens {
            var cases: [String] = []
            var names = namesByPath[screen.path] ?? JUnitNames()
            defer { namesByPath[screen.path] = names }
            var suiteFailures = 0, suitePassing = 0
            var notes: [Change] = []
            for change in screen.changes {
                let fails = !change.accepted && threshold != .off && change.severity >= threshold
                guard fails || change.severity >= .warning else {
                    notes.append(change)
                    continue
                }
                let open = junitOpen(screen.path, names.unique(junitName(change)))
                let detail = junitDetail(change, path: screen.path).xmlEscaped(attribute: false)
                let message = change.message.oneLine.xmlEscaped(attribute: true)
                if fails {
                    suiteFailures += 1
                    cases.append(open + "\n" + #"      <failure message="\#(message)" type="\#(change.kind.rawValue)">"#
                                 + detail + "</failure>\n    </testcase>")
                } else {
                    suitePassing += 1
                    let why = junitWhyNotFailing(change, threshold: threshold) + ": " + change.message.oneLine
                    cases.append(open + "\n" + "      <system-out>" + why.xmlEscaped(attribute: false) + "\n"
                                 + detail + "</system-out>\n    </testcase>")
                }
            }
            if cases.isEmpty {
                cases.append(junitOpen(screen.path, names.unique("accessibility check")) + "\n    </testcase>")
            }
            if !notes.isEmpty {
                cases.append("    <system-out>" + notes.flatMap(junitLines).joined(separator: "\n").xmlEscaped(attribute: false) + "</system-out>")
            }
            let count = suiteFailures + suitePassing == 0 ? 1 : suiteFailures + suitePassing
            tests += count
            failures += suiteFailures
            suites.append(junitSuite(name: screen.path, tests: count, failures: suiteFailures, skipped: 0,
                                     properties: properties + [("screen", screen.screen), ("path", screen.path)], cases: cases))
        }
        if suites.isEmpty {
            tests = 1
            let summary = "axdiff: " + model.headline
            suites.append(junitSuite(name: "axdiff", tests: 1, failures: 0, skipped: 0, properties: properties, cases: [
                #"    <testcase classname="axdiff" name="snapshots">"#,
                "      <system-out>\(summary.xmlEscaped(attribute: false))</system-out>",
                "    </testcase>",
            ]))
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="axdiff" tests="\(tests)" failures="\(failures)" errors="0">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }

    private static func junitOpen(_ path: String, _ name: String) -> String {
        let p = path.xmlEscaped(attribute: true)
        return #"    <testcase classname="\#(p)" name="\#(name.xmlEscaped(attribute: true))" file="\#(p)">"#
    }

    /// `KIND "NAME" (id ID)`: the element by what the screen reader calls it —
    /// its label; for a stop that lost its label, the label it had; else
    /// `unlabelled ROLE` — and its id when it has one, set apart so that an id
    /// such as `error` does not read as a severity.
    static func junitName(_ change: Change) -> String {
        guard let element = change.elements.first else { return change.kind.rawValue }
        var name: String
        if !element.label.isEmpty {
            name = "\"\(element.label.oneLine)\""
        } else if change.kind == .labelLost, let before = change.before, !before.isEmpty {
            name = "\"\(before.oneLine)\""
        } else {
            name = "unlabelled \(element.role.rawValue)"
        }
        if let id = element.id, !id.isEmpty { name += " (id \(id.oneLine))" }
        return "\(change.kind.rawValue) \(name)"
    }

    private static func junitWhyNotFailing(_ change: Change, threshold: Severity) -> String {
        if change.accepted { return "accepted by an Axdiff-Accept trailer" }
        if threshold == .off { return "\(change.severity.rawValue), the check fails on nothing" }
        return "\(change.severity.rawValue), below \(threshold.rawValue)"
    }

    /// The change as the text format shows it, after the place in the file.
    private static func junitDetail(_ change: Change, path: String) -> String {
        let line = change.elements.first?.line ?? change.line
        let place = path + (line.map { ":\($0)" } ?? "")
        return ([place] + junitLines(change)).joined(separator: "\n")
    }

    private static func junitSuite(name: String, tests: Int, failures: Int, skipped: Int,
                                   properties: [(String, String)], cases: [String]) -> String {
        let n = name.xmlEscaped(attribute: true)
        var lines = [#"  <testsuite name="\#(n)" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"#]
        lines.append("    <properties>")
        for (key, value) in properties {
            lines.append(#"      <property name="\#(key)" value="\#(value.xmlEscaped(attribute: true))"/>"#)
        }
        lines.append("    </properties>")
        lines += cases
        lines.append("  </testsuite>")
        return lines.joined(separator: "\n")
    }

    /// A change as the text format shows it, without the text format's indent.
    private static func junitLines(_ change: Change) -> [String] {
        var out = ReportBytes(capacity: 256)
        writeText(change, indent: "", to: &out)
        return String(decoding: out.bytes.dropLast(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Test-case names made unique within a suite: the second `label.lost "Card"` is `label.lost "Card" (2)`.
struct JUnitNames {
    private var seen: [String: Int] = [:]

    mutating func unique(_ name: String) -> String {
        var n = seen[name, default: 0] + 1
        var candidate = n == 1 ? name : "\(name) (\(n))"
        // A label may itself end in " (2)"; step on until the name is new.
        while seen[candidate] != nil && candidate != name {
            n += 1
            candidate = "\(name) (\(n))"
        }
        seen[name] = n
        if candidate != name { seen[candidate] = 1 }
        return candidate
    }
}
