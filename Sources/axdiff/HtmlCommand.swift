import AXGate
import AXGit
import AXSite
import AXHistory

/// `axdiff html --out DIR [RANGE]`: a static, self-contained review site of
/// the semantic diffs (index, one page per commit, one per screen).
struct HtmlCommand: Command {
    static let name = "html"
    static let abstract = "Write a static review site: commits, side-by-side reading orders, trend plots per screen."
    static let arguments = [CommandArgument(synopsis: "[RANGE]", help: "a revision or A..B (default: everything the watched refs reach)")]
    static let options: [CommandOption] = [.repo, .config, .required("out", "DIR", "where to write the site")]
    static let examples = ["axdiff html --out site && xdg-open site/index.html"]

    let repo: RepositoryOption
    let out: String
    let range: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        repo = RepositoryOption(a)
        guard let out = a.option("out"), !out.isEmpty else { throw UsageError("--out DIR is required") }
        self.out = out
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one RANGE") }
        range = a.positionals.first
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let commits: [ObjectID]
        do {
            if let range {
                commits = range.contains("..")
                    ? try repository.commits(inRange: range)
                    : try repository.commits(from: [try repo.resolve(repository, range)])
            } else {
                let settings = try RepositorySettings.load(repository, override: override)
                let tips = try repository.references(matching: settings.watchRefs).map(\.commit).sorted()
                commits = tips.isEmpty ? [] : try repository.commits(from: tips)
            }
        } catch let e as GitError {
            throw InputError(e.message)
        }
        let builder = SiteBuilder(options: .init(directory: out, configOverride: override, toolVersion: toolVersion,
                                                 branches: Gate.branchVerdict))
        var bar = ProgressBar(total: commits.count)
        let summary: SiteBuilder.Summary
        do {
            summary = try builder.build(repository, commits: commits) { bar.update($0) }
        } catch let e as SiteError {
            throw InputError(e.description)
        }
        Console.out("wrote \(out)/index.html: \(summary.commits) commit\(summary.commits == 1 ? "" : "s"), "
            + "\(summary.screens) screen\(summary.screens == 1 ? "" : "s"), \(summary.pagesWritten) page\(summary.pagesWritten == 1 ? "" : "s") written"
            + (summary.pagesRemoved > 0 ? ", \(summary.pagesRemoved) removed" : ""))
        return ExitCode.clean
    }
}
