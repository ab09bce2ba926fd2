import AXDiff
@testable import AXReport

/// The text, Markdown and JUnit writers as they were before they wrote into
/// a byte buffer (`ReportBytes`): one `String` per line, joined. Kept as the
/// oracle the byte writers must match byte for byte.
enum StringReportWriters {
    static func text(_ report: DiffReport, _ context: ReportContext) -> String {
        let model = ReportModel(report)
        var lines = ["axdiff: " + model.headline]
        if let fails = context.gateFails(report), let failOn = context.failOn {
            lines.append(fails
                ? "check failed: a change at \(failOn.rawValue) or above is not accepted"
                : "check passed: no change at \(failOn.rawValue) or above is left unaccepted")
        }
        lines += model.remarks.map(\.oneLine)
        for screen in model.changedScreens {
            lines.append("")
            lines.append("\(screen.screen.oneLine) (\(screen.path.oneLine))")
            for change in screen.listed {
                lines += textLines(change)
            }
            if let more = screen.unlistedLine { lines.append("  " + more) }
        }
        lines.append("Axdiff-Errors: \(model.errors)")
        lines.append("Axdiff-Warnings: \(model.warnings)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func textMarker(_ change: Change) -> String {
        if change.improvement && change.severity != .error { return "✓" }
        switch change.severity {
        case .error: return "✗"
        case .warning: return "!"
        case .note, .off: return "·"
        }
    }

    static func textLines(_ change: Change) -> [String] {
        var line = "  \(textMarker(change)) \(change.kind.rawValue)  \(change.message.oneLine)"
        if !change.wcag.isEmpty { line += "  [" + change.wcag.joined(separator: " ") + "]" }
        if change.accepted { line += " (accepted)" }
        var lines = [line]
        if let before = change.before { lines.append("      before: " + before.oneLine) }
        if let after = change.after { lines.append("      after:  " + after.oneLine) }
        return lines
    }

    static func markdown(_ report: DiffReport, _ context: ReportContext) -> String {
        let model = ReportModel(report)
        var lines = [markdownHeading(model, context, report), ""]
        if let commit = context.commit {
            var line = "Commit " + commit.sha.markdownEscaped
            if let subject = commit.subject, !subject.isEmpty { line += ": " + subject.markdownEscaped }
            lines += [line, ""]
        }
        if let failOn = context.failOn {
            lines += ["The check fails on unaccepted changes at \(failOn.rawValue) or above.", ""]
        }
        if !model.remarks.isEmpty {
            lines += model.remarks.map { "> " + $0.markdownEscaped + "  " } + [""]
        }
        let repeated = repeatedNames(model)
        let entries = model.screens.flatMap { screen in screen.listed.map { (screen, $0) } }
        for group in MarkdownGroup.allCases {
            let members = entries.filter { group.takes($0.1) }
            guard !members.isEmpty else { continue }
            lines += ["### \(group.title) (\(members.count))", ""]
            let shown = members.prefix(markdownShownPerGroup).map { markdownLine($0.1, $0.0, nameRepeats: repeated.contains($0.0.screen)) }
            lines += shown
            if members.count > markdownShownPerGroup {
                lines += ["", "<details>", "<summary>\(members.count - markdownShownPerGroup) more</summary>", ""]
                lines += members.dropFirst(markdownShownPerGroup).map { markdownLine($0.1, $0.0, nameRepeats: repeated.contains($0.0.screen)) }
                lines += ["", "</details>"]
            }
            lines.append("")
        }
        let unlisted = model.screens.compactMap { screen in
            screen.unlistedLine.map { "- **\(screen.screen.markdownEscaped)** (\(screen.path.markdownEscaped)): \($0.markdownEscaped)" }
        }
        if !unlisted.isEmpty { lines += unlisted + [""] }
        lines += markdownWireframes(model, context)
        if !context.suggestedTrailers.isEmpty {
            lines += ["To accept \(context.suggestedTrailers.count == 1 ? "this change" : "these changes") deliberately, "
                      + "add \(context.suggestedTrailers.count == 1 ? "this trailer" : "these trailers") to a commit on the branch:", "",
                      "```"]
            lines += context.suggestedTrailers.map(\.oneLine)
            lines += ["```", ""]
        }
        lines.append("<sub>\(context.toolVersion.markdownEscaped)</sub>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func markdownWireframes(_ model: ReportModel, _ context: ReportContext) -> [String] {
        let linked = model.screens.compactMap { screen in
            context.wireframes[screen.path].map { "- **\(screen.screen.markdownEscaped)** (\(screen.path.markdownEscaped)): [wireframe](\($0.uriPathEncoded))" }
        }
        guard !linked.isEmpty else { return [] }
        return ["### Wireframes (\(linked.count))", ""] + linked + [""]
    }

    static let markdownShownPerGroup = 20

    static func markdownHeading(_ model: ReportModel, _ context: ReportContext, _ report: DiffReport) -> String {
        let icon: String
        var title = "axdiff"
        if let fails = context.gateFails(report) {
            icon = fails ? "❌" : "✅"
            title += fails ? " check failed" : " check passed"
        } else {
            icon = model.errors > 0 ? "❌" : (model.warnings > 0 ? "⚠️" : "✅")
        }
        return "## \(icon) \(title): \(model.headline.markdownEscaped)"
    }

    static func repeatedNames(_ model: ReportModel) -> Set<String> {
        var paths: [String: Set<String>] = [:]
        for screen in model.screens { paths[screen.screen, default: []].insert(screen.path) }
        return Set(paths.filter { $0.value.count > 1 }.keys)
    }

    static func markdownLine(_ change: Change, _ screen: ReportModel.Screen, nameRepeats: Bool) -> String {
        var place = "**\(screen.screen.markdownEscaped)**"
        if nameRepeats || screen.screen.isEmpty { place += " (\(screen.path.markdownEscaped))" }
        var line = "- \(place) · `\(change.kind.rawValue)` · \(change.message.markdownEscaped)"
        if change.accepted { line += " (accepted)" }
        let wcag = change.wcag.map { number -> String in
            guard let criterion = WCAGCriterion.numbered(number) else { return number.markdownEscaped }
            return "[\(number)](\(criterion.understandingURL) \"\(criterion.name)\")"
        }
        if !wcag.isEmpty { line += " · WCAG " + wcag.joined(separator: " ") }
        if let before = change.beforeWindow {
            line += " · before: " + markdownOrder(before)
        } else if change.kind.isOrder, let before = change.before {
            line += " · before: " + before.markdownEscaped
        }
        if let after = change.afterWindow {
            line += " · after: " + markdownOrder(after)
        } else if change.kind.isOrder, let after = change.after {
            line += " · after: " + after.markdownEscaped
        }
        return line
    }

    static func markdownOrder(_ window: OrderWindow) -> String {
        var names = window.names.map(\.markdownEscaped)
        if names.indices.contains(window.focus) { names[window.focus] = "**" + names[window.focus] + "**" }
        return (window.onScreen ? "on screen: " : "") + (window.cutBefore ? "… › " : "")
            + names.joined(separator: " › ") + (window.cutAfter ? " › …" : "")
    }

    static func junit(_ report: DiffReport, _ context: ReportContext) -> String {
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

    static func junitOpen(_ path: String, _ name: String) -> String {
        let p = path.xmlEscaped(attribute: true)
        return #"    <testcase classname="\#(p)" name="\#(name.xmlEscaped(attribute: true))" file="\#(p)">"#
    }

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

    static func junitWhyNotFailing(_ change: Change, threshold: Severity) -> String {
        if change.accepted { return "accepted by an Axdiff-Accept trailer" }
        if threshold == .off { return "\(change.severity.rawValue), the check fails on nothing" }
        return "\(change.severity.rawValue), below \(threshold.rawValue)"
    }

    static func junitDetail(_ change: Change, path: String) -> String {
        let line = change.elements.first?.line ?? change.line
        let place = path + (line.map { ":\($0)" } ?? "")
        return ([place] + junitLines(change)).joined(separator: "\n")
    }

    static func junitSuite(name: String, tests: Int, failures: Int, skipped: Int,
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

    static func junitLines(_ change: Change) -> [String] {
        textLines(change).map { String($0.dropFirst(2)) }
    }
}
