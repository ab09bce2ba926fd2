import CLibgit2

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
    /// libgit2 takes the ref's lock file, re-reads the current value under the lock and compares,
    /// so this is a true compare-and-swap against git and other libgit2 writers.
    func compareAndSwap(reference name: String, to new: ObjectID, expected: ObjectID?, logMessage: String) throws -> ReferenceUpdate {
        let owner = RefLockOwner(gitDir: commonDir, reference: name)
        owner.claim()
        defer { owner.release() }
        var newOID = new.oid
        var ref: OpaquePointer?
        let code: Int32
        if let expected {
            var oldOID = expected.oid
            code = git_reference_create_matching(&ref, handle, name, &newOID, 1, &oldOID, logMessage)
        } else {
            code = git_reference_create(&ref, handle, name, &newOID, 0, logMessage)
        }
        if code == 0 {
            git_reference_free(ref)
            return .updated
        }
        let error = lastError(code, expected == nil ? "git_reference_create" : "git_reference_create_matching")
        switch error.code {
        case .modified, .exists: return .raced
        case .locked:
            // A lock left by a killed axdiff is taken over; any other is waited for.
            if owner.takeOverIfStale() { return .raced }
            return .locked(error)
        default: throw error
        }
    }
}
