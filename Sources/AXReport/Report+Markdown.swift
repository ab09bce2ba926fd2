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
        var out = ReportBytes()
        writeMarkdownHeading(model, context, report, to: &out)
        out.appendLine()
        if let commit = context.commit {
            out.append("Commit ")
            out.appendMarkdownEscaped(commit.sha)
            if let subject = commit.subject, !subject.isEmpty {
                out.append(": ")
                out.appendMarkdownEscaped(subject)
            }
            out.appendLine()
            out.appendLine()
        }
        if let failOn = context.failOn {
            out.appendLine("The check fails on unaccepted changes at \(failOn.rawValue) or above.")
            out.appendLine()
        }
        if !model.remarks.isEmpty {
            for remark in model.remarks {
                out.append("> ")
                out.appendMarkdownEscaped(remark)
                out.appendLine("  ")
            }
            out.appendLine()
        }
        let repeated = repeatedNames(model)
        let entries = model.screens.flatMap { screen in screen.listed.map { (screen, $0) } }
        for group in MarkdownGroup.allCases {
            let members = entries.filter { group.takes($0.1) }
            guard !members.isEmpty else { continue }
            out.appendLine("### \(group.title) (\(members.count))")
            out.appendLine()
            for (screen, change) in members.prefix(markdownShownPerGroup) {
                writeMarkdownLine(change, screen, nameRepeats: repeated.contains(screen.screen), to: &out)
            }
            if members.count > markdownShownPerGroup {
                out.appendLine()
                out.appendLine("<details>")
                out.appendLine("<summary>\(members.count - markdownShownPerGroup) more</summary>")
                out.appendLine()
                for (screen, change) in members.dropFirst(markdownShownPerGroup) {
                    writeMarkdownLine(change, screen, nameRepeats: repeated.contains(screen.screen), to: &out)
                }
                out.appendLine()
                out.appendLine("</details>")
            }
            out.appendLine()
        }
        var anyUnlisted = false
        for screen in model.screens {
            guard let more = screen.unlistedLine else { continue }
            anyUnlisted = true
            writeMarkdownPlace(screen, to: &out)
            out.append(": ")
            out.appendMarkdownEscaped(more)
            out.appendLine()
        }
        if anyUnlisted { out.appendLine() }
        writeMarkdownWireframes(model, context, to: &out)
        if !context.suggestedTrailers.isEmpty {
            let one = context.suggestedTrailers.count == 1
            out.appendLine("To accept \(one ? "this change" : "these changes") deliberately, "
                           + "add \(one ? "this trailer" : "these trailers") to a commit on the branch:")
            out.appendLine()
            out.appendLine("```")
            for trailer in context.suggestedTrailers {
                out.appendOneLine(trailer)
                out.appendLine()
            }
            out.appendLine("```")
            out.appendLine()
        }
        out.append("<sub>")
        out.appendMarkdownEscaped(context.toolVersion)
        out.appendLine("</sub>")
        return out.bytes
    }

    /// `- **Checkout** (Snapshots/Checkout.json)`: a screen's list item, before what is said of it.
    private static func writeMarkdownPlace(_ screen: ReportModel.Screen, to out: inout ReportBytes) {
        out.append("- **")
        out.appendMarkdownEscaped(screen.screen)
        out.append("** (")
        out.appendMarkdownEscaped(screen.path)
        out.append(byte: UInt8(ascii: ")"))
    }

    /// A link to each changed screen's wireframe that was written beside the report, in the report's screen order.
    private static func writeMarkdownWireframes(_ model: ReportModel, _ context: ReportContext, to out: inout ReportBytes) {
        let linked = model.screens.compactMap { screen in context.wireframes[screen.path].map { (screen, $0) } }
        guard !linked.isEmpty else { return }
        out.appendLine("### Wireframes (\(linked.count))")
        out.appendLine()
        for (screen, file) in linked {
            writeMarkdownPlace(screen, to: &out)
            out.append(": [wireframe](")
            out.append(file.uriPathEncoded)
            out.appendLine(")")
        }
        out.appendLine()
    }

    /// Lines of a group shown before the rest is folded away.
    static let markdownShownPerGroup = 20

    private static func writeMarkdownHeading(_ model: ReportModel, _ context: ReportContext, _ report: DiffReport,
                                             to out: inout ReportBytes) {
        let icon: String
        var title = "axdiff"
        if let fails = context.gateFails(report) {
            icon = fails ? "❌" : "✅"
            title += fails ? " check failed" : " check passed"
        } else {
            icon = model.errors > 0 ? "❌" : (model.warnings > 0 ? "⚠️" : "✅")
        }
        out.append("## \(icon) \(title): ")
        out.appendMarkdownEscaped(model.headline)
        out.appendLine()
    }

    /// Screen names that more than one snapshot of the report has: those lines name the path.
    private static func repeatedNames(_ model: ReportModel) -> Set<String> {
        var paths: [String: Set<String>] = [:]
        for screen in model.screens { paths[screen.screen, default: []].insert(screen.path) }
        return Set(paths.filter { $0.value.count > 1 }.keys)
    }

    /// `- **Checkout** · `order.regressed` · message · WCAG 1.3.2 2.4.3`, and for
    /// an order change its before and after with the moved stop in bold; a line.
    static func writeMarkdownLine(_ change: Change, _ screen: ReportModel.Screen, nameRepeats: Bool, to out: inout ReportBytes) {
        out.append("- **")
        out.appendMarkdownEscaped(screen.screen)
        out.append("**")
        if nameRepeats || screen.screen.isEmpty {
            out.append(" (")
            out.appendMarkdownEscaped(screen.path)
            out.append(byte: UInt8(ascii: ")"))
        }
        out.append(" · `")
        out.append(change.kind.rawValue)
        out.append("` · ")
        out.appendMarkdownEscaped(change.message)
        if change.accepted { out.append(" (accepted)") }
        for (k, number) in change.wcag.enumerated() {
            out.append(k == 0 ? " · WCAG " : " ")
            if let criterion = WCAGCriterion.numbered(number) {
                out.append("[\(number)](\(criterion.understandingURL) \"\(criterion.name)\")")
            } else {
                out.appendMarkdownEscaped(number)
            }
        }
        if let before = change.beforeWindow {
            out.append(" · before: ")
            writeMarkdownOrder(before, to: &out)
        } else if change.kind.isOrder, let before = change.before {
            out.append(" · before: ")
            out.appendMarkdownEscaped(before)
        }
        if let after = change.afterWindow {
            out.append(" · after: ")
            writeMarkdownOrder(after, to: &out)
        } else if change.kind.isOrder, let after = change.after {
            out.append(" · after: ")
            out.appendMarkdownEscaped(after)
        }
        out.appendLine()
    }

    /// An order window as its `line` reads, with the moved stop in bold.
    static func markdownOrder(_ window: OrderWindow) -> String {
        var out = ReportBytes(capacity: 0)
        writeMarkdownOrder(window, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func writeMarkdownOrder(_ window: OrderWindow, to out: inout ReportBytes) {
        if window.onScreen { out.append("on screen: ") }
        if window.cutBefore { out.append("… › ") }
        for (k, name) in window.names.enumerated() {
            if k > 0 { out.append(" › ") }
            let focus = k == window.focus
            if focus { out.append("**") }
            out.appendMarkdownEscaped(name)
            if focus { out.append("**") }
        }
        if window.cutAfter { out.append(" › …") }
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
