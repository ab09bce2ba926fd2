import AXDiff

extension Report {
    /// The git note body (DESIGN §7): plain UTF-8, one change per line, the
    /// `Axdiff-Errors` / `Axdiff-Warnings` trailers always last.
    ///
    /// ```
    /// axdiff: 1 error, 2 warnings, 1 improvement in 2 of 14 snapshots
    ///
    /// Checkout (Snapshots/Checkout.json)
    ///   ✗ order.regressed  "Try again" is now read before "Payment failed"  [1.3.2 2.4.3]
    ///       before: Payment failed › Card number › Try again › Support
    ///       after:  Try again › Payment failed › Card number › Support
    /// Axdiff-Errors: 1
    /// Axdiff-Warnings: 2
    /// ```
    ///
    /// Markers: ✗ error, ! warning, · note, ✓ improvement (an error keeps ✗).
    /// Every piece of user data is put on one line, so no label can add a line.
    public static let text = Report(name: "text") { report, context in
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

    private static func textMarker(_ change: Change) -> String {
        if change.improvement && change.severity != .error { return "✓" }
        switch change.severity {
        case .error: return "✗"
        case .warning: return "!"
        case .note, .off: return "·"
        }
    }

    /// A change as the text format shows it: its line, then before/after.
    static func textLines(_ change: Change) -> [String] {
        var line = "  \(textMarker(change)) \(change.kind.rawValue)  \(change.message.oneLine)"
        if !change.wcag.isEmpty { line += "  [" + change.wcag.joined(separator: " ") + "]" }
        if change.accepted { line += " (accepted)" }
        var lines = [line]
        if let before = change.before { lines.append("      before: " + before.oneLine) }
        if let after = change.after { lines.append("      after:  " + after.oneLine) }
        return lines
    }
}
