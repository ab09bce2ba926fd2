import AXDiff
import AXGit
import AXReport

/// Both versions of each snapshot a report names, read from two commits, so
/// that SARIF can place a result on a line the range changed.
enum ReportFiles {
    /// A version that cannot be read is left out: its results keep the element's line.
    /// - Complexity: two tree lookups and two blob reads per reported snapshot.
    static func versions(_ repository: Repository, report: DiffReport, old: ObjectID?, new: ObjectID,
                         maxBytes: Int) -> [String: ReportContext.FileVersions] {
        var files: [String: ReportContext.FileVersions] = [:]
        for screen in report.screens where !screen.changes.isEmpty {
            guard let bytes = try? repository.file(at: screen.path, in: new, maxBytes: maxBytes) else { continue }
            let before = old.flatMap { try? repository.file(at: screen.path, in: $0, maxBytes: maxBytes) }
            files[screen.path] = ReportContext.FileVersions(old: before, new: bytes)
        }
        return files
    }
}
