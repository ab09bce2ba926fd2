import AXDiff
import AXGit
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

/// Analyses runs of commits on several threads at once, one analyser (with
/// its own repository handle: libgit2 handles are per thread) per thread.
/// Commits are independent, so the results are those of one thread.
///
/// Work comes in contiguous runs of history ("batches"), one per thread, so
/// each analyser's snapshot cache still sees a path's versions in order: the
/// old side of a change is the new side of that path's previous change.
///
/// A parallel pool analyses on threads of its own, each with a handle of its
/// own, so the caller's thread — and its repository handle — are free to
/// write notes meanwhile. A pool of one analyses on the caller's thread and
/// handle, when a batch is asked for.
///
/// Belongs to one thread; the handles it opened live as long as the pool.
package final class AnalyzerPool {
    package typealias Timed = (analysis: CommitAnalysis, seconds: TimeInterval)
    /// A batch's analyses, and the commits of it that could not be analysed.
    package struct Batch {
        package var analyses: [Timed] = []
        package var failures: [CommitFailure] = []
    }
    package typealias BatchResult = Result<Batch, Error>

    /// One thread per core: analysing is CPU-bound.
    package static var defaultJobs: Int { min(ProcessInfo.processInfo.activeProcessorCount, maxJobs) }
    /// Each thread holds a repository handle and a snapshot cache: bounded so memory stays bounded.
    package static let maxJobs = 16

    /// Below this many commits everything is analysed on the calling thread:
    /// opening handles would cost more than it saves (a watcher's usual round).
    static let parallelThreshold = 32

    private let analyzers: [CommitAnalyzer]
    private let isParallel: Bool
    private let keepsStops: Bool

    /// Threads analysing at once.
    package var width: Int { analyzers.count }

    /// A pool for `commits` commits, batches of `batchSize`: up to `jobs`
    /// analysers; a pool of one uses `repository` itself.
    package init(repository: Repository, configOverride: RepositoryConfig?, toolVersion: String, jobs: Int, commits: Int, batchSize: Int,
         keepsStops: Bool = true) throws {
        let threads = min(jobs, (commits + batchSize - 1) / max(1, batchSize))
        self.keepsStops = keepsStops
        isParallel = threads > 1 && commits >= Self.parallelThreshold
        guard isParallel else {
            analyzers = [CommitAnalyzer(repository: repository, configOverride: configOverride, toolVersion: toolVersion,
                                        keepsStops: keepsStops)]
            return
        }
        analyzers = try (0..<threads).map { _ in
            CommitAnalyzer(repository: try Repository.open(path: repository.gitDir),
                           configOverride: configOverride, toolVersion: toolVersion, keepsStops: keepsStops)
        }
    }

    /// Starts analysing `batches`: each thread goes through a contiguous run of them and, when
    /// done, takes another or half of the longest one left (`BatchSchedule`) — no thread waits
    /// for another, and a slow batch does not hold up the others — and at most `lookahead`
    /// batches past the one the caller takes are analysed (memory stays bounded). The caller
    /// takes the results in batch order (`Run.take`) and must `finish` the run before the pool
    /// goes away.
    package func run(_ batches: [ArraySlice<ObjectID>]) -> Run {
        let run = Run(batches: batches, analyzers: analyzers, lookahead: lookahead)
        if isParallel { run.startThreads() }
        return run
    }

    /// Batches analysed ahead of the caller, per thread. Analyses that keep their stops (for
    /// the review site) hold a screen's stops twice per change: a few batches each. Without
    /// them an analysis is its note and its changes, some 2.5 KB, and a thread owns runs of
    /// 8 batches (2,000 commits at the default batch size), so it starts cold (`BatchSchedule`)
    /// once per 2,000 commits. At 16 a thread, the analyses held cost 10 MB more of a
    /// 10,000-commit backfill's peak; at 4, 3 MB less than at 8, and more cold starts
    /// (BENCHMARKS.md, "A long backfill's memory within 128 MB").
    private var lookahead: Int { width * (keepsStops ? 4 : 8) }

    /// Batches being analysed, handed back in order.
    package final class Run: @unchecked Sendable {
        private let batches: [ArraySlice<ObjectID>]
        private let analyzers: [CommitAnalyzer]
        private let condition = Condition()
        // Guarded by `condition`:
        private var schedule: BatchSchedule
        private var results: [Int: BatchResult] = [:]
        private var taken = 0          // batches the caller has taken
        private var stopped = false
        private var running = 0        // threads not yet exited
        private var threaded = false

        fileprivate init(batches: [ArraySlice<ObjectID>], analyzers: [CommitAnalyzer], lookahead: Int) {
            self.batches = batches
            self.analyzers = analyzers
            schedule = BatchSchedule(batches: batches.count, threads: analyzers.count, lookahead: lookahead)
        }

        /// One thread per analyser: its handle is used by that thread alone until it exits.
        fileprivate func startThreads() {
            threaded = true
            running = analyzers.count
            for t in analyzers.indices {
                DetachedThread.start(stackSize: 8 << 20) { [self] in work(t) }
            }
        }

        private func work(_ t: Int) {
            condition.lock()
            while !stopped {
                let step = schedule.next(for: t, taken: taken)
                guard step != .done else { break }
                guard case .analyse(let index) = step else {
                    condition.wait()
                    continue
                }
                // Each batch is handed over as soon as it is done.
                condition.unlock()
                let result = Self.analyse(batches[index], with: analyzers[t])
                condition.lock()
                results[index] = result
                condition.broadcast()
            }
            condition.unlock()
            analyzers[t].releaseCaches()
            condition.lock()
            running -= 1
            condition.broadcast()
            condition.unlock()
        }

        /// The result of batch `index`; batches are taken in order, each once.
        package func take(_ index: Int) -> BatchResult {
            guard threaded else { return Self.analyse(batches[index], with: analyzers[0]) }
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            return handOver(index) ?? .success(Batch())
        }

        /// The result of batch `index` if a thread has finished it already, else nil (always
        /// nil for a pool of one, which analyses when a batch is taken). Taken as `take` does.
        package func takeIfDone(_ index: Int) -> BatchResult? {
            guard threaded else { return nil }
            condition.lock()
            defer { condition.unlock() }
            return handOver(index)
        }

        /// Removes batch `index`'s result, if there is one, and lets the threads go further
        /// ahead. The caller holds `condition`.
        private func handOver(_ index: Int) -> BatchResult? {
            guard let result = results.removeValue(forKey: index) else { return nil }
            taken = index + 1
            condition.broadcast()
            return result
        }

        /// Stops the threads after the batches they are analysing and waits for them to exit.
        package func finish() {
            condition.lock()
            stopped = true
            condition.broadcast()
            while running > 0 { condition.wait() }
            condition.unlock()
        }

        /// A batch, oldest first, planned and read ahead a window at a time (`ReadAhead`).
        private static func analyse(_ batch: ArraySlice<ObjectID>, with analyzer: CommitAnalyzer) -> BatchResult {
            // A commit that fails (an object missing or unreadable) is left without a note and
            // named; the commits after it are analysed as usual.
            var out = Batch()
            out.analyses.reserveCapacity(batch.count)
            var start = batch.startIndex
            while start < batch.endIndex {
                let window = batch[start..<min(start + ReadAhead.window, batch.endIndex)]
                analyzer.readAhead(window)
                for id in window {
                    let began = Date()
                    do {
                        let analysis = try analyzer.analyze(id)
                        out.analyses.append((analysis, Date().timeIntervalSince(began)))
                    } catch {
                        out.failures.append(CommitFailure(commit: id, error: error))
                    }
                }
                start = window.endIndex
            }
            return .success(out)
        }
    }

    /// `commits` cut into contiguous batches of at most `batchSize`, at most `limit` of them.
    package func batches(_ commits: ArraySlice<ObjectID>, batchSize: Int, limit: Int = .max) -> [ArraySlice<ObjectID>] {
        var batches: [ArraySlice<ObjectID>] = []
        var start = commits.startIndex
        while batches.count < limit, start < commits.endIndex {
            let end = min(start + batchSize, commits.endIndex)
            batches.append(commits[start..<end])
            start = end
        }
        return batches
    }
}
