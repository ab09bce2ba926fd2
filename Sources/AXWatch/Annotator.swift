import AXDiff
import AXGit
import AXReport
import Foundation

/// Annotates commits: analyses each, and writes the notes in batches (one
/// notes commit per batch). The note's presence is the only progress record,
/// so a crash loses at most the batch in flight, and a restart redoes it.
///
/// Belongs to one thread, like the `Repository` it uses.
public final class Annotator {
    public struct Options {
        public var notesRef: String
        public var batchSize: Int
        /// `--config FILE`: wins over the configuration committed at each commit.
        public var configOverride: Config?
        public var toolVersion: String

        public init(notesRef: String = Repository.defaultNotesRef, batchSize: Int = 250, configOverride: Config? = nil,
                    toolVersion: String = ReportContext.defaultToolVersion) {
            self.notesRef = notesRef
            self.batchSize = max(1, batchSize)
            self.configOverride = configOverride
            self.toolVersion = toolVersion
        }
    }

    /// Totals over the commits annotated.
    public struct Summary: Sendable, Equatable {
        public var commits = 0
        public var notesWritten = 0
        public var errors = 0
        public var warnings = 0
        public var improvements = 0
        public var unreadable = 0
        public init() {}
    }

    public let repository: Repository
    public let options: Options
    private let analyzer: CommitAnalyzer
    private let writer: NotesWriter

    public init(repository: Repository, options: Options) {
        self.repository = repository
        self.options = options
        analyzer = CommitAnalyzer(repository: repository, configOverride: options.configOverride, toolVersion: options.toolVersion)
        writer = NotesWriter(repository: repository, notesRef: options.notesRef)
    }

    /// Commits reachable from `tips` (and not from `hiding`) that have no note
    /// yet, parents before children.
    ///
    /// - Complexity: O(c log c) in the commits visited; the set of annotated
    ///   commits is read once by walking the notes tree.
    public func pending(tips: [ObjectID], hiding: [ObjectID] = []) throws -> [ObjectID] {
        let annotated = try repository.annotatedCommits(notesRef: options.notesRef)
        return try repository.commits(from: tips, hiding: hiding).filter { !annotated.contains($0) }
    }

    /// Analyses `commits` in order and writes their notes, `batchSize` at a
    /// time. `perBatch` is told about each batch (with each commit's analysis
    /// time) once its notes are written; `shouldStop` is asked between batches
    /// (a signal finishes the batch in flight first).
    @discardableResult
    public func annotate(_ commits: [ObjectID], shouldStop: () -> Bool = { false },
                         perBatch: ([(CommitAnalysis, TimeInterval)]) -> Void = { _ in }) throws -> Summary {
        var summary = Summary()
        var start = 0
        while start < commits.count, !shouldStop() {
            let batch = commits[start..<min(start + options.batchSize, commits.count)]
            start += batch.count
            var analyses: [(CommitAnalysis, TimeInterval)] = []
            for id in batch {
                let began = Date()
                let analysis = try analyzer.analyze(id)
                analyses.append((analysis, Date().timeIntervalSince(began)))
            }
            let result = try writer.write(analyses.map { Note(commit: $0.0.commit.id, text: $0.0.note) })
            summary.notesWritten += result.written.count
            for (analysis, _) in analyses {
                summary.commits += 1
                summary.errors += analysis.report.errors
                summary.warnings += analysis.report.warnings
                summary.improvements += analysis.report.improvements
                summary.unreadable += analysis.unreadable.count
            }
            perBatch(analyses)
        }
        return summary
    }
}
