import CLibgit2
import Foundation

/// Writes many notes in one notes commit, safely against concurrent writers.
///
/// Each `write(_:)` builds one new notes tree (fan-out `ab/cdef…`, see `NotesTreeBuilder`)
/// on top of the current notes commit, commits it with that commit as parent, and moves the
/// notes ref by compare-and-swap. When the ref moved meanwhile (another watcher, `git notes
/// add`, a fetch), the batch is rebuilt on the new tip and tried again, so no one's notes are
/// lost. When the ref is locked by another process, the writer backs off with jitter and
/// retries until `lockTimeout`; it never removes a lock file held by a live process (a lock
/// left by a killed axdiff is taken over, see `RefLockOwner`).
///
/// A commit that already has a *different* note — whether it was there before or was written
/// by someone else while this batch was being built — keeps that note under
/// `.keepExisting` (the default: every note is deterministic, so the other one was written by a
/// watcher that analysed the same commit, or by a human who meant it), and gets ours under
/// `.overwrite` (re-analysis).
///
/// libgit2's own note-writing API is deliberately not used (a project check enforces it): it
/// rewrites the whole flat notes tree for every note and moves the ref without compare-and-swap.
///
/// Like `Repository`, a writer belongs to one thread.
public final class NotesWriter {
    public enum ConflictPolicy: Sendable {
        case keepExisting
        case overwrite
    }

    public let repository: Repository
    public let notesRef: String
    public var conflictPolicy: ConflictPolicy
    /// The message of each notes commit.
    public var message = "Notes added by axdiff\n"
    /// How long to keep retrying while another process holds the ref's lock, in seconds.
    public var lockTimeout: TimeInterval = 10
    /// How many times to rebuild a batch after losing a compare-and-swap before giving up.
    public var maxAttempts = 100

    /// Test hook: called after the batch's commit is built and before the ref is moved,
    /// with the attempt number (1-based). Lets a test move the ref underneath the writer.
    package var beforeReferenceUpdate: ((Int) throws -> Void)?

    /// Builds every batch's tree; keeps the trees of the last one (see `NotesTreeBuilder`).
    private let builder: NotesTreeBuilder
    /// The packs written and not merged yet, as a killed run leaves them (see `PackLedger`).
    private let ledger: PackLedger?

    public init(repository: Repository, notesRef: String = Repository.defaultNotesRef, conflictPolicy: ConflictPolicy = .keepExisting) {
        self.repository = repository
        builder = NotesTreeBuilder(repository: repository.handle)
        ledger = (try? repository.objectsDirectory()).map { PackLedger(commonDir: repository.commonDir, objectsDirectory: $0) }
        self.notesRef = notesRef
        self.conflictPolicy = conflictPolicy
    }

    /// Writes `notes` in one notes commit (none if nothing changes). When a commit appears
    /// twice in the batch, its last note wins.
    ///
    /// - Complexity: O(b · s) per attempt for a batch of b notes and fan-out directories of
    ///   s entries; independent of the number of notes outside the touched directories.
    @discardableResult
    public func write(_ notes: [Note]) throws -> NotesWriteResult {
        // The blobs, the trees and the notes commit are written together (see `ObjectBatch`):
        // the blobs with the first attempt, and a retry after a lost compare-and-swap writes
        // only its trees and commit.
        var blobObjects = ObjectBatch()
        var blobs = [ObjectID: ObjectID]()
        for note in notes {
            blobs[note.commit] = blobObjects.addBlob(Array(note.text.utf8))
        }
        guard !blobs.isEmpty else {
            return NotesWriteResult(notesCommit: try repository.referenceTarget(notesRef), written: [],
                                    keptExisting: [], unchanged: [], attempts: 0)
        }
        let overwrite = conflictPolicy == .overwrite
        let logMessage = "axdiff: notes for \(blobs.count) commit\(blobs.count == 1 ? "" : "s")"
        var written: [String] = []
        defer { keep(packs: written) }
        return try Self.commitLoop(repository: repository, notesRef: notesRef, lockTimeout: lockTimeout,
                                   maxAttempts: maxAttempts, hook: beforeReferenceUpdate) { tip in
            let baseTree = try tip.map { try repository.treeID(ofCommit: $0) }
            var objects = blobObjects
            let (tree, outcome) = try builder.build(base: baseTree, notes: blobs, overwrite: overwrite, into: &objects)
            guard tree != baseTree else { return (nil, outcome) }
            let commit = objects.add(GIT_OBJECT_COMMIT,
                                     try repository.commitObject(tree: tree, parents: tip.map { [$0] } ?? [], message: message))
            // Listed before its files are in place: a kill from there on leaves it to the next run.
            if let pack = try objects.write(to: repository, naming: list) { written.append(pack) }
            blobObjects = ObjectBatch()
            return (commit, outcome)
        } logMessage: {
            logMessage
        }
    }

    /// Packs this writer wrote (a batch of notes, or a merge of such packs) and their merge level.
    private var packs: [(name: String, level: Int)] = []
    /// How many packs of one level are merged into one of the next level: a run of b batches
    /// keeps at most 31 packs per level (git's own `gc --auto` starts at 50) and copies each
    /// object log₃₂(b) times; a 5,000-commit backfill (20 batches) merges once, at its end.
    static let mergeFanIn = 32

    /// Notes the packs a write produced and merges the newest when 32 of a level are there.
    /// A merge that fails leaves the packs as they are — the notes are in them — and is not
    /// the write's failure: the notes ref has moved already.
    private func keep(packs names: [String]) {
        packs += names.map { ($0, 0) }
        while let level = packs.last?.level {
            let run = packs.reversed().prefix { $0.level == level }.count
            guard run >= Self.mergeFanIn else { break }
            let names = packs.suffix(run).map(\.name)
            packs.removeLast(run)
            guard let merged = try? PackMerger.merge(names, in: repository, naming: list) else { break }
            packs.append((merged, level + 1))
        }
    }

    /// Merges every pack this writer has written, and those a killed run left listed in the
    /// ledger, into one. The annotator calls it at the end of a run, so a backfill leaves one
    /// pack of notes behind, and the next run after a killed one tidies up after it.
    public func consolidatePacks() throws {
        // A watcher's usual round writes loose objects and lists nothing: no directory read.
        guard let ledger, !packs.isEmpty || ledger.hasEntries else { return }
        ledger.removeAbandonedFiles()
        let own = packs.map(\.name)
        let leftovers = ledger.existing().filter { !own.contains($0) }
        let names = own + leftovers
        // The pack that remains is the run's result, not a batch to merge again; packs the
        // merger leaves alone (one holding deltas is not ours) are not offered to it again.
        // A merge that fails keeps them listed for the next run.
        guard names.count > 1 else {
            ledger.remove(Set(names))
            return
        }
        let level = packs.map(\.level).max() ?? 0
        packs = []
        let merged = try PackMerger.merge(names, in: repository, naming: list)
        if let merged { packs = [(merged, level + 1)] }
        ledger.remove(Set(names + (merged.map { [$0] } ?? [])))
    }

    /// Lists a pack about to be written in the ledger.
    private func list(_ name: String) {
        ledger?.add([name])
    }

    /// The read–build–compare-and-swap loop shared by writing and merging notes.
    /// `build(tip)` returns the new notes commit (nil: nothing to change) for the current tip.
    static func commitLoop(repository: Repository, notesRef: String, lockTimeout: TimeInterval, maxAttempts: Int,
                           hook: ((Int) throws -> Void)?,
                           build: (ObjectID?) throws -> (ObjectID?, NotesTreeBuilder.Outcome),
                           logMessage: () -> String) throws -> NotesWriteResult {
        let started = Date()
        var backoff = Backoff()
        var attempt = 0
        while true {
            attempt += 1
            let tip = try repository.referenceTarget(notesRef)
            let (newCommit, outcome) = try build(tip)
            guard let newCommit else {
                return NotesWriteResult(notesCommit: tip, written: outcome.written, keptExisting: outcome.keptExisting,
                                        unchanged: outcome.unchanged, attempts: attempt)
            }
            try hook?(attempt)
            switch try repository.compareAndSwap(reference: notesRef, to: newCommit, expected: tip, logMessage: logMessage()) {
            case .updated:
                return NotesWriteResult(notesCommit: newCommit, written: outcome.written, keptExisting: outcome.keptExisting,
                                        unchanged: outcome.unchanged, attempts: attempt)
            case .raced:
                guard attempt < maxAttempts else {
                    throw GitError(.modified, "notes", "\(notesRef) kept moving; gave up after \(attempt) attempts")
                }
                // Heavy contention: spread the writers out a little.
                if attempt > 2 { backoff.sleep() }
            case .locked(let error):
                guard Date().timeIntervalSince(started) < lockTimeout else {
                    throw GitError(.locked, "notes", "\(notesRef) is locked by another process (\(error.message)); "
                                   + "gave up after \(Int(lockTimeout)) s")
                }
                backoff.sleep()
            }
        }
    }
}
