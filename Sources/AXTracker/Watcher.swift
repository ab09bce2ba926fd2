import AXDiff
import AXGit
import AXReport
import Foundation

/// The daemon (DESIGN §10): holds the repository's lock, annotates every new
/// commit on the watched refs, oldest first, in batches, and waits for the
/// refs to move. Survives force-pushes, deleted branches, `git gc` and
/// `git pack-refs` (refs are re-resolved every round; errors are logged and
/// the round retried with a fresh repository handle). Stops cleanly on
/// SIGTERM/SIGINT after the batch in flight.
package final class Watcher {
    package struct Options {
        package var repositoryPath: String
        package var configOverride: Config?
        /// Seconds between polls when no inotify event arrives.
        package var pollInterval: TimeInterval
        /// Annotate what is pending, then exit.
        package var once: Bool
        package var batchSize: Int
        package var toolVersion: String
        /// `--remote NAME`: fetch before each round, push the notes after.
        package var remote: String?

        package init(repositoryPath: String, configOverride: Config? = nil, pollInterval: TimeInterval = 30,
                    once: Bool = false, batchSize: Int = 250, toolVersion: String = ReportContext.defaultToolVersion,
                    remote: String? = nil) {
            self.repositoryPath = repositoryPath
            self.configOverride = configOverride
            self.pollInterval = pollInterval
            self.once = once
            self.batchSize = batchSize
            self.toolVersion = toolVersion
            self.remote = remote
        }
    }

    package let options: Options
    private let log: (String) -> Void
    /// Called after each batch of notes with the analyses written (for `--html`).
    package var afterBatch: ((Repository, [CommitAnalysis]) -> Void)?
    /// Commits annotated by the last round.
    private var annotatedInLastRound = 0
    /// What the rounds wrote and git's maintenance has not been handed yet.
    private var maintenance = MaintenanceSchedule(now: Date())

    package init(options: Options, log: @escaping (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Runs until stopped (or, with `once`, until nothing is pending).
    /// - Throws: `WatchLock.Held` when another watcher runs; `GitError` when the
    ///   repository cannot be opened at start; `RemoteAuthenticationFailure` when the
    ///   remote refuses the credentials (every other error is logged and the round retried).
    package func run() throws {
        var repository = try Repository.open(path: options.repositoryPath)
        let lock = try WatchLock(directory: repository.commonDir)
        let monitor = RefMonitor(gitDir: repository.gitDir, commonDir: repository.commonDir)
        let shutdown = ShutdownSignal { [weak monitor] in monitor?.wake() }
        // However the watcher stops (nothing left with `--once`, a signal, an error it cannot
        // retry), what its rounds wrote goes to git, while it still holds the lock.
        defer {
            handWritesToGit(repository)
            withExtendedLifetime(lock) {}
        }
        if !options.once {
            log("watching \(repository.workdir ?? repository.gitDir) (pid \(getpid()), \(monitor.usesInotify ? "inotify" : "polling every \(Int(options.pollInterval)) s"))")
        }
        var processedTips: Set<ObjectID> = []
        var failures = 0
        while !shutdown.isRequested {
            do {
                processedTips = try round(repository, hiding: processedTips, shutdown: shutdown)
                failures = 0
                if annotatedInLastRound > 0 {
                    // A fresh handle drops what libgit2 cached during the round
                    // (objects, delta bases, pack windows), then the freed heap
                    // goes back to the system: otherwise a watcher that has
                    // backfilled a long history stays at twice its idle size
                    // (target: 64 MB resident). Opening costs about a millisecond.
                    if let fresh = try? Repository.open(path: options.repositoryPath) { repository = fresh }
                    Allocator.releaseFreedPages()
                }
            } catch let refused as RemoteAuthenticationFailure {
                log("error: \(refused)")
                lock.record(error: "\(refused)")
                throw refused
            } catch {
                failures += 1
                log("error: \(error); retrying")
                lock.record(error: "\(error)")
                if let fresh = try? Repository.open(path: options.repositoryPath) { repository = fresh }
                processedTips = []
                if options.once && failures >= 3 { throw error }
            }
            // Checked after every round, the idle ones too: what the last rounds wrote goes to
            // git once its time has come, whether or not more commits arrived.
            if maintenance.isDue(now: Date()) { handWritesToGit(repository) }
            if options.once && failures == 0 { break }
            monitor.wait(timeout: failures > 0 ? min(options.pollInterval, Double(failures)) : options.pollInterval)
        }
        if shutdown.isRequested { log("stopping: signal received, last batch finished") }
    }

    /// One round: resolve the watched refs, annotate what is new, return the tips done.
    private func round(_ repository: Repository, hiding: Set<ObjectID>, shutdown: ShutdownSignal) throws -> Set<ObjectID> {
        annotatedInLastRound = 0
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let sync = options.remote.map { RemoteSync(remote: $0, notesRef: settings.notesRef, directory: repository.workdir ?? repository.gitDir) }
        try sync?.fetch(repository)
        let globs = settings.watchRefs + (sync.map { [$0.branchGlob] } ?? [])
        let tips = Set(try repository.references(matching: globs).map(\.commit))
        if tips.isSubset(of: hiding) && !hiding.isEmpty {
            try sync?.push(repository)
            return tips
        }
        let annotator = Annotator(repository: repository, options: .init(
            notesRef: settings.notesRef, batchSize: options.batchSize, configOverride: options.configOverride,
            toolVersion: options.toolVersion, keepsStops: afterBatch != nil, handsWritesToGit: false),
            log: { [log = self.log] in log("warning: \($0)") })
        // Also after a round that failed: what it published stays, and is git's to maintain.
        defer {
            let written = annotator.takeWritten()
            maintenance.record(packs: written.packs, looseObjects: written.looseObjects)
        }
        let pending = try annotator.pending(tips: Array(tips).sorted(), hiding: Array(hiding).sorted())
        guard !pending.isEmpty else {
            try sync?.push(repository)
            return tips
        }
        let summary = try annotator.annotate(pending, shouldStop: { shutdown.isRequested }) { batch in
            for (analysis, seconds) in batch { log(Self.line(analysis, seconds: seconds)) }
            afterBatch?(repository, batch.map(\.0))
        }
        annotatedInLastRound = summary.commits
        try sync?.push(repository)
        // Commits that could not be read get no note; the round fails, so they are tried again.
        guard summary.failures.isEmpty else { throw AnnotationFailures(failures: summary.failures) }
        return shutdown.isRequested ? hiding : tips
    }

    /// Hands what the rounds wrote to git's maintenance (`MaintenanceSchedule`).
    private func handWritesToGit(_ repository: Repository) {
        guard maintenance.isPending else { return }
        let written = maintenance.take(now: Date())
        Annotator.handToGit(repository, packs: written.packs, looseObjects: written.looseObjects) { [log] in log("warning: \($0)") }
    }

    /// One log line per commit: when, which, what, how long.
    static func line(_ a: CommitAnalysis, seconds: TimeInterval) -> String {
        let when = ISO8601DateFormatter().string(from: Date())
        let ms = Int((seconds * 1000).rounded())
        return "\(when) \(a.commit.id.abbreviated()) \(Report.logSummaryLine(a.report)) (\(ms) ms)  \(a.commit.summary)"
            + (a.unreadable.isEmpty ? "" : "  [unreadable: \(a.unreadable.joined(separator: "; "))]")
    }
}
