import CLibgit2
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
package final class NotesWriter {
    package enum ConflictPolicy: Sendable {
        case keepExisting
        case overwrite
    }

    package let repository: Repository
    package let notesRef: String
    package var conflictPolicy: ConflictPolicy
    /// The message of each notes commit.
    package var message = "Notes added by axdiff\n"
    /// How long to keep retrying while another process holds the ref's lock, in seconds.
    package var lockTimeout: TimeInterval = 10
    /// How many times to rebuild a batch after losing a compare-and-swap before giving up.
    package var maxAttempts = 100

    /// Test hook: called after the batch's commit is built and before the ref is moved,
    /// with the attempt number (1-based). Lets a test move the ref underneath the writer.
    package var beforeReferenceUpdate: ((Int) throws -> Void)?

    /// Builds every batch's tree; keeps the trees of the last one (see `NotesTreeBuilder`).
    private let builder: NotesTreeBuilder
    /// Whether this writer has looked for what killed writers left in `objects/pack/`: once,
    /// before its first pack (a watcher's usual round writes loose objects and reads no
    /// directory).
    private var leftoversRemoved = false
    /// What this writer has written since `takeWritten()` last asked.
    private var packsWritten = 0
    private var wroteLooseObjects = false

    package init(repository: Repository, notesRef: String = Repository.defaultNotesRef, conflictPolicy: ConflictPolicy = .keepExisting) {
        self.repository = repository
        builder = NotesTreeBuilder(repository: repository.handle)
        self.notesRef = notesRef
        self.conflictPolicy = conflictPolicy
    }

    /// Writes `notes` in one notes commit (none if nothing changes). When a commit appears
    /// twice in the batch, its last note wins.
    ///
    /// - Complexity: O(b · s) per attempt for a batch of b notes and fan-out directories of
    ///   s entries; independent of the number of notes outside the touched directories.
    @discardableResult
    package func write(_ notes: [Note]) throws -> NotesWriteResult {
        // The blobs, the trees and the notes commit are written together (see `ObjectBatch`),
        // the blobs again with every attempt: a notes commit rebuilt after a lost
        // compare-and-swap, or while another process held the ref's lock, must not reach
        // blobs that only an earlier, unreachable write holds — git's maintenance may have
        // removed those meanwhile.
        var blobObjects = ObjectBatch()
        var blobs = [ObjectID: ObjectID]()
        for note in notes {
            blobs[note.commit] = try blobObjects.addBlob(note.bytes)
        }
        guard !blobs.isEmpty else {
            return NotesWriteResult(notesCommit: try repository.referenceTarget(notesRef), written: [],
                                    keptExisting: [], unchanged: [], attempts: 0)
        }
        let overwrite = conflictPolicy == .overwrite
        let logMessage = "axdiff: notes for \(blobs.count) commit\(blobs.count == 1 ? "" : "s")"
        return try Self.commitLoop(repository: repository, notesRef: notesRef, lockTimeout: lockTimeout,
                                   maxAttempts: maxAttempts, hook: beforeReferenceUpdate) { tip in
            let baseTree = try tip.map { try repository.treeID(ofCommit: $0) }
            var objects = blobObjects
            let (tree, outcome) = try builder.build(base: baseTree, notes: blobs, overwrite: overwrite, into: &objects)
            guard tree != baseTree else { return (nil, outcome, nil) }
            let commit = try objects.add(GIT_OBJECT_COMMIT,
                                     try repository.commitObject(tree: tree, parents: tip.map { [$0] } ?? [], message: message))
            if objects.count >= ObjectBatch.packThreshold && !leftoversRemoved {
                leftoversRemoved = true
                PackLeftovers.removeAbandoned(in: try PackWriter.packDirectory(of: repository), commonDir: repository.commonDir)
            }
            let written = try objects.write(to: repository)
            if written.pack != nil { packsWritten += 1 } else { wroteLooseObjects = true }
            return (commit, outcome, written)
        } logMessage: {
            logMessage
        }
    }

    /// How many packs this writer has written, and whether it wrote loose objects, since it was
    /// last asked: what the end of a run hands to git's maintenance.
    package func takeWritten() -> (packs: Int, looseObjects: Bool) {
        defer { (packsWritten, wroteLooseObjects) = (0, false) }
        return (packsWritten, wroteLooseObjects)
    }

    /// The read–build–compare-and-swap loop shared by writing and merging notes.
    /// `build(tip)` returns the new notes commit (nil: nothing to change) for the current tip,
    /// and what it wrote for it. Every pack written is held by its `.keep` until the loop ends
    /// (the ref reaches the last one then, or no ref reaches it); loose objects of the commit
    /// published are checked to be there after the ref moved.
    static func commitLoop(repository: Repository, notesRef: String, lockTimeout: TimeInterval, maxAttempts: Int,
                           hook: ((Int) throws -> Void)?,
                           build: (ObjectID?) throws -> (ObjectID?, NotesTreeBuilder.Outcome, ObjectBatch.Written?),
                           logMessage: () -> String) throws -> NotesWriteResult {
        let started = Date()
        var backoff = Backoff()
        var attempt = 0
        var held: [InFlightPack] = []
        defer { for pack in held { pack.release() } }
        // What the last attempt built, tried again as it is while the tip stays where it was
        // (another process holding the ref's lock): one pack per batch, not one per retry.
        var built: (tip: ObjectID?, commit: ObjectID?, outcome: NotesTreeBuilder.Outcome, written: ObjectBatch.Written?)?
        while true {
            attempt += 1
            let tip = try repository.referenceTarget(notesRef)
            if built == nil || built?.tip != tip {
                let (commit, outcome, written) = try build(tip)
                if let pack = written?.pack { held.append(pack) }
                built = (tip, commit, outcome, written)
            }
            guard let current = built else { continue }
            let (outcome, written) = (current.outcome, current.written)
            guard let newCommit = current.commit else {
                return NotesWriteResult(notesCommit: tip, written: outcome.written, keptExisting: outcome.keptExisting,
                                        unchanged: outcome.unchanged, attempts: attempt)
            }
            try hook?(attempt)
            // `git prune` removes unreachable loose objects at once: any gone since they were
            // written (a retry waited behind a lock) are written again.
            try written?.ensureOnDisk(in: repository)
            switch try repository.compareAndSwap(reference: notesRef, to: newCommit, expected: tip, logMessage: logMessage()) {
            case .updated:
                try written?.ensureOnDisk(in: repository)
                return NotesWriteResult(notesCommit: newCommit, written: outcome.written, keptExisting: outcome.keptExisting,
                                        unchanged: outcome.unchanged, attempts: attempt)
            case .raced:
                guard attempt < maxAttempts else {
                    throw GitError(.modified, "notes", "\(notesRef) kept moving; gave up after \(attempt) attempts")
                }
                built = nil
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
