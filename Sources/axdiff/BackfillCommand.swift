import AXGit
import AXReport
import AXHistory
import AXTracker

/// `axdiff backfill`: annotate every commit reachable from the watched refs
/// that has no note yet.
struct BackfillCommand: Command {
    static let name = "backfill"
    static let abstract = "Annotate every commit reachable from the watched refs that has no note yet."
    static let arguments = [CommandArgument(synopsis: "[RANGE]", help: "only these commits (a revision or A..B; default: everything the watched refs reach)")]
    static let options: [CommandOption] = [
        .repo, .config, .batch,
        .valued("jobs", "N", default: "one per core", "threads that analyse commits (1 to \(Annotator.Options.maxJobs))"),
    ]
    static let examples = ["axdiff backfill --repo /srv/snapshots"]

    let repo: RepositoryOption
    let range: String?
    let batch: Int
    let jobs: Int

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one RANGE") }
        range = a.positionals.first
        guard let n = Int(a.option("batch") ?? "250"), n > 0 else { throw UsageError("--batch expects a positive number") }
        batch = n
        guard let j = Int(a.option("jobs") ?? "\(Annotator.Options.defaultJobs)"), (1...Annotator.Options.maxJobs).contains(j) else {
            throw UsageError("--jobs expects a number from 1 to \(Annotator.Options.maxJobs)")
        }
        jobs = j
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let settings = try RepositorySettings.load(repository, override: override)
        let annotator = Annotator(repository: repository, options: .init(
            notesRef: settings.notesRef, batchSize: batch, configOverride: override, toolVersion: toolVersion,
            jobs: jobs, releasesMemory: false, keepsStops: false), log: { Console.err("warning: \($0)") })
        let commits: [ObjectID]
        if let range {
            let annotated = try repository.annotatedCommits(notesRef: settings.notesRef)
            do {
                commits = try repository.commits(inRange: range).filter { !annotated.contains($0) }
            } catch let e as GitError {
                throw InputError(e.message)
            }
        } else {
            let tips = try repository.references(matching: settings.watchRefs).map(\.commit)
            commits = try annotator.pending(tips: tips)
        }
        if let line = StraySnapshotNotice.line(repository, commits: commits, override: override) { Console.err("warning: \(line)") }
        var bar = ProgressBar(total: commits.count)
        var done = 0
        let summary = try annotator.annotate(commits, perBatch: { batch in
            done += batch.count
            bar.update(done)
        })
        Console.out("annotated \(summary.commits) commit\(summary.commits == 1 ? "" : "s") on \(settings.notesRef): "
            + "\(summary.errors) error\(summary.errors == 1 ? "" : "s"), \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), "
            + "\(summary.improvements) improvement\(summary.improvements == 1 ? "" : "s")"
            + (summary.unreadable > 0 ? ", \(summary.unreadable) unreadable snapshot\(summary.unreadable == 1 ? "" : "s")" : ""))
        if !summary.shallowBoundary.isEmpty {
            let n = summary.shallowBoundary.count
            Console.out("\(n) commit\(n == 1 ? "" : "s") at the shallow clone's boundary not annotated: "
                + "\(n == 1 ? "its parent is" : "their parents are") not in this repository "
                + "(git fetch --unshallow, then backfill again)")
        }
        // A damaged or incomplete repository: the commits it affects are named, not annotated.
        guard summary.failures.isEmpty else { throw AnnotationFailures(failures: summary.failures) }
        return ExitCode.clean
    }
}
