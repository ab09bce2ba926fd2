import CLibgit2

extension Repository {
    /// The commits reachable from `tips` but not from `hiding`, parents before children
    /// (topological order, ties broken by commit time, oldest first) — the order in which
    /// the watcher annotates them.
    ///
    /// - Parameters:
    ///   - hiding: commits whose ancestry is excluded. Ids that are no longer in the
    ///     repository (e.g. a tip from before a force-push, since collected) are ignored.
    ///   - hideWhere: optionally called for commits met during the walk (tips included);
    ///     the walk neither lists nor goes through a commit for which it returns true. Unlike
    ///     `hiding`, this does not exclude the commit's ancestors when they are reachable by
    ///     another path — libgit2's hide callback only cuts the edges into the commit. That is
    ///     what the watcher wants for "already annotated": it lists every unannotated commit
    ///     reachable from the tips without passing through an annotated one. Called on the
    ///     current thread.
    /// - Complexity: O(c log c) where c is the number of commits visited.
    package func commits(from tips: [ObjectID], hiding: [ObjectID] = [],
                        hideWhere callerHide: ((ObjectID) -> Bool)? = nil) throws -> [ObjectID] {
        // libgit2 1.5 does not know shallow clones: its walk fails on the missing parents
        // of the boundary commits, so a shallow repository is walked here instead.
        let shallow = try shallowCommits()
        if !shallow.isEmpty { return try shallowWalk(from: tips, hiding: hiding, hideWhere: callerHide, boundary: shallow) }
        let hideWhere = callerHide
        return try withRevwalk { walk in
            // libgit2 consults the hide callback for parents only, never for the pushed tips.
            let pushed = tips.filter { !(hideWhere?($0) ?? false) }
            guard !pushed.isEmpty else { return [] }
            for tip in pushed {
                var oid = tip.oid
                let code = git_revwalk_push(walk, &oid)
                if code < 0 {
                    let error = lastError(code, "git_revwalk_push")
                    throw GitError(error.code, "git_revwalk_push", "\(tip.hex): \(error.message)")
                }
            }
            for hidden in hiding {
                var oid = hidden.oid
                let code = git_revwalk_hide(walk, &oid)
                if code == GIT_ENOTFOUND.rawValue { continue }
                try check(code, "git_revwalk_hide")
            }
            guard let hideWhere else { return try drain(walk) }
            let box = HidePredicate(hideWhere)
            let payload = Unmanaged.passRetained(box)
            defer { payload.release() }
            try check(git_revwalk_add_hide_cb(walk, { oid, payload in
                guard let oid, let payload else { return 0 }
                let predicate = Unmanaged<HidePredicate>.fromOpaque(payload).takeUnretainedValue()
                return predicate.body(ObjectID(oid)) ? 1 : 0
            }, payload.toOpaque()), "git_revwalk_add_hide_cb")
            return try drain(walk)
        }
    }

    /// The commits of a range such as `main..feature` (reachable from the right side, not from
    /// the left), parents before children. `A...B` is not supported by libgit2.
    package func commits(inRange range: String) throws -> [ObjectID] {
        try withRevwalk { walk in
            let code = git_revwalk_push_range(walk, range)
            if code < 0 {
                let error = lastError(code, "git_revwalk_push_range")
                throw GitError(error.code, "git_revwalk_push_range", "range '\(range)': \(error.message)")
            }
            return try drain(walk)
        }
    }

    private func withRevwalk<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, handle), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        let mode = GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue | GIT_SORT_REVERSE.rawValue
        try check(git_revwalk_sorting(walk, mode), "git_revwalk_sorting")
        return try body(walk!)
    }

    private func drain(_ walk: OpaquePointer) throws -> [ObjectID] {
        var out = [ObjectID]()
        var oid = git_oid()
        while true {
            let code = git_revwalk_next(&oid, walk)
            if code == GIT_ITEROVER.rawValue { return out }
            try check(code, "git_revwalk_next")
            out.append(ObjectID(oid))
        }
    }
}

/// Carries a Swift closure through libgit2's `void *payload`.
private final class HidePredicate {
    let body: (ObjectID) -> Bool
    init(_ body: @escaping (ObjectID) -> Bool) { self.body = body }
}
