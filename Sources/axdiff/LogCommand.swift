import AXGit
import AXHistory
import AXReport

/// `axdiff log [RANGE]`: one line per commit with its note's counts.
struct LogCommand: Command {
    static let name = "log"
    static let abstract = "List commits, newest first, with the errors, warnings and improvements of their notes (--all: every watched branch)."
    static let arguments = [CommandArgument(synopsis: "[RANGE]", help: "a revision or A..B (default: HEAD; not with --all)")]
    static let options: [CommandOption] = [
        .repo, .config, .valued("max-count", "N", default: "all", "show at most N commits"),
        .valued("format", "FORMAT", default: "text", choices: ["text", "json"], "text, or json: {\"commits\": [...]}, counts null for a commit without a note"),
        .flag("all", "every watched branch, each commit once, branch tips named"),
    ]
    static let examples = ["axdiff log --max-count 10", "axdiff log main..feature", "axdiff log --all --format json"]

    let repo: RepositoryOption
    let range: String
    let maxCount: Int?
    let json: Bool
    let all: Bool

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one RANGE") }
        all = a.flag("all")
        if all && !a.positionals.isEmpty { throw UsageError("--all and a RANGE exclude each other") }
        range = a.positionals.first ?? "HEAD"
        switch a.option("format") {
        case nil, "text": json = false
        case "json": json = true
        case let other?: throw UsageError("unknown format '\(other)' for log (choose from text, json)")
        }
        if let n = a.option("max-count") {
            guard let v = Int(n), v > 0 else { throw UsageError("--max-count expects a positive number") }
            maxCount = v
        } else {
            maxCount = nil
        }
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let settings = try RepositorySettings.load(repository, override: try repo.configOverride())
        let commits: [ObjectID]
        var branches: [ObjectID: [String]] = [:]
        do {
            if all {
                // Every watched branch, each commit once; a branch names its tip.
                let refs = try repository.references(matching: settings.watchRefs)
                for ref in refs { branches[ref.commit, default: []].append(RefName.branchName(ref.name) ?? ref.name) }
                commits = try repository.commits(from: refs.map(\.commit))
            } else {
                commits = range.contains("..")
                    ? try repository.commits(inRange: range)
                    : try repository.commits(from: [try repo.resolve(repository, range)])
            }
        } catch let e as GitError {
            throw InputError(e.message)
        }
        let shown = Array(commits.reversed().prefix(maxCount ?? Int.max))
        if let line = StraySnapshotNotice.line(repository, commits: shown, override: try repo.configOverride()) { Console.err("warning: \(line)") }
        var entries: [LogEntry] = []
        for id in shown {
            let info = try repository.commit(id)
            let summary = try repository.note(for: id, notesRef: settings.notesRef).flatMap(NoteSummary.parse)
            entries.append(LogEntry(commit: id.hex, subject: info.summary, summary: summary, branches: branches[id]?.sorted() ?? []))
        }
        if json {
            Console.out(LogEntry.json(entries))
            return ExitCode.clean
        }
        let lines = entries.map { entry -> String in
            let counts = entry.summary.map { "\($0.errors)E \($0.warnings)W \($0.improvements)I" } ?? "not annotated"
            let names = entry.branches.isEmpty ? "" : " (" + entry.branches.joined(separator: ", ") + ")"
            return "\(entry.commit.prefix(7))  \(counts.padding(13))\(entry.subject)\(names)".oneLine
        }
        if !lines.isEmpty { Console.out(lines.joined(separator: "\n")) }
        return ExitCode.clean
    }
}
