import AXGit
import AXReport
import AXTracker

/// `axdiff show [REV]`: the note on a commit, or the analysis computed now.
struct ShowCommand: Command {
    static let name = "show"
    static let abstract = "Print the axdiff note of a commit (or compute it with --compute)."
    static let arguments = [CommandArgument(synopsis: "[REV]", help: "the commit (default: HEAD)")]
    static let options: [CommandOption] = [
        .repo, .config, .flag("compute", "analyse the commit now, whether or not it has a note"), .format, .color,
    ]
    static let examples = ["axdiff show HEAD~1", "axdiff show --compute --format markdown"]

    let repo: RepositoryOption
    let revision: String
    let compute: Bool
    let report: Report
    let color: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one REV") }
        revision = a.positionals.first ?? "HEAD"
        compute = a.flag("compute")
        report = try ReportChoice.named(a.option("format"))
        color = a.option("color")
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let settings = try RepositorySettings.load(repository, override: override)
        let id = try repo.resolve(repository, revision)
        let note = try repository.note(for: id, notesRef: settings.notesRef)
        if let note, report.name == "text", !compute {
            Console.out(Colour.output(note.escapedForTerminal, format: "text", choice: color))
            return ExitCode.clean
        }
        guard note != nil || compute else {
            throw InputError("\(id.abbreviated()) has no note on \(settings.notesRef); run 'axdiff backfill' or pass --compute")
        }
        let analysis = try CommitAnalyzer(repository: repository, configOverride: override, toolVersion: toolVersion).analyze(id)
        var context = ReportChoice.context(commit: .init(sha: id.hex, subject: analysis.commit.summary))
        if report.name == Report.sarif.name {
            // The commit against its first parent, as the analysis compares them.
            context.files = ReportFiles.versions(repository, report: analysis.report, old: analysis.commit.parents.first, new: id,
                                                 maxBytes: Repository.defaultMaxBlobBytes)
        }
        let text = report.render(analysis.report, context)
        Console.out(Colour.output(text, format: report.name, choice: color))
        return ExitCode.clean
    }
}
