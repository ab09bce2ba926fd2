import AXDiff
import AXGit
import AXHistory
import AXReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// Builds and updates the static review site of `axdiff html` and
/// `axdiff watch --html`: `index.html`, `commits/<sha>.html` and
/// `screens/<slug>.html`, rendered by AXReport's pure page renderers.
///
/// What the index and the screen pages need from old commits — each commit's
/// counts and each screen's trend points — is kept in `.axdiff-site.json` in
/// the site's folder (sorted keys), so an update analyses only the commits the
/// site does not have yet: it walks the history (ids only, no analysis) to
/// learn the order and which commits are gone, writes the new commits' pages,
/// rewrites the pages of the screens they touched and the index, and deletes
/// the pages of commits no longer reachable. A page whose bytes would not
/// change is not rewritten; every file is replaced atomically, so a web server
/// never serves half a page.
///
/// Belongs to one thread, like the `Repository` it is given.
package final class SiteBuilder {
    package struct Options {
        /// The site's folder (`--out DIR`, `--html DIR`).
        package var directory: String
        /// `--config FILE`: wins over the configuration committed at each commit.
        package var configOverride: RepositoryConfig?
        package var toolVersion: String
        /// The name in page titles; by default the repository's folder name.
        package var title: String?
        /// Threads analysing commits at once, as for the notes.
        package var jobs: Int
        /// Commits analysed per thread and round.
        package var batchSize: Int
        /// A branch's verdict against the base branch, as `axdiff check` gives it (`Gate.branchVerdict`):
        /// the site shows the gate's verdicts, and the gate is the caller's.
        package var branches: BranchJudge

        package init(directory: String, configOverride: RepositoryConfig? = nil,
                    toolVersion: String = ReportContext.defaultToolVersion, title: String? = nil,
                    jobs: Int = AnalyzerPool.defaultJobs, batchSize: Int = 250, branches: @escaping BranchJudge) {
            self.directory = directory
            self.configOverride = configOverride
            self.toolVersion = toolVersion
            self.title = title
            self.jobs = min(max(1, jobs), AnalyzerPool.maxJobs)
            self.batchSize = max(1, batchSize)
            self.branches = branches
        }
    }

    /// A branch's verdict: its name and tip, the base branch's ref, `--config FILE`.
    package typealias BranchJudge = (_ repository: Repository, _ name: String, _ tip: ObjectID, _ baseRef: String,
                                     _ configOverride: RepositoryConfig?) throws -> BranchVerdict

    /// What a build or an update did.
    package struct Summary: Sendable, Equatable {
        /// Commits on the site after the run.
        package var commits = 0
        package var screens = 0
        /// Commits analysed by this run (not counting analyses it was given).
        package var analysed = 0
        package var pagesWritten = 0
        var pagesUnchanged = 0
        package var pagesRemoved = 0
        package init() {}
    }

    /// The file that keeps per-commit counts and per-screen trend points.
    static let stateFileName = ".axdiff-site.json"

    package let options: Options
    private var cached: SiteState?

    package init(options: Options) {
        self.options = options
    }

    /// `axdiff html`: the site of `commits` (oldest first, as the history
    /// walk gives them), from scratch. Pages of an earlier build that the new
    /// site does not have are deleted.
    ///
    /// - Parameter progress: told how many commits are done.
    /// - Complexity: one analysis per commit, plus O(p) per screen with p points.
    @discardableResult
    package func build(_ repository: Repository, commits: [ObjectID], progress: (Int) -> Void = { _ in }) throws -> Summary {
        try sync(repository, walk: commits, previous: SiteState.empty(toolVersion: options.toolVersion), given: [:],
                 include: { _ in true }, fresh: true, progress: progress)
    }

    /// `axdiff watch --html`: brings the site up to date with the watched
    /// refs. `analyses` are commits the watcher has just analysed (they are
    /// not analysed again); other commits the site lacks are analysed, unless
    /// `onlyAnnotated` is set, in which case commits without a note are left
    /// for the watcher to bring.
    @discardableResult
    package func update(_ repository: Repository, analyses: [CommitAnalysis], onlyAnnotated: Bool = false) throws -> Summary {
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let tips = try repository.references(matching: settings.watchRefs).map(\.commit).sorted()
        let walk = tips.isEmpty ? [] : try repository.commits(from: tips)
        let given = Dictionary(analyses.map { ($0.commit.id, $0) }, uniquingKeysWith: { _, last in last })
        var include: (ObjectID) -> Bool = { _ in true }
        if onlyAnnotated {
            let annotated = try repository.annotatedCommits(notesRef: settings.notesRef)
            include = { annotated.contains($0) }
        }
        var previous = cached ?? SiteState.load(directory: options.directory)
        // A site written by another axdiff version is rebuilt: its pages may differ.
        if previous?.toolVersion != options.toolVersion || previous?.format != SiteState.currentFormat { previous = nil }
        return try sync(repository, walk: walk, previous: previous ?? SiteState.empty(toolVersion: options.toolVersion),
                        given: given, include: include, fresh: previous == nil, progress: { _ in })
    }

    /// The one path for both: keep what the previous state knows of commits
    /// still in `walk`, analyse and render the rest, drop what is gone.
    ///
    /// - Parameter fresh: nothing is known from before: every screen page is
    ///   written, and — when the folder holds a site axdiff wrote (it has the
    ///   state file) — pages the new site does not have are deleted. A folder
    ///   without the state file is never cleaned: it may hold someone's files.
    private func sync(_ repository: Repository, walk: [ObjectID], previous: SiteState, given: [ObjectID: CommitAnalysis],
                      include: (ObjectID) -> Bool, fresh: Bool, progress: (Int) -> Void) throws -> Summary {
        let files = SiteFiles(directory: options.directory)
        let ownsPages = files.hasState
        try files.prepare()
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let site = SiteInfo(title: options.title ?? Self.defaultTitle(repository), baseBranch: settings.baseBranch,
                            toolVersion: options.toolVersion)
        var summary = Summary()

        let known = Dictionary(previous.commits.map { ($0.sha, $0) }, uniquingKeysWith: { first, _ in first })
        var commits: [SiteCommitSummary] = []
        var newPoints: [String: [(String, TrendPoint)]] = [:]   // path → (screen name, point)
        // path → its latest analysed diffs, newest last, at most `ScreenPage.historyLimit`: the screen page's wireframes.
        var recent: [String: [(position: Int, sha: String, screen: ScreenDiff)]] = [:]
        var affected = Set<String>()
        var seen = Set<String>()
        func lacks(_ id: ObjectID) -> Bool { known[id.hex] == nil && given[id] == nil && include(id) }
        // Sized by the commits to analyse: a watcher's update opens no extra handle for a few.
        let pool = try AnalyzerPool(repository: repository, configOverride: options.configOverride, toolVersion: options.toolVersion,
                                    jobs: options.jobs, commits: walk.reduce(0) { $0 + (lacks($1) ? 1 : 0) }, batchSize: options.batchSize)
        var analysed: [ObjectID: CommitAnalysis] = [:]
        var pages: [(sha: String, commit: SiteCommit)] = []
        // The walk goes in rounds of `roundSize` commits: what the site lacks in a round is
        // analysed at once on the pool's threads — the next round while this one's pages are
        // rendered and written, so neither waits for the other.
        let roundSize = pool.width * options.batchSize
        func startRound(at n: Int) -> Analysis? {
            guard n < walk.count else { return nil }
            var queued = Set<ObjectID>()
            let lacking = walk[n..<min(n + roundSize, walk.count)].filter { lacks($0) && queued.insert($0).inserted }
            return Analysis(lacking, pool)
        }
        var next = startRound(at: 0)
        // Never leave the pool's threads running, also when a page cannot be written.
        defer { next?.run.finish() }
        for (n, id) in walk.enumerated() {
            if n % roundSize == 0 {
                // The round before is written first: its pages, on as many threads as the pool has.
                try write(&pages, site: site, files: files, threads: pool.width, &summary)
                analysed = try next?.results(&summary) ?? [:]
                next = startRound(at: n + roundSize)
            }
            let sha = id.hex
            guard seen.insert(sha).inserted else { continue }
            let analysis = given[id] ?? analysed[id]
            if let old = known[sha] {
                commits.append(old)
            } else if let analysis {
                let commit = SiteCommit(sha: sha, subject: analysis.commit.summary, author: analysis.commit.authorName,
                                        date: analysis.commit.authorTime, report: analysis.report)
                commits.append(commit.summary)
                pages.append((sha, commit))
                for screen in analysis.report.screens {
                    newPoints[screen.path, default: []].append((screen.screen, TrendPoint(commit: commit, screen: screen)))
                    // Kept by its place in `commits` (as `position` below), the latest `historyLimit` only.
                    Self.keep((commits.count - 1, sha, screen), in: &recent[screen.path, default: []])
                    affected.insert(screen.path)
                }
            } else {
                seen.remove(sha)
            }
            progress(n + 1)
        }
        try write(&pages, site: site, files: files, threads: pool.width, &summary)

        // Commits the site had that are no longer in the walk.
        for sha in known.keys.sorted() where !seen.contains(sha) {
            try count(removed: files.remove("commits/\(sha).html"), &summary)
        }
        let position = Dictionary(commits.enumerated().map { ($0.element.sha, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var screens: [String: ScreenTrend] = [:]
        for trend in previous.screens {
            let kept = trend.points.filter { position[$0.sha] != nil }
            if kept.count != trend.points.count { affected.insert(trend.path) }
            screens[trend.path] = ScreenTrend(path: trend.path, screen: trend.screen, points: kept)
        }
        for (path, additions) in newPoints {
            var trend = screens[path] ?? ScreenTrend(path: path, screen: additions.first?.0 ?? path, points: [])
            trend.points += additions.map(\.1)
            trend.points.sort { (position[$0.sha] ?? 0) < (position[$1.sha] ?? 0) }
            if let newest = additions.max(by: { (position[$0.1.sha] ?? 0) < (position[$1.1.sha] ?? 0) }),
               trend.points.last?.sha == newest.1.sha {
                trend.screen = newest.0
            }
            screens[path] = trend
        }
        let subjects = Dictionary(commits.map { ($0.sha, $0.subject) }, uniquingKeysWith: { a, _ in a })
        var trends: [ScreenTrend] = []
        for path in screens.keys.sorted() {
            guard let trend = screens[path] else { continue }
            if trend.points.isEmpty {
                try count(removed: files.remove("screens/\(trend.slug).html"), &summary)
                continue
            }
            trends.append(trend)
            if affected.contains(path) || fresh {
                let history = try screenHistory(trend, analysed: recent[path] ?? [], repository)
                let newest = history.first.flatMap { $0.sha == trend.points.last?.sha ? $0.screen : nil }
                try count(files.write(ScreenPage.render(trend, subjects: subjects, site: site, continues: lineage(trend, repository),
                                                        latest: newest, history: history),
                                      to: "screens/\(trend.slug).html"), &summary)
            }
        }

        let branches = try branchVerdicts(repository)
        try count(files.write(SiteIndexPage.render(commits: commits, screens: trends, branches: branches, site: site),
                              to: "index.html"), &summary)
        let state = SiteState(format: SiteState.currentFormat, toolVersion: options.toolVersion, commits: commits,
                              screens: trends, branches: branches)
        try files.writeState(state)
        cached = state
        if fresh && ownsPages {
            let keep = Set(commits.map { "commits/\($0.sha).html" } + trends.map { "screens/\($0.slug).html" })
            summary.pagesRemoved += try files.removePages(except: keep)
        }
        summary.commits = commits.count
        summary.screens = trends.count
        return summary
    }

    /// Renders the commit pages of a round on `threads` threads, writes them on this one, and
    /// empties `pages`.
    ///
    /// Why: rendering a page is a function of its commit alone, so the pages render in
    /// parallel; on one thread, rendering them left the other core idle for as long as the
    /// round's analysis had taken. Files are created on one thread: two threads creating
    /// files in one folder wait on the folder's lock, and on a file system slow to allocate
    /// inodes they spin on it.
    /// The next round is being analysed meanwhile. A failure reports the first failing page.
    ///
    /// - Complexity: O(p) in the pages' sizes.
    private func write(_ pages: inout [(sha: String, commit: SiteCommit)], site: SiteInfo, files: SiteFiles, threads: Int,
                       _ summary: inout Summary) throws {
        guard !pages.isEmpty else { return }
        let work = pages
        pages = []
        let rendered = ResultSlots<String>(count: work.count)
        // Eight pages per item, handed to whichever thread is free: pages differ in size.
        let chunk = threads > 1 ? 8 : work.count
        DispatchQueue.concurrentPerform(iterations: (work.count + chunk - 1) / chunk) { part in
            for i in part * chunk..<min(work.count, (part + 1) * chunk) {
                rendered.set(i, CommitPage.render(work[i].commit, site: site))
            }
        }
        for (page, text) in zip(work, rendered.values) {
            try count(files.write(text, to: "commits/\(page.sha).html"), &summary)
        }
    }

    /// One round's commits being analysed: contiguous in history, so each thread's snapshot
    /// cache sees a path's versions in order, and split evenly over the pool's threads.
    private struct Analysis {
        let run: AnalyzerPool.Run
        let batches: Int
        let commits: Int

        init(_ ids: [ObjectID], _ pool: AnalyzerPool) {
            let perThread = max(1, (ids.count + pool.width - 1) / pool.width)
            let batches = pool.batches(ids[...], batchSize: perThread, limit: pool.width)
            run = pool.run(batches)
            self.batches = batches.count
            commits = ids.count
        }

        /// Waits for the round and returns its analyses by commit.
        func results(_ summary: inout Summary) throws -> [ObjectID: CommitAnalysis] {
            defer { run.finish() }
            var byID: [ObjectID: CommitAnalysis] = [:]
            for index in 0..<batches {
                let batch = try run.take(index).get()
                if let failure = batch.failures.first { throw failure }
                for (analysis, _) in batch.analyses { byID[analysis.commit.id] = analysis }
            }
            summary.analysed += commits
            return byID
        }
    }

    private func count(_ written: Bool, _ summary: inout Summary) {
        if written { summary.pagesWritten += 1 } else { summary.pagesUnchanged += 1 }
    }

    private func count(removed: Bool, _ summary: inout Summary) {
        if removed { summary.pagesRemoved += 1 }
    }

    /// The repository's folder name (`shop-app`), or the bare repository's (`shop-app.git` → `shop-app`).
    static func defaultTitle(_ repository: Repository) -> String {
        var path = repository.workdir ?? repository.gitDir
        while path.hasSuffix("/") { path.removeLast() }
        if repository.workdir == nil, path.hasSuffix("/.git") { path.removeLast(5) }
        var name = FilePath.lastComponent(path)
        if name.hasSuffix(".git"), name.count > 4 { name.removeLast(4) }
        return name.isEmpty ? "repository" : name
    }
}
