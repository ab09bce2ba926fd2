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
    static func context(commit: ReportContext.Commit? = nil, failOn: Severity? = nil) -> ReportContext {
        ReportContext(commit: commit, toolVersion: "axdiff \(version)", failOn: failOn)
    }
}
