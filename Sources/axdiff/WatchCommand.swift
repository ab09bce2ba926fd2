import AXGate
import AXGit
import AXReport
import AXSite
import AXHistory
import AXTracker
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `axdiff watch`: the long-running watcher over one repository.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Watch a repository and annotate every new commit with a note (one watcher per repository)."
    static let options: [CommandOption] = [
        .repo, .config,
        .flag("once", "annotate what is pending, then exit"),
        .valued("poll", "SECONDS", default: "30", "check the refs at least this often (more than 0, at most 86400)"),
        .batch,
        .valued("remote", "NAME", "fetch from and push notes to this remote each round"),
        .valued("html", "DIR", "keep the review site in DIR current"),
        .valued("log-format", "FORMAT", default: "text", choices: ["text", "json"], "one line per event: text, or a JSON object per line"),
    ]
    static let examples = ["axdiff watch --repo /srv/snapshots --remote origin", "axdiff watch --once --html site"]

    let repo: RepositoryOption
    let once: Bool
    let poll: TimeInterval
    let batch: Int
    let remote: String?
    /// `--html DIR`: keep the review site in DIR current after each batch.
    let html: String?
    /// `--log-format json`: one JSON object per line, for log collectors.
    let jsonLog: Bool

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
        repo = RepositoryOption(a)
        once = a.flag("once")
        guard let p = Double(a.option("poll") ?? "30"), p > 0, p <= 86_400 else { throw UsageError("--poll expects a number of seconds greater than 0 and at most 86400") }
        poll = p
        guard let n = Int(a.option("batch") ?? "250"), n > 0 else { throw UsageError("--batch expects a positive number") }
        batch = n
        remote = a.option("remote")
        if let remote, remote.isEmpty || remote.hasPrefix("-") { throw UsageError("--remote expects a remote name") }
        html = a.option("html")
        if let html, html.isEmpty { throw UsageError("--html expects a directory") }
        jsonLog = a.option("log-format") == "json"
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        // Once per run, over the commits waiting for a note (else the watched branches' tips).
        let override = try repo.configOverride()
        if let settings = try? RepositorySettings.load(repository, override: override),
           let tips = try? repository.references(matching: settings.watchRefs).map(\.commit) {
            let annotator = Annotator(repository: repository, options: .init(
                notesRef: settings.notesRef, batchSize: batch, configOverride: override, toolVersion: toolVersion,
                jobs: 1, releasesMemory: false, keepsStops: false), log: { _ in })
            let pending = (try? annotator.pending(tips: tips)) ?? []
            if let line = StraySnapshotNotice.line(repository, commits: pending.isEmpty ? tips : pending, override: override) {
                Console.err("warning: \(line)")
            }
        }
        let watcher = Watcher(options: .init(
            repositoryPath: repo.path, configOverride: try repo.configOverride(), pollInterval: poll,
            once: once, batchSize: batch, toolVersion: toolVersion, remote: remote)) { [jsonLog] line in
            Console.out(jsonLog ? LogLine.json(line) : line.oneLine)
            fflush(stdout)
        }
        do {
            if let html {
                // Only probe, before the site is touched: the watcher takes the lock itself when it starts.
                _ = try WatchLock(directory: repository.commonDir)
                watcher.afterBatch = try SiteBuilder(options: .init(directory: html, configOverride: try repo.configOverride(),
                                                                    toolVersion: toolVersion, branches: Gate.branchVerdict))
                    .keepCurrent(repository) { [jsonLog] in Console.out(jsonLog ? LogLine.json($0) : $0.oneLine); fflush(stdout) }
            }
            try watcher.run()
        } catch let e as GitError {
            throw InputError("\(repo.path): \(e.message)")
        }
        return ExitCode.clean
    }
}
