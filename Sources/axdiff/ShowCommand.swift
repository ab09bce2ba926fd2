import AXDiff
import AXGit
import AXReport
import AXHistory

/// `axdiff show [REV]`: the note on a commit, or the analysis computed now.
struct ShowCommand: Command {
    static let name = "show"
    static let abstract = "Print the axdiff note of a commit (or compute it with --compute)."
    static let arguments = [CommandArgument(synopsis: "[REV]", help: "the commit (default: HEAD)")]
    static let options: [CommandOption] = [
        .repo, .config, .flag("compute", "analyse the commit now, whether or not it has a note"), .format,
        .valued("screen", "NAME", "only this screen (its name or its snapshot's path), e.g. its wireframe with --format svg"), .color,
    ]
    static let examples = ["axdiff show HEAD~1", "axdiff show --compute --format markdown",
                           "axdiff show --format svg --screen Checkout > Checkout.svg"]

    let repo: RepositoryOption
    let revision: String
    let compute: Bool
    let report: Report
    let color: String?
    let screen: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one REV") }
        revision = a.positionals.first ?? "HEAD"
        compute = a.flag("compute")
        report = try ReportChoice.named(a.option("format"))
        color = a.option("color")
        screen = a.option("screen")
        if let screen, screen.isEmpty || screen.contains(where: \.isNewline) { throw UsageError("--screen needs a screen's name, e.g. --screen Checkout") }
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let settings = try RepositorySettings.load(repository, override: override)
        let id = try repo.resolve(repository, revision)
        let note = try repository.note(for: id, notesRef: settings.notesRef)
        if let note, report.name == "text", !compute, screen == nil {
            Console.out(Colour.output(note.escapedForTerminal, format: "text", choice: color))
            return ExitCode.clean
        }
        guard note != nil || compute else {
            throw InputError("\(id.abbreviated()) has no note on \(settings.notesRef); run 'axdiff backfill' or pass --compute")
        }
        let analysis = try CommitAnalyzer(repository: repository, configOverride: override, toolVersion: toolVersion).analyze(id)
        var result = analysis.report
        if let screen {
            let chosen = result.screens.filter { $0.screen == screen || $0.path == screen }
            guard !chosen.isEmpty else {
                let names = result.screens.map(\.screen)
                throw InputError("\(id.abbreviated()) changed no screen named '\(screen)'"
                    + (names.isEmpty ? "; it changed no screen" : "; it changed: " + names.joined(separator: ", ")))
            }
            result = DiffReport(screens: chosen, snapshotsCompared: result.snapshotsCompared, remarks: result.remarks)
        }
        var context = ReportChoice.context(commit: .init(sha: id.hex, subject: analysis.commit.summary))
        if report.name == Report.sarif.name {
            // The commit against its first parent, as the analysis compares them.
            context.files = ReportFiles.versions(repository, report: result, old: analysis.commit.parents.first, new: id,
                                                 maxBytes: Repository.defaultMaxBlobBytes)
        }
        Console.out(Colour.output(report.bytes(result, context), format: report.name, choice: color))
        return ExitCode.clean
    }
}
