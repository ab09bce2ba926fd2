import AXDiff

extension Report {
    /// A pull-request comment: the verdict, then one line per change grouped
    /// by what the reviewer must do — errors first, then warnings, accepted
    /// changes, notes, and improvements last — then, for a failed check, the
    /// exact `Axdiff-Accept` trailers to paste.
    ///
    /// An order change's line carries its before/after windows with the moved
    /// stop (the change's first element) in bold. A group longer than
    /// `markdownShownPerGroup` shows that many lines and folds the rest into
    /// a `<details>` block.
    ///
    /// Everything that comes from a snapshot or a commit — labels inside
    /// messages, screen names, paths, subjects — is escaped, so a label such
    /// as `<script>` or `**x**` renders as itself and cannot add a line.
    public static let markdown = Report(name: "markdown") { report, context in
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

    /// A link to each changed screen's wireframe that was written beside the report, in the report's screen order.
    private static func markdownWireframes(_ model: ReportModel, _ context: ReportContext) -> [String] {
        let linked = model.screens.compactMap { screen in
            context.wireframes[screen.path].map { "- **\(screen.screen.markdownEscaped)** (\(screen.path.markdownEscaped)): [wireframe](\($0.uriPathEncoded))" }
        }
        guard !linked.isEmpty else { return [] }
        return ["### Wireframes (\(linked.count))", ""] + linked + [""]
    }

    /// Lines of a group shown before the rest is folded away.
    static let markdownShownPerGroup = 20

    private static func markdownHeading(_ model: ReportModel, _ context: ReportContext, _ report: DiffReport) -> String {
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

    /// Screen names that more than one snapshot of the report has: those lines name the path.
    private static func repeatedNames(_ model: ReportModel) -> Set<String> {
        var paths: [String: Set<String>] = [:]
        for screen in model.screens { paths[screen.screen, default: []].insert(screen.path) }
        return Set(paths.filter { $0.value.count > 1 }.keys)
    }

    /// `- **Checkout** · `order.regressed` · message · WCAG 1.3.2 2.4.3`, and for
    /// an order change its before and after with the moved stop in bold.
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

    /// An order window as its `line` reads, with the moved stop in bold.
    static func markdownOrder(_ window: OrderWindow) -> String {
        var names = window.names.map(\.markdownEscaped)
        if names.indices.contains(window.focus) { names[window.focus] = "**" + names[window.focus] + "**" }
        return (window.onScreen ? "on screen: " : "") + (window.cutBefore ? "… › " : "")
            + names.joined(separator: " › ") + (window.cutAfter ? " › …" : "")
    }
}

/// The sections of a pull-request comment, in the order a reviewer acts on them.
enum MarkdownGroup: CaseIterable {
    case errors, warnings, accepted, notes, improvements

    var title: String {
        switch self {
        case .errors: return "❌ Errors"
        case .warnings: return "⚠️ Warnings"
        case .accepted: return "☑️ Accepted"
        case .notes: return "ℹ️ Notes"
        case .improvements: return "✅ Improvements"
        }
    }

    /// Every change is in exactly one group; an improvement that is still an
    /// error (rare) stays with the errors.
    func takes(_ change: Change) -> Bool {
        let group: MarkdownGroup
        if change.accepted {
            group = .accepted
        } else if change.severity == .error {
            group = .errors
        } else if change.improvement {
            group = .improvements
        } else if change.severity == .warning {
            group = .warnings
        } else {
            group = .notes
        }
        return group == self
    }
}
