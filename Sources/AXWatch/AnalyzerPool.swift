import AXDiff
import AXGit
import Foundation

/// Analyses runs of commits on several threads at once, one analyser (with
/// its own repository handle: libgit2 handles are per thread) per thread.
/// Commits are independent, so the results are those of one thread.
///
/// Work comes in contiguous runs of history ("batches"), one per thread, so
/// each analyser's snapshot cache still sees a path's versions in order: the
/// old side of a change is the new side of that path's previous change.
///
/// A parallel pool analyses a round on threads of its own, each on a handle
/// of its own, so the caller's thread — and its repository handle — are free
/// to write the previous round's notes meanwhile. A pool of one analyses on
/// the caller's thread and handle.
///
/// Belongs to one thread; the handles it opened live as long as the pool.
final class AnalyzerPool {
    typealias Timed = (analysis: CommitAnalysis, seconds: TimeInterval)

    /// Below this many commits everything is analysed on the calling thread:
    /// opening handles would cost more than it saves (a watcher's usual round).
    static let parallelThreshold = 32

    private let analyzers: [CommitAnalyzer]
    private let isParallel: Bool

    /// Batches analysed at once.
    var width: Int { analyzers.count }

    /// A pool for `commits` commits, batches of `batchSize`: up to `jobs`
    /// analysers; a pool of one uses `repository` itself.
    init(repository: Repository, configOverride: Config?, toolVersion: String, jobs: Int, commits: Int, batchSize: Int) throws {
        let threads = min(jobs, (commits + batchSize - 1) / max(1, batchSize))
        isParallel = threads > 1 && commits >= Self.parallelThreshold
        guard isParallel else {
            analyzers = [CommitAnalyzer(repository: repository, configOverride: configOverride, toolVersion: toolVersion)]
            return
        }
        analyzers = try (0..<threads).map { _ in
            CommitAnalyzer(repository: try Repository.open(path: repository.gitDir),
                           configOverride: configOverride, toolVersion: toolVersion)
        }
    }

    /// A round of batches being analysed.
    final class Round: @unchecked Sendable {
        fileprivate let group = DispatchGroup()
        fileprivate let slots: ResultSlots<Result<[Timed], Error>>

        fileprivate init(count: Int) {
            slots = ResultSlots(count: count)
        }

        /// Waits for the round; the results in batch order, each batch's
        /// commits in order, with each commit's analysis time.
        func wait() -> [Result<[Timed], Error>] {
            group.wait()
            return slots.values
        }
    }

    /// Starts analysing batch `i` with analyser `i` (at most `width` batches)
    /// and returns at once when the pool is parallel; a pool of one has
    /// finished the round when this returns. Every round must be waited for
    /// before the pool goes away.
    func start(_ batches: [ArraySlice<ObjectID>]) -> Round {
        precondition(batches.count <= width, "more batches than analysers")
        let round = Round(count: batches.count)
        let jobs = batches.indices.map { Job(analyzer: analyzers[$0], batch: batches[$0]) }
        guard isParallel else {
            for (i, job) in jobs.enumerated() { round.slots.set(i, job.run()) }
            return round
        }
        // A thread per batch, started here: a Dispatch queue ran the two batches one
        // after the other while the caller's thread was writing notes.
        for (i, job) in jobs.enumerated() {
            round.group.enter()
            let thread = Thread {
                round.slots.set(i, job.run())
                round.group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        return round
    }

    /// One analyser and its batch, handed to one thread: the analyser (and its repository
    /// handle) is used by that thread alone until the round has been waited for.
    private final class Job: @unchecked Sendable {
        let analyzer: CommitAnalyzer
        let batch: ArraySlice<ObjectID>

        init(analyzer: CommitAnalyzer, batch: ArraySlice<ObjectID>) {
            self.analyzer = analyzer
            self.batch = batch
        }

        func run() -> Result<[Timed], Error> {
            Result {
                try batch.map { id in
                    let began = Date()
                    let analysis = try analyzer.analyze(id)
                    return (analysis, Date().timeIntervalSince(began))
                }
            }
        }
    }

    /// Analyses a round and waits for it.
    func analyze(_ batches: [ArraySlice<ObjectID>]) -> [Result<[Timed], Error>] {
        start(batches).wait()
    }

    /// `commits` cut into at most `width` contiguous batches of at most `batchSize`.
    func batches(_ commits: ArraySlice<ObjectID>, batchSize: Int) -> [ArraySlice<ObjectID>] {
        var batches: [ArraySlice<ObjectID>] = []
        var start = commits.startIndex
        while batches.count < width, start < commits.endIndex {
            let end = min(start + batchSize, commits.endIndex)
            batches.append(commits[start..<end])
            start = end
        }
        return batches
    }
}
