import AXDiff
import AXReport

/// `--format NAME` → a report format; the context every command renders with.
enum ReportChoice {
    static func named(_ name: String?) throws -> Report {
        guard let name else { return .text }
        guard let report = Report.named(name) else {
            throw UsageError("unknown format '\(name)' (choose from \(Report.all.map(\.name).joined(separator: ", ")))")
        }
        return report
    }

    /// The context of reports that are not a gate verdict (`failOn` set only by `check`).
    static func context(commit: ReportContext.Commit? = nil, failOn: Severity? = nil, category: String? = nil) -> ReportContext {
        ReportContext(commit: commit, toolVersion: toolVersion, failOn: failOn, category: category)
    }

    /// `--category NAME`: what the run covers (`ios`), for SARIF's `automationDetails.id`.
    static func category(_ a: Arguments) throws -> String? {
        guard let name = a.option("category") else { return nil }
        guard !name.isEmpty, !name.contains(where: { $0.isNewline }) else { throw UsageError("--category needs a name, e.g. --category ios") }
        return name
    }
}
