import AXDiff
import AXGit
import AXReport
import AXSnapshot

/// Analyses one commit: the snapshots that changed against its first parent,
/// each read and compared, and the note text.
///
/// Belongs to one thread, like the `Repository` it reads.
package struct CommitAnalyzer {
    package let repository: Repository
    /// `--config FILE`, which wins over the committed configuration.
    package let configOverride: RepositoryConfig?
    package let toolVersion: String
    /// Whether each screen's stops, pairing and moves stay in the report once the note is
    /// written (the review site draws reading orders from them). Without them an analysis is
    /// its note and its changes: a backfill holds a few batches of analyses at once, and
    /// their stops were most of its memory.
    package let keepsStops: Bool
    /// Shared by copies of this analyzer, which stay on its thread.
    private let cache = PreparedVersionCache<ObjectID>()
    private let siblings = SiblingSnapshots()
    private let readAhead = ReadAhead()
    private let configs = ConfigAtCommit.Cache()
    private let snapshotFilter = SnapshotFilter()

    package init(repository: Repository, configOverride: RepositoryConfig? = nil, toolVersion: String = ReportContext.defaultToolVersion,
                keepsStops: Bool = true) {
        self.repository = repository
        self.configOverride = configOverride
        self.toolVersion = toolVersion
        self.keepsStops = keepsStops
    }

    /// - Complexity: proportional to the changed snapshots: the tree diff skips
    ///   unchanged subtrees, and each changed pair is diffed in O(n log n).
    package func analyze(_ id: ObjectID) throws -> CommitAnalysis {
        let info = try repository.commit(id)
        let plan = readAhead.takePlan(id)
        let (config, configProblem) = try plan.map { ($0.config, $0.configProblem) }
            ?? ConfigAtCommit.load(repository, commit: id, override: configOverride, cache: configs)
        var remarks: [String] = []
        if info.isMerge, let parent = info.firstParent {
            remarks.append("merge commit: compared with its first parent \(parent.abbreviated())")
        }
        if let configProblem { remarks.append(configProblem) }
        // A planned commit was found not to be a shallow boundary when it was planned.
        if plan == nil, try repository.shallowCommits().contains(id) {
            // The parent is not in this clone: comparing with nothing would call every screen new.
            remarks.append("shallow clone: the parent of this commit is not in the repository, so it was not compared")
            let report = DiffReport(screens: [], snapshotsCompared: 0, remarks: remarks)
            let context = ReportContext(commit: .init(sha: id.hex, subject: info.summary), toolVersion: toolVersion)
            return CommitAnalysis(commit: info, report: report, noteBytes: Report.text.bytes(report, context), unreadable: [])
        }
        let (changed, renamedFrom) = try pairingRenames(try plan?.changes ?? changedSnapshots(id, config: config), config: config)
        var screens: [ScreenDiff] = []
        var unreadable: [String] = []
        let changedByPath = Dictionary(changed.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var siblingFailure: Error?
        for change in changed {
            // Only a snapshot that does not read is the snapshot's problem, named in the note. An
            // object that cannot be read (missing, a damaged pack, a transient failure) is an
            // error of the commit: no note, and the next run tries again — comparing with
            // nothing would call the screen new.
            var old: PreparedVersion?
            if let blob = change.oldBlob {
                do {
                    old = try prepared(blob, path: change.path, config: config)
                } catch is SnapshotError {
                    // A previous version that does not parse was named unreadable in its own
                    // commit's note; this one is compared with nothing, as a screen that reads again.
                    old = nil
                }
            }
            do {
                // Kept prepared for the path's next change, which diffs against it.
                let new = try change.newBlob.map { try prepared($0, path: change.path, config: config, expectedStops: old?.stops.count) }
                let screen = new?.facts.screen ?? old?.facts.screen ?? SnapshotReader.screenName(for: change.path)
                if config.ignores(screen: screen, path: change.path) { continue }
                let source: LocaleSource?
                do {
                    source = try new.flatMap { try localeSource(for: change.path, locale: $0.facts.locale, commit: id, changed: changedByPath,
                                                                 config: config) }
                } catch {
                    siblingFailure = error
                    break
                }
                screens.append(ScreenDiffer.diff(old: old, new: new, path: change.path,
                                                 policy: config.policy, source: source, renamedFrom: renamedFrom[change.path]))
            } catch let error as SnapshotError {
                let reason = "\(error)"
                unreadable.append(reason)
                screens.append(ScreenDiffer.unreadable(path: change.path, reason: reason, error: error, policy: config.policy))
            }
        }
        if let siblingFailure { throw siblingFailure }
        var report = DiffReport(screens: screens.filter { !$0.changes.isEmpty }, snapshotsCompared: changed.count, remarks: remarks)
        let context = ReportContext(commit: .init(sha: id.hex, subject: info.summary), toolVersion: toolVersion)
        let note = Report.text.bytes(report, context)
        if !keepsStops {
            for i in report.screens.indices {
                report.screens[i].stopsBefore = []
                report.screens[i].stopsAfter = []
                report.screens[i].matchedOld = []
                report.screens[i].moves = []
                report.screens[i].visualMoves = []
            }
        }
        return CommitAnalysis(commit: info, report: report, noteBytes: note, unreadable: unreadable)
    }

    /// Lets go of the versions kept and blobs read ahead (the analyser stays usable). A
    /// pool's thread calls it when it has nothing left to analyse, so that freeing them is
    /// done there, beside the writing of the last notes, rather than after them.
    func releaseCaches() {
        cache.removeAll()
        siblings.removeAll()
        readAhead.clear()
    }

    /// One blob read and prepared (`expectedStops` as `PreparedVersion`), and
    /// kept as `path`'s version for the path's next change; errors name the
    /// path in the repository. Its snapshot is not kept: the node tree goes
    /// once prepared.
    package func prepared(_ blob: ObjectID, path: String, config: RepositoryConfig, expectedStops: Int? = nil) throws -> PreparedVersion {
        // The same path and blob always read the same (`file` names the path).
        if let kept = cache.prepared(path: path, version: blob, limit: config.maxSnapshotBytes) { return kept }
        let bytes: [UInt8]
        do {
            if let early = readAhead.takeBlob(blob), early.count <= config.maxSnapshotBytes {
                bytes = early
            } else {
                bytes = try repository.blob(blob, maxBytes: config.maxSnapshotBytes)
            }
        } catch let e as GitError where e.code == .tooLarge {
            throw tooLarge(path, config)
        }
        return try cache.read(bytes, path: path, version: blob, maxElements: config.maxSnapshotElements, expectedStops: expectedStops)
    }

    /// Reads one blob as a snapshot for a source-locale sibling; errors name the path in the
    /// repository. Kept apart from the versions (`SiblingSnapshots`): the cache holds one
    /// version per path, the one the path's next change diffs against, which a sibling's
    /// read must not replace.
    package func snapshot(_ blob: ObjectID, path: String, config: RepositoryConfig) throws -> Snapshot {
        if let kept = siblings.snapshot(path: path, blob: blob, limit: config.maxSnapshotBytes) { return kept }
        let bytes: [UInt8]
        do {
            bytes = try repository.blob(blob, maxBytes: config.maxSnapshotBytes)
        } catch let e as GitError where e.code == .tooLarge {
            throw tooLarge(path, config)
        }
        let snapshot = try SnapshotReader.read(bytes, file: path, maxElements: config.maxSnapshotElements)
        siblings.keep(snapshot, path: path, blob: blob, size: bytes.count)
        return snapshot
    }

    /// How many source-locale siblings are kept (`snapshot`).
    var siblingsKept: Int { siblings.count }

    private func tooLarge(_ path: String, _ config: RepositoryConfig) -> SnapshotError {
        SnapshotError(file: path, message: "larger than the \(config.maxSnapshotBytes)-byte limit (maxSnapshotBytes)")
    }

    /// The snapshot files `commit` changed, by the configuration at that commit.
    private func changedSnapshots(_ commit: ObjectID, config: RepositoryConfig) throws -> [TreeChange] {
        try snapshotFilter.changes(in: commit, of: repository, config: config)
    }

    /// Plans `commits` (the next few to analyse, in history order) and reads their snapshot
    /// blobs newest first (see `ReadAhead`); `analyze` then takes what was read. A blob
    /// already kept prepared, or the new side of an earlier commit of the run, is
    /// not read; one that fails to read is left to `analyze`, which reports it.
    func readAhead(_ commits: ArraySlice<ObjectID>) {
        readAhead.clear()
        var plans: [(ObjectID, ReadAhead.Plan)] = []
        var produced = Set<ObjectID>()
        var wanted: [(blob: ObjectID, limit: Int)] = []
        // One read of `shallow` per window; unreadable, nothing is planned and `analyze` says why.
        guard let shallow = try? repository.shallowCommits() else { return }
        for id in commits {
            // One that fails is left to `analyze`, which reports it.
            guard let (config, problem) = try? ConfigAtCommit.load(repository, commit: id, override: configOverride, cache: configs),
                  !shallow.contains(id),
                  let changes = try? changedSnapshots(id, config: config) else { continue }
            plans.append((id, ReadAhead.Plan(config: config, configProblem: problem, changes: changes)))
            for change in changes {
                if let old = change.oldBlob, !produced.contains(old),
                   cache.prepared(path: change.path, version: old, limit: config.maxSnapshotBytes) == nil {
                    wanted.append((old, config.maxSnapshotBytes))
                }
                if let new = change.newBlob {
                    wanted.append((new, config.maxSnapshotBytes))
                    produced.insert(new)
                }
            }
        }
        for (id, plan) in plans { readAhead.store(plan, for: id) }
        for (blob, limit) in wanted.reversed() {
            guard let bytes = try? repository.blob(blob, maxBytes: limit), readAhead.store(bytes, for: blob) else { continue }
        }
    }
}
