import AXGit
import AXWatch
import Foundation

/// `axdiff watch`: the long-running watcher over one repository.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Watch a repository and annotate every new commit with a note (one watcher per repository)."
    static let usage = "axdiff watch [--repo PATH] [--config FILE] [--once] [--poll SECONDS] [--batch N] [--remote NAME] [--html DIR]"

    let repo: RepositoryOption
    let once: Bool
    let poll: TimeInterval
    let batch: Int
    let remote: String?
    /// `--html DIR`: keep the review site in DIR current after each batch.
    let html: String?

    init(_ args: [String]) throws {
        let a = try Arguments(args, valued: RepositoryOption.valued.union(["poll", "batch", "remote", "html"]), flags: ["once"])
        guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
        repo = RepositoryOption(a)
        once = a.flag("once")
        guard let p = Double(a.option("poll") ?? "30"), p > 0, p <= 86_400 else { throw UsageError("--poll expects seconds between 0 and 86400") }
        poll = p
        guard let n = Int(a.option("batch") ?? "250"), n > 0 else { throw UsageError("--batch expects a positive number") }
        batch = n
        remote = a.option("remote")
        if let remote, remote.isEmpty || remote.hasPrefix("-") { throw UsageError("--remote expects a remote name") }
        html = a.option("html")
        if let html, html.isEmpty { throw UsageError("--html expects a directory") }
    }

    func run() throws -> Int32 {
        let watcher = Watcher(options: .init(
            repositoryPath: repo.path, configOverride: try repo.configOverride(), pollInterval: poll,
            once: once, batchSize: batch, toolVersion: "axdiff \(version)", remote: remote)) { line in
            Console.out(line)
            fflush(stdout)
        }
        do {
            if let html {
                try SiteBuilder(options: .init(directory: html, configOverride: try repo.configOverride(), toolVersion: "axdiff \(version)"))
                    .keepCurrent(watcher) { Console.out($0); fflush(stdout) }
            }
            try watcher.run()
        } catch let e as GitError {
            throw InputError("\(repo.path): \(e.message)")
        }
        return ExitCode.clean
    }
}
