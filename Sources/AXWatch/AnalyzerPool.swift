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
/// Belongs to one thread, like the repository of its first analyser; the
/// other handles live as long as the pool.
final class AnalyzerPool {
    typealias Timed = (analysis: CommitAnalysis, seconds: TimeInterval)

    /// Below this many commits everything is analysed on the calling thread:
    /// opening handles would cost more than it saves (a watcher's usual round).
    static let parallelThreshold = 32

    private let analyzers: [CommitAnalyzer]

    /// Batches analysed at once.
    var width: Int { analyzers.count }

    /// A pool for `commits` commits, batches of `batchSize`: up to `jobs`
    /// analysers, the first on `repository` itself.
    init(repository: Repository, configOverride: Config?, toolVersion: String, jobs: Int, commits: Int, batchSize: Int) throws {
        let first = CommitAnalyzer(repository: repository, configOverride: configOverride, toolVersion: toolVersion)
        let threads = min(jobs, (commits + batchSize - 1) / max(1, batchSize))
        guard threads > 1, commits >= Self.parallelThreshold else {
            analyzers = [first]
            return
        }
        analyzers = [first] + (try (1..<threads).map { _ in
            CommitAnalyzer(repository: try Repository.open(path: repository.gitDir),
                           configOverride: configOverride, toolVersion: toolVersion)
        })
    }

    /// Batch `i` is analysed by analyser `i`, all at once (at most `width`
    /// batches); the results come back in batch order, each batch's commits
    /// in order, with each commit's analysis time.
    func analyze(_ batches: [ArraySlice<ObjectID>]) -> [Result<[Timed], Error>] {
        precondition(batches.count <= width, "more batches than analysers")
        func run(_ i: Int) -> Result<[Timed], Error> {
            Result {
                try batches[i].map { id in
                    let began = Date()
                    let analysis = try analyzers[i].analyze(id)
                    return (analysis, Date().timeIntervalSince(began))
                }
            }
        }
        if batches.count == 1 { return [run(0)] }
        let results = ResultSlots<Result<[Timed], Error>>(count: batches.count)
        DispatchQueue.concurrentPerform(iterations: batches.count) { i in results.set(i, run(i)) }
        return results.values
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
