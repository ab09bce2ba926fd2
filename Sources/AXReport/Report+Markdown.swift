import AXDiff

extension Report {
    /// A pull-request comment: a heading with the verdict, a table per screen
    /// (severity | kind | message | WCAG), and the before/after orders folded
    /// into a `<details>` block.
    ///
    /// Everything that comes from a snapshot or a commit — labels inside
    /// messages, screen names, paths, subjects — is escaped, so a label such
    /// as `<script>` or `a | b` renders as itself and cannot break the table.
    public static let markdown = Report(name: "markdown") { report, context in
        let model = ReportModel(report)
        var lines = [markdownHeading(model, context, report), ""]
        if let commit = context.commit {
            var line = "Commit " + commit.sha.markdownEscaped
            if let subject = commit.subject, !subject.isEmpty { line += ": " + subject.markdownEscaped }
            lines += [line, ""]
        }
        if let failOn = context.failOn {
            var line = "The check fails on unaccepted changes at \(failOn.rawValue) or above."
            if model.accepted > 0 {
                line += " \(ReportModel.count(model.accepted, "change")) accepted by an `Axdiff-Accept` trailer."
            }
            lines += [line, ""]
        }
        if !model.remarks.isEmpty {
            lines += model.remarks.map { "> " + $0.markdownEscaped } + [""]
        }
        for screen in model.changedScreens {
            lines += markdownScreen(screen)
        }
        lines.append("<sub>\(context.toolVersion.markdownEscaped)</sub>")
        return lines.joined(separator: "\n") + "\n"
    }

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

    private static func markdownScreen(_ screen: ReportModel.Screen) -> [String] {
        var lines = [
            "### \(screen.screen.markdownEscaped) (\(screen.path.markdownEscaped))",
            "",
            "| Severity | Kind | Message | WCAG |",
            "|---|---|---|---|",
        ]
        for change in screen.listed {
            let wcag = change.wcag.map { number -> String in
                guard let criterion = WCAGCriterion.numbered(number) else { return number.markdownEscaped }
                return "[\(number)](\(criterion.understandingURL) \"\(criterion.name)\")"
            }
            let message = change.message.markdownEscaped + (change.accepted ? " (accepted)" : "")
            lines.append("| \(markdownSeverity(change)) | `\(change.kind.rawValue)` | \(message) | \(wcag.joined(separator: " ")) |")
        }
        if let more = screen.unlistedLine { lines += ["", more.markdownEscaped] }
        lines.append("")
        let shifts = screen.listed.filter { $0.before != nil || $0.after != nil }
        guard !shifts.isEmpty else { return lines }
        lines += ["<details>", "<summary>Before and after</summary>", ""]
        for change in shifts {
            lines.append("- `\(change.kind.rawValue)` \(change.message.markdownEscaped)")
            if let before = change.before { lines.append("  - before: \(before.markdownEscaped)") }
            if let after = change.after { lines.append("  - after: \(after.markdownEscaped)") }
        }
        lines += ["", "</details>", ""]
        return lines
    }

    private static func markdownSeverity(_ change: Change) -> String {
        if change.improvement && change.severity != .error { return "✅ improvement" }
        switch change.severity {
        case .error: return "❌ error"
        case .warning: return "⚠️ warning"
        case .note, .off: return "ℹ️ note"
        }
    }
}
