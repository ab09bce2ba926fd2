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

/// The result of one compare-and-swap attempt on a reference.
enum ReferenceUpdate {
    case updated
    /// Someone else moved (or created, or deleted) the reference first.
    case raced
    /// Another process holds `<ref>.lock`; only one left by a dead axdiff is ever removed (`RefLockOwner`).
    case locked(GitError)
}

extension Repository {
    /// Moves `name` to `new` only if it still points at `expected` (nil: only if it does not exist).
    ///
    /// The ref's lock is taken first (`<ref>.lock`, created exclusively, as git does); under
    /// it the ref is read again and compared, so this is a true compare-and-swap against git
    /// and other libgit2 writers. While the lock is held a marker names it as this process's
    /// (`RefLockOwner`), and the lock gets the repository's shared permissions, which the ref
    /// keeps once the lock is renamed into place.
    func compareAndSwap(reference name: String, to new: ObjectID, expected: ObjectID?, logMessage: String) throws -> ReferenceUpdate {
        let owner = RefLockOwner(commonDir: commonDir, reference: name)
        var transaction: OpaquePointer?
        try check(git_transaction_new(&transaction, handle), "git_transaction_new")
        // Frees the lock (removes `<ref>.lock`) when the transaction was not committed.
        defer { git_transaction_free(transaction) }
        let code = git_transaction_lock_ref(transaction, name)
        if code < 0 {
            let error = lastError(code, "git_transaction_lock_ref")
            guard error.code == .locked else { throw error }
            // A lock left by a killed axdiff is taken over; any other is waited for.
            if owner.takeOverIfStale() { return .raced }
            return .locked(error)
        }
        let claim = owner.claim(writing: new)
        defer { claim?.release() }
        SharedPermissions.adjust(owner.lockPath, commonDir: commonDir)
        guard try directTarget(name) == expected else { return .raced }
        var newOID = new.oid
        try check(git_transaction_set_target(transaction, name, &newOID, nil, logMessage), "git_transaction_set_target")
        try check(git_transaction_commit(transaction), "git_transaction_commit")
        // What libgit2 made on the way: `refs/notes/`, the reflog and its directories.
        let ref = FilePath.appending(commonDir, name)
        SharedPermissions.adjustPath(ref, below: commonDir, commonDir: commonDir)
        SharedPermissions.adjustPath(FilePath.appending(commonDir, "logs/" + name), below: commonDir, commonDir: commonDir)
        return .updated
    }

    /// The id `name` points at itself, read under its lock; nil when it does not exist.
    private func directTarget(_ name: String) throws -> ObjectID? {
        var ref: OpaquePointer?
        let code = git_reference_lookup(&ref, handle, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_lookup")
        defer { git_reference_free(ref) }
        guard let target = git_reference_target(ref) else {
            throw GitError(.invalid, "git_reference_lookup", "\(name) is a symbolic reference")
        }
        return ObjectID(target)
    }
}
