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
    public static let junit = Report(name: "junit") { report, context in
        let model = ReportModel(report)
        let threshold = context.failOn ?? .error
        var properties = [("tool", context.toolVersion)]
        if let commit = context.commit { properties.append(("commit", commit.sha)) }

        // The suites are written first: the document's first element counts their tests.
        var suites = ReportBytes()
        var tests = 0, failures = 0
        // Per path, not per suite: a report may hold one path twice (a rename).
        var namesByPath: [String: JUnitNames] = [:]
        for screen in model.screens {
            var cases = ReportBytes()
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
                writeJUnitOpen(screen.path, names.unique(junitName(change)), to: &cases)
                if fails {
                    suiteFailures += 1
                    cases.append(#"      <failure message=""#)
                    cases.appendXMLEscaped(change.message.oneLine, attribute: true)
                    cases.append(#"" type=""#)
                    cases.append(change.kind.rawValue)
                    cases.append(#"">"#)
                    writeJUnitDetail(change, path: screen.path, to: &cases)
                    cases.appendLine("</failure>")
                } else {
                    suitePassing += 1
                    cases.append("      <system-out>")
                    cases.appendXMLEscaped(junitWhyNotFailing(change, threshold: threshold) + ": " + change.message.oneLine, attribute: false)
                    cases.appendLine()
                    writeJUnitDetail(change, path: screen.path, to: &cases)
                    cases.appendLine("</system-out>")
                }
                cases.appendLine("    </testcase>")
            }
            if suiteFailures + suitePassing == 0 {
                writeJUnitOpen(screen.path, names.unique("accessibility check"), to: &cases)
                cases.appendLine("    </testcase>")
            }
            if !notes.isEmpty {
                var lines = ReportBytes(capacity: 256)
                for note in notes { writeText(note, indent: "", to: &lines) }
                cases.append("    <system-out>")
                cases.appendXMLEscaped(utf8: lines.bytes.dropLast(), attribute: false)
                cases.appendLine("</system-out>")
            }
            let count = suiteFailures + suitePassing == 0 ? 1 : suiteFailures + suitePassing
            tests += count
            failures += suiteFailures
            writeJUnitSuite(name: screen.path, tests: count, failures: suiteFailures,
                            properties: properties + [("screen", screen.screen), ("path", screen.path)], cases: cases, to: &suites)
        }
        if model.screens.isEmpty {
            tests = 1
            var cases = ReportBytes(capacity: 256)
            cases.appendLine(#"    <testcase classname="axdiff" name="snapshots">"#)
            cases.append("      <system-out>")
            cases.appendXMLEscaped("axdiff: " + model.headline, attribute: false)
            cases.appendLine("</system-out>")
            cases.appendLine("    </testcase>")
            writeJUnitSuite(name: "axdiff", tests: 1, failures: 0, properties: properties, cases: cases, to: &suites)
        }
        var out = ReportBytes(capacity: suites.bytes.count + 200)
        out.appendLine(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.appendLine(#"<testsuites name="axdiff" tests="\#(tests)" failures="\#(failures)" errors="0">"#)
        out.append(bytes: suites.bytes)
        out.appendLine("</testsuites>")
        return out.bytes
    }

    /// `<testcase classname="PATH" name="NAME" file="PATH">`, a line.
    private static func writeJUnitOpen(_ path: String, _ name: String, to out: inout ReportBytes) {
        out.append(#"    <testcase classname=""#)
        out.appendXMLEscaped(path, attribute: true)
        out.append(#"" name=""#)
        out.appendXMLEscaped(name, attribute: true)
        out.append(#"" file=""#)
        out.appendXMLEscaped(path, attribute: true)
        out.appendLine(#"">"#)
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

    /// The place in the file, then the change as the text format shows it
    /// without its indent, as character data.
    private static func writeJUnitDetail(_ change: Change, path: String, to out: inout ReportBytes) {
        out.appendXMLEscaped(path, attribute: false)
        if let line = change.elements.first?.line ?? change.line {
            out.append(byte: UInt8(ascii: ":"))
            out.append(line)
        }
        out.appendLine()
        var lines = ReportBytes(capacity: 256)
        writeText(change, indent: "", to: &lines)
        out.appendXMLEscaped(utf8: lines.bytes.dropLast(), attribute: false)
    }

    /// A `<testsuite>` of `cases` (lines written), with its properties; skipped is always 0.
    private static func writeJUnitSuite(name: String, tests: Int, failures: Int,
                                        properties: [(String, String)], cases: ReportBytes, to out: inout ReportBytes) {
        out.append(#"  <testsuite name=""#)
        out.appendXMLEscaped(name, attribute: true)
        out.appendLine(#"" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0">"#)
        out.appendLine("    <properties>")
        for (key, value) in properties {
            out.append(#"      <property name=""#)
            out.append(key)
            out.append(#"" value=""#)
            out.appendXMLEscaped(value, attribute: true)
            out.appendLine(#""/>"#)
        }
        out.appendLine("    </properties>")
        out.append(bytes: cases.bytes)
        out.appendLine("  </testsuite>")
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
