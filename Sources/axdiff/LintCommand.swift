import AXDiff
import AXReport
import AXSnapshot

/// `axdiff lint FILE…`: the smells present in snapshots, as a diff against an
/// empty screen would flag them.
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Report the smells in snapshots: mystery icons, decorative image stops, duplicate names, role words, small targets, repeated and untranslated labels."
    static let arguments = [CommandArgument(synopsis: "FILE...", help: "one or more snapshots, or directories of them", isPath: true)]
    static let options: [CommandOption] = [.format, .snapshotConfig, .color]
    static let examples = ["axdiff lint Snapshots/*.json", "axdiff lint Snapshots"]

    let files: [String]
    let report: Report
    let configPath: String?
    let color: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard !a.positionals.isEmpty else { throw UsageError("expected at least one FILE") }
        files = a.positionals
        report = try ReportChoice.named(a.option("format"))
        configPath = a.option("config")
        color = a.option("color")
    }

    func run() throws -> Int32 {
        let config = try SnapshotFiles.config(configPath, near: files[0])
        // A directory stands for the snapshot files under it.
        let files = self.files.flatMap { arg in SnapshotFiles.isDirectory(arg) ? SnapshotFiles.list(arg).map { arg + "/" + $0 } : [arg] }
        let sources = LocaleSourceFinder(config: config, files: Dictionary(files.map { ($0, $0) }, uniquingKeysWith: { a, _ in a }))
        var screens: [ScreenDiff] = []
        var unreadable: [String] = []
        for file in files {
            do {
                // Prepared as it is read: its node tree goes before the rules run.
                let version = try SnapshotFiles.prepared(file, maxBytes: config.maxSnapshotBytes, maxElements: config.maxSnapshotElements)
                screens.append(ScreenDiffer.lint(version, path: file, policy: config.policy,
                                                 source: sources.source(for: file, locale: version.facts.locale)))
            } catch let e as SnapshotError {
                unreadable.append(e.description)
                screens.append(ScreenDiffer.unreadable(path: file, reason: e.description, error: e, policy: config.policy))
            }
        }
        let result = DiffReport(screens: screens.filter { !$0.changes.isEmpty }, snapshotsCompared: files.count)
        Console.out(Colour.output(report.bytes(result, ReportChoice.context()), format: report.name, choice: color))
        for line in unreadable { Console.err(line) }
        Console.end(!unreadable.isEmpty ? ExitCode.badInput : result.fails(at: config.policy.failOn) ? ExitCode.failed : ExitCode.clean)
    }
}
