import AXGit
import AXReport
import AXWatch

/// `axdiff show [REV]`: the note on a commit, or the analysis computed now.
struct ShowCommand: Command {
    static let name = "show"
    static let abstract = "Print the axdiff note of a commit (or compute it with --compute)."
    static let usage = "axdiff show [--repo PATH] [--config FILE] [--compute] [--format text|markdown|json|sarif|junit] [REV]"

    let repo: RepositoryOption
    let revision: String
    let compute: Bool
    let report: Report

    init(_ args: [String]) throws {
        let a = try Arguments(args, valued: RepositoryOption.valued.union(["format"]), flags: ["compute"])
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one REV") }
        revision = a.positionals.first ?? "HEAD"
        compute = a.flag("compute")
        report = try ReportChoice.named(a.option("format"))
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let settings = RepositorySettings.load(repository, override: override)
        let id = try repo.resolve(repository, revision)
        let note = try repository.note(for: id, notesRef: settings.notesRef)
        if let note, report.name == "text", !compute {
            Console.out(note)
            return ExitCode.clean
        }
        guard note != nil || compute else {
            throw InputError("\(id.abbreviated()) has no note on \(settings.notesRef); run 'axdiff backfill' or pass --compute")
        }
        let analysis = try CommitAnalyzer(repository: repository, configOverride: override, toolVersion: "axdiff \(version)").analyze(id)
        Console.out(report.render(analysis.report, ReportChoice.context(commit: .init(sha: id.hex, subject: analysis.commit.summary))))
        return ExitCode.clean
    }
}
