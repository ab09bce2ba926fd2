import AXDiff
import AXReport
import AXSnapshot

/// `axdiff lint FILE…`: the smells present in snapshots, as a diff against an
/// empty screen would flag them.
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Report the smells in snapshots: mystery icons, decorative image stops, duplicate names, role words."
    static let usage = "axdiff lint FILE... [--format text|markdown|json|sarif|junit] [--config FILE]"

    let files: [String]
    let report: Report
    let configPath: String?

    init(_ args: [String]) throws {
        let a = try Arguments(args, valued: ["format", "config"], flags: [])
        guard !a.positionals.isEmpty else { throw UsageError("expected at least one FILE") }
        files = a.positionals
        report = try ReportChoice.named(a.option("format"))
        configPath = a.option("config")
    }

    func run() throws -> Int32 {
        let config = try SnapshotFiles.config(configPath)
        var screens: [ScreenDiff] = []
        var unreadable: [String] = []
        for file in files {
            do {
                screens.append(ScreenDiffer.lint(try SnapshotFiles.read(file, maxBytes: config.maxSnapshotBytes), path: file, config: config))
            } catch let e as SnapshotError {
                unreadable.append(e.description)
                screens.append(ScreenDiffer.unreadable(path: file, reason: e.description, error: e, config: config))
            }
        }
        let result = DiffReport(screens: screens.filter { !$0.changes.isEmpty }, snapshotsCompared: files.count)
        Console.out(report.render(result, ReportChoice.context()))
        for line in unreadable { Console.err(line) }
        if !unreadable.isEmpty { return ExitCode.badInput }
        return result.fails(at: config.failOn) ? ExitCode.failed : ExitCode.clean
    }
}
