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

/// Annotates commits: analyses each, and writes the notes in batches (one
/// notes commit per batch). The note's presence is the only progress record,
/// so a crash loses at most the batch in flight, and a restart redoes it.
///
/// Belongs to one thread, like the `Repository` it uses.
package final class Annotator {
    package struct Options {
        package var notesRef: String
        package var batchSize: Int
        /// `--config FILE`: wins over the configuration committed at each commit.
        package var configOverride: RepositoryConfig?
        package var toolVersion: String
        /// Threads analysing commits at once (`--jobs`); each has its own
        /// repository handle. Notes are the same whatever the number.
        package var jobs: Int
        /// Hand the memory a run freed back to the system when it ends (`Allocator`): what a
        /// watcher wants. `axdiff backfill` exits after its run, and purging first would only
        /// delay the exit; its run returns freed pages sooner instead, so that its resident
        /// memory stays at what it uses (`Allocator.returnFreedPagesSooner`).
        package var releasesMemory: Bool
        /// Keep each screen's stops in the analyses `perBatch` is given (`CommitAnalyzer.keepsStops`):
        /// the watcher's review site draws reading orders from them; `axdiff backfill` only counts.
        package var keepsStops: Bool
        /// Hand what a run wrote to git's maintenance when it ends (`finishWriting`). A watcher
        /// gathers its rounds' writes instead (`takeWritten`, `MaintenanceSchedule`).
        package var handsWritesToGit: Bool

        package init(notesRef: String = Repository.defaultNotesRef, batchSize: Int = 250, configOverride: RepositoryConfig? = nil,
                    toolVersion: String = ReportContext.defaultToolVersion, jobs: Int = Options.defaultJobs,
                    releasesMemory: Bool = true, keepsStops: Bool = true, handsWritesToGit: Bool = true) {
            self.notesRef = notesRef
            self.batchSize = max(1, batchSize)
            self.configOverride = configOverride
            self.toolVersion = toolVersion
            self.jobs = min(max(1, jobs), Self.maxJobs)
            self.releasesMemory = releasesMemory
            self.keepsStops = keepsStops
            self.handsWritesToGit = handsWritesToGit
        }

        package static var defaultJobs: Int { AnalyzerPool.defaultJobs }
        package static var maxJobs: Int { AnalyzerPool.maxJobs }
    }

    /// Totals over the commits annotated.
    package struct Summary: Sendable, Equatable {
        package var commits = 0
        package var notesWritten = 0
        package var errors = 0
        package var warnings = 0
        package var improvements = 0
        package var unreadable = 0
        /// Commits that could not be analysed (no note was written for them).
        package var failures: [CommitFailure] = []
        /// Commits of a shallow clone's boundary (their parents are not in the repository):
        /// not analysed, and given no note, so that whoever has the parent — this clone once
        /// it is deepened, a full clone reading the shared notes — annotates them for real.
        package var shallowBoundary: [ObjectID] = []
        package init() {}
    }

    package let repository: Repository
    package let options: Options
    private let writer: NotesWriter
    /// Told what went wrong in git's maintenance after a run (also one whose write failed).
    private let log: (String) -> Void

    package init(repository: Repository, options: Options, log: @escaping (String) -> Void = { _ in }) {
        self.repository = repository
        self.options = options
        self.log = log
        writer = NotesWriter(repository: repository, notesRef: options.notesRef)
        if TestPause.directory != nil { writer.beforeReferenceUpdate = { TestPause.packed(attempt: $0) } }
    }

    /// Commits reachable from `tips` (and not from `hiding`) that have no note
    /// yet, parents before children.
    ///
    /// - Complexity: O(c log c) in the commits visited; the set of annotated
    ///   commits is read once by walking the notes tree — or, for a few
    ///   commits (a watcher's usual round), each is looked up on its own.
    package func pending(tips: [ObjectID], hiding: [ObjectID] = []) throws -> [ObjectID] {
        let commits = try repository.commits(from: tips, hiding: hiding)
        // The walk's memory (libgit2's: 18 MB at 100,000 commits) is freed now, and handed
        // back before the analysis starts: kept for the allocator's tenth of a second, it
        // added up with the analysers' start into a long backfill's peak.
        if commits.count > Self.directLookupLimit { Allocator.releaseFreedPages() }
        // Reading every note to test one new commit made a watcher's round
        // cost O(notes): a direct lookup is a few tree reads.
        if commits.count <= Self.directLookupLimit {
            return try commits.filter { !(try repository.noteExists(for: $0, notesRef: options.notesRef)) }
        }
        let annotated = try repository.annotatedCommits(notesRef: options.notesRef)
        return commits.filter { !annotated.contains($0) }
    }

    static let directLookupLimit = 64

    /// How many analysed commits are written in one notes commit once `written` are: a
    /// batch, and once a run has written four batches, a quarter of what it has written, up
    /// to `maxWriteUnit` (analyses that keep their stops, for the review site, stay at a
    /// batch: they are big).
    ///
    /// Why: every version of a fan-out tree stays in the notes history, and each notes
    /// commit rewrites most of the 256, each holding N/256 notes, so a commit per batch
    /// would make the notes' size grow with the square of their number (BENCHMARKS.md, Left
    /// over). Units growing with what is written keep
    /// the notes commits of a run to a few dozen and their trees in proportion to the
    /// notes. A kill loses at most the unit in flight, which the next run redoes. The cap
    /// keeps what a unit holds (its notes' text) from growing with the history, and a notes
    /// tree large enough to need it is split a level deeper (`NotesTreeBuilder`), so that a
    /// notes commit rewrites small trees.
    package func writeUnit(after written: Int) -> Int {
        Self.writeUnit(after: written, batchSize: options.batchSize, keepsStops: options.keepsStops)
    }

    package static let maxWriteUnit = 1_000

    package static func writeUnit(after written: Int, batchSize: Int, keepsStops: Bool) -> Int {
        keepsStops ? batchSize : max(batchSize, min(written / 4, maxWriteUnit))
    }

    /// The end of a run that wrote with `writer`: what it wrote is handed to git's maintenance
    /// (`GitMaintenance`), and each step that failed is logged.
    package static func finishWriting(_ writer: NotesWriter, log: (String) -> Void) {
        let written = writer.takeWritten()
        handToGit(writer.repository, packs: written.packs, looseObjects: written.looseObjects, log: log)
    }

    /// Hands writes to git's maintenance and logs each step that failed.
    package static func handToGit(_ repository: Repository, packs: Int, looseObjects: Bool, log: (String) -> Void) {
        let failures = GitMaintenance(repository: repository).afterWriting(packs: packs, looseObjects: looseObjects)
        for failure in failures { log(failure) }
    }

    /// What this annotator's runs wrote since it was last asked, when `handsWritesToGit` is off.
    package func takeWritten() -> (packs: Int, looseObjects: Bool) {
        writer.takeWritten()
    }

    /// Analyses `commits` and writes their notes, `batchSize` at a time, in
    /// order. `perBatch` is told about each batch (with each commit's analysis
    /// time) once its notes are written (analyses without their stops: once it is
    /// analysed, see `Options.keepsStops`); `shouldStop` is asked between rounds
    /// (a signal finishes the round in flight first).
    ///
    /// With `jobs` > 1 and enough commits, an `AnalyzerPool` analyses the
    /// batches on threads of its own, each thread going on to its next batch
    /// as soon as it is done, while this thread writes the notes in history
    /// order: the next batch, with the batches after it that are analysed
    /// already, in one notes commit. The pool's handles live for one call, so a
    /// watcher holds none between runs. When `shouldStop` says so, the notes
    /// commit being written is finished and the batches still being analysed
    /// are dropped (their commits have no note, so the next run does them).
    /// A commit that cannot be analysed gets no note and is named in the summary's
    /// `failures`; the others are annotated as usual.
    @discardableResult
    package func annotate(_ commits: [ObjectID], shouldStop: () -> Bool = { false },
                         perBatch: ([(CommitAnalysis, TimeInterval)]) -> Void = { _ in }) throws -> Summary {
        var summary = Summary()
        // A commit whose parent is not here cannot be compared: a note saying so would be taken
        // for its analysis (by a merge of notes, by a later run that skips annotated commits).
        let boundary = try repository.shallowCommits()
        var commits = commits
        if !boundary.isEmpty {
            summary.shallowBoundary = commits.filter { boundary.contains($0) }
            commits.removeAll { boundary.contains($0) }
        }
        // What the run wrote goes to git's maintenance, also when a write failed: the notes
        // published before stay. Unless the process ends with the run, the memory freed by the
        // run goes back to the system, once: handing it back after every round gave back pages
        // the next round faulted in again at once.
        defer {
            if options.handsWritesToGit { Self.finishWriting(writer, log: log) }
            if options.releasesMemory { Allocator.releaseFreedPages() }
        }
        if !options.releasesMemory { Allocator.returnFreedPagesSooner() }
        let pool = try AnalyzerPool(repository: repository, configOverride: options.configOverride, toolVersion: options.toolVersion,
                                    jobs: options.jobs, commits: commits.count, batchSize: options.batchSize,
                                    keepsStops: options.keepsStops)
        let batches = pool.batches(commits[...], batchSize: options.batchSize)
        let run = pool.run(batches)
        // Never leave the pool's threads running, also when a write fails.
        defer { run.finish() }
        // Analysed batches not written yet, in order. Analyses without their stops (a
        // backfill's) are held as their notes only, and counted and reported when taken: a
        // unit of them is thousands of commits.
        var pending: [AnalyzerPool.Batch] = []
        var pendingNotes: [Note] = []
        var pendingCommits = 0
        var written = 0
        func count(_ batch: AnalyzerPool.Batch) {
            summary.failures += batch.failures
            for (analysis, _) in batch.analyses {
                summary.commits += 1
                summary.errors += analysis.report.errors
                summary.warnings += analysis.report.warnings
                summary.improvements += analysis.report.improvements
                summary.unreadable += analysis.unreadable.count
            }
            perBatch(batch.analyses.map { ($0.analysis, $0.seconds) })
        }
        func hold(_ batch: AnalyzerPool.Batch) {
            pendingCommits += batch.analyses.count
            if options.keepsStops {
                pending.append(batch)
            } else {
                pendingNotes += batch.analyses.map { Note(commit: $0.analysis.commit.id, bytes: $0.analysis.noteBytes) }
                count(batch)
            }
        }
        func writePending() throws {
            guard !pending.isEmpty || !pendingNotes.isEmpty else { return }
            let notes = pendingNotes + pending.flatMap(\.analyses).map { Note(commit: $0.analysis.commit.id, bytes: $0.analysis.noteBytes) }
            pendingNotes = []
            let result = try writer.write(notes)
            TestPause.written()
            summary.notesWritten += result.written.count
            written += pendingCommits
            pendingCommits = 0
            for batch in pending { count(batch) }
            pending = []
        }
        var index = 0
        while index < batches.count {
            if shouldStop() { break }
            // The next batch, and those after it that a thread has finished already (one that
            // went through a later part of the history).
            var ready = [run.take(index)]
            while index + ready.count < batches.count, (try? ready.last?.get()) != nil,
                  let next = run.takeIfDone(index + ready.count) {
                ready.append(next)
            }
            index += ready.count
            for case .success(let batch) in ready { hold(batch) }
            // A failed batch, the last one taken, stops the run after the batches before it
            // are written.
            if case .failure(let error)? = ready.last {
                try writePending()
                throw error
            }
            if index == batches.count || pendingCommits >= writeUnit(after: written) {
                try writePending()
            }
        }
        // Stopped: what is analysed already is written, not lost.
        try writePending()
        return summary
    }
}
