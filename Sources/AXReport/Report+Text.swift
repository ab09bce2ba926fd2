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
        var out = ReportBytes()
        out.appendLine("axdiff: " + model.headline)
        if let fails = context.gateFails(report), let failOn = context.failOn {
            out.appendLine(fails
                ? "check failed: a change at \(failOn.rawValue) or above is not accepted"
                : "check passed: no change at \(failOn.rawValue) or above is left unaccepted")
        }
        for remark in model.remarks {
            out.appendOneLine(remark)
            out.appendLine()
        }
        for screen in model.changedScreens {
            out.appendLine()
            out.appendOneLine(screen.screen)
            out.append(" (")
            out.appendOneLine(screen.path)
            out.appendLine(")")
            for change in screen.listed {
                writeText(change, indent: "  ", to: &out)
            }
            if let more = screen.unlistedLine { out.appendLine("  " + more) }
        }
        out.appendLine("Axdiff-Errors: \(model.errors)")
        out.appendLine("Axdiff-Warnings: \(model.warnings)")
        return out.bytes
    }

    private static func textMarker(_ change: Change) -> String {
        if change.improvement && change.severity != .error { return "✓" }
        switch change.severity {
        case .error: return "✗"
        case .warning: return "!"
        case .note, .off: return "·"
        }
    }

    /// A change as the text format shows it, each line after `indent`: its
    /// line, then before/after.
    static func writeText(_ change: Change, indent: String, to out: inout ReportBytes) {
        out.append(indent)
        out.append(textMarker(change))
        out.append(byte: UInt8(ascii: " "))
        out.append(change.kind.rawValue)
        out.append("  ")
        out.appendOneLine(change.message)
        if !change.wcag.isEmpty {
            out.append("  [")
            for (k, number) in change.wcag.enumerated() {
                if k > 0 { out.append(byte: UInt8(ascii: " ")) }
                out.append(number)
            }
            out.append(byte: UInt8(ascii: "]"))
        }
        if change.accepted { out.append(" (accepted)") }
        out.appendLine()
        if let before = change.before {
            out.append(indent)
            out.append("    before: ")
            out.appendOneLine(before)
            out.appendLine()
        }
        if let after = change.after {
            out.append(indent)
            out.append("    after:  ")
            out.appendOneLine(after)
            out.appendLine()
        }
    }
}
