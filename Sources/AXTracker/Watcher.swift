import AXDiff
import AXGit
import AXHistory
import AXReport
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

/// The daemon (DESIGN §10): holds the repository's lock, annotates every new
/// commit on the watched refs, oldest first, in batches, and waits for the
/// refs to move. Survives force-pushes, deleted branches, `git gc` and
/// `git pack-refs` (refs are re-resolved every round; errors are logged and
/// the round retried with a fresh repository handle). Stops cleanly on
/// SIGTERM/SIGINT after the batch in flight.
package final class Watcher {
    package struct Options {
        package var repositoryPath: String
        package var configOverride: RepositoryConfig?
        /// Seconds between polls when no inotify event arrives.
        package var pollInterval: TimeInterval
        /// Annotate what is pending, then exit.
        package var once: Bool
        package var batchSize: Int
        package var toolVersion: String
        /// `--remote NAME`: fetch before each round, push the notes after.
        package var remote: String?

        package init(repositoryPath: String, configOverride: RepositoryConfig? = nil, pollInterval: TimeInterval = 30,
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
    /// `--remote`: whether it answers, and when to try it next.
    private var remoteHealth: RemoteHealth?
    /// The last remote failure, thrown by `--once` when the remote never answered.
    private var lastRemoteFailure: Error?
    private var lock: WatchLock?

    /// The first retry of a failing round (or an unreachable remote) comes after about
    /// this many seconds, each next one after twice as long, up to `retryCap` (or the poll
    /// interval, when that is longer).
    static let retryBase: TimeInterval = 1
    static let retryCap: TimeInterval = 300
    /// `--once` gives up after this many failed rounds (or attempts to reach the remote).
    static let onceAttempts = 3

    package init(options: Options, log: @escaping (String) -> Void) {
        self.options = options
        self.log = log
        let cap = max(options.pollInterval, Self.retryCap)
        remoteHealth = options.remote.map { RemoteHealth(remote: $0, cap: cap) }
    }

    /// Runs until stopped (or, with `once`, until nothing is pending).
    /// - Throws: `WatchLock.Held` when another watcher runs; `GitError` when the
    ///   repository cannot be opened at start; `RemoteAuthenticationFailure` when the
    ///   remote refuses the credentials (every other error is logged and the round retried
    ///   with back-off; with `once`, after `onceAttempts` failures, the last one).
    package func run() throws {
        var repository = try Repository.open(path: options.repositoryPath)
        let lock = try WatchLock(directory: repository.commonDir)
        self.lock = lock
        let monitor = RefMonitor(RefLayout(repository))
        let shutdown = ShutdownSignal { [weak monitor] in monitor?.wake() }
        // However the watcher stops (nothing left with `--once`, a signal, an error it cannot
        // retry), what its rounds wrote goes to git, while it still holds the lock.
        defer {
            handWritesToGit(repository)
            self.lock = nil
            withExtendedLifetime(lock) {}
        }
        if !options.once {
            log("watching \(repository.workdir ?? repository.gitDir) (pid \(getpid()), \(monitor.usesInotify ? "inotify" : "polling every \(Int(options.pollInterval)) s"))")
        }
        var processedTips: Set<ObjectID> = []
        var failures = 0
        var backoff = Backoff(base: Self.retryBase, cap: max(options.pollInterval, Self.retryCap))
        var errors = RepeatedErrors()
        defer { if let line = errors.clear() { log(line) } }
        while !shutdown.isRequested {
            do {
                processedTips = try round(repository, hiding: processedTips, shutdown: shutdown)
                failures = 0
                backoff.reset()
                if let line = errors.clear() { log(line) }
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
                let delay = backoff.nextDelay()
                for line in errors.record("\(error)", first: { "error: \($0); retrying with back-off (next in \(RemoteHealth.seconds(delay)))" }) {
                    log(line)
                }
                lock.record(error: errors.summary ?? "\(error)")
                if let fresh = try? Repository.open(path: options.repositoryPath) { repository = fresh }
                processedTips = []
                if options.once && failures >= Self.onceAttempts { throw error }
                // Checked after every round, the idle ones too: what the last rounds wrote goes to
                // git once its time has come, whether or not more commits arrived.
                if maintenance.isDue(now: Date()) { handWritesToGit(repository) }
                waitAfterFailure(delay, repository: repository, monitor: monitor, shutdown: shutdown, backoff: &backoff)
                continue
            }
            if maintenance.isDue(now: Date()) { handWritesToGit(repository) }
            let untilRemote = remoteHealth?.secondsUntilDue(Date()) ?? .infinity
            if options.once {
                guard let health = remoteHealth, health.failures > 0 else { break }
                if health.failures >= Self.onceAttempts, let failure = lastRemoteFailure { throw failure }
                DetachedThread.sleep(seconds: untilRemote)
                continue
            }
            monitor.wait(timeout: min(options.pollInterval, untilRemote))
        }
        if shutdown.isRequested { log("stopping: signal received, last batch finished") }
    }

    /// After a failed round: waits `delay` seconds, ignoring events that change no watched
    /// tip (the watcher's own notes and lock file among them), unless a tip moves (a real
    /// change: back to the first delay), the remote is due, or a signal arrives.
    private func waitAfterFailure(_ delay: TimeInterval, repository: Repository, monitor: RefMonitor,
                                  shutdown: ShutdownSignal, backoff: inout Backoff) {
        let before = try? watchedTips(repository)
        let deadline = Date().addingTimeInterval(delay)
        while !shutdown.isRequested {
            let now = Date()
            let untilRemote = remoteHealth?.secondsUntilDue(now) ?? .infinity
            let remaining = deadline.timeIntervalSince(now)
            guard remaining > 0, untilRemote > 0 else { return }
            guard monitor.wait(timeout: min(remaining, untilRemote)) else { continue }
            if let before, let after = try? watchedTips(repository), after != before {
                backoff.reset()
                return
            }
        }
    }

    /// The tips of the watched refs, as a round would see them.
    private func watchedTips(_ repository: Repository) throws -> Set<ObjectID> {
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let globs = settings.watchRefs + (options.remote.map { [RemoteSync.branchGlob(remote: $0)] } ?? [])
        return Set(try repository.references(matching: globs).map(\.commit))
    }

    /// One round: resolve the watched refs, annotate what is new, return the tips done. The
    /// remote (`--remote`), when due, is fetched first and pushed to last; its failures are
    /// the remote's (`RemoteHealth`), never the round's.
    private func round(_ repository: Repository, hiding: Set<ObjectID>, shutdown: ShutdownSignal) throws -> Set<ObjectID> {
        annotatedInLastRound = 0
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let sync = options.remote.map { RemoteSync(remote: $0, notesRef: settings.notesRef, directory: repository.workdir ?? repository.gitDir) }
        var reached = false
        if let sync, remoteHealth?.isDue(Date()) == true {
            reached = try reachingRemote(exchangeDone: false) { try sync.fetch(repository) }
        }
        func push() throws {
            if reached, let sync { _ = try reachingRemote(exchangeDone: true) { try sync.push(repository) } }
        }
        let globs = settings.watchRefs + (sync.map { [$0.branchGlob] } ?? [])
        let tips = Set(try repository.references(matching: globs).map(\.commit))
        if tips.isSubset(of: hiding) && !hiding.isEmpty {
            try push()
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
            try push()
            return tips
        }
        let summary = try annotator.annotate(pending, shouldStop: { shutdown.isRequested }) { batch in
            for (analysis, seconds) in batch { log(Self.line(analysis, seconds: seconds)) }
            afterBatch?(repository, batch.map(\.0))
        }
        annotatedInLastRound = summary.commits
        try push()
        // Commits that could not be read get no note; the round fails, so they are tried again.
        guard summary.failures.isEmpty else { throw AnnotationFailures(failures: summary.failures) }
        return shutdown.isRequested ? hiding : tips
    }

    /// Runs a fetch or push; true when it succeeded. A failure is the remote's: logged (a
    /// repeat only counted), kept for `axdiff status`, and tried again after back-off. Only
    /// a whole exchange (`exchangeDone`: the push after the fetch) clears that, so that a
    /// remote that lets itself be fetched from and declines every push backs off too.
    /// Refused credentials end the watcher (`RemoteAuthenticationFailure`).
    private func reachingRemote(exchangeDone: Bool, _ body: () throws -> Void) throws -> Bool {
        guard var health = remoteHealth else { return false }
        defer {
            remoteHealth = health
            lock?.record(remote: health.statusLine)
        }
        do {
            try body()
            if exchangeDone {
                if let line = health.answered() { log(line) }
                lastRemoteFailure = nil
            }
            return true
        } catch let refused as RemoteAuthenticationFailure {
            // Not retried: `run` ends the watcher with it.
            throw refused
        } catch let error as GitCommand.Failure {
            lastRemoteFailure = error
            for line in health.failed("\(error)", declined: error.isDeclined, now: Date()) { log(line) }
            lock?.record(error: "remote '\(health.remote)': " + (health.errors.summary ?? "\(error)"))
            return false
        }
    }

    /// Hands what the rounds wrote to git's maintenance (`MaintenanceSchedule`).
    private func handWritesToGit(_ repository: Repository) {
        guard maintenance.isPending else { return }
        let written = maintenance.take(now: Date())
        Annotator.handToGit(repository, packs: written.packs, looseObjects: written.looseObjects) { [log] in log("warning: \($0)") }
    }

    /// One log line per commit: when, which, what, how long.
    static func line(_ a: CommitAnalysis, seconds: TimeInterval) -> String {
        let when = ISO8601Time.string(from: Date())
        let ms = Int((seconds * 1000).rounded())
        return "\(when) \(a.commit.id.abbreviated()) \(Report.logSummaryLine(a.report)) (\(ms) ms)  \(a.commit.summary)"
            + (a.unreadable.isEmpty ? "" : "  [unreadable: \(a.unreadable.joined(separator: "; "))]")
    }
}
