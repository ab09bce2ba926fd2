import CLibgit2

extension Repository {
    /// The references whose full names match any of `globs` (e.g. `refs/heads/*`), with the
    /// commit each points at, sorted by name. `*` also matches `/`, as in libgit2's ref globs,
    /// so `refs/heads/*` includes `refs/heads/feature/x`. Symbolic refs are resolved; refs that
    /// do not lead to a commit (a tag of a tree, a dangling symref) are skipped.
    public func references(matching globs: [String]) throws -> [Reference] {
        var found = [String: ObjectID]()
        for glob in globs {
            var iterator: OpaquePointer?
            try check(git_reference_iterator_glob_new(&iterator, handle, glob), "git_reference_iterator_glob_new")
            defer { git_reference_iterator_free(iterator) }
            while true {
                var ref: OpaquePointer?
                let code = git_reference_next(&ref, iterator)
                if code == GIT_ITEROVER.rawValue { break }
                try check(code, "git_reference_next")
                defer { git_reference_free(ref) }
                let name = String(cString: git_reference_name(ref))
                var peeled: OpaquePointer?
                guard git_reference_peel(&peeled, ref, GIT_OBJECT_COMMIT) == 0 else { continue }
                defer { git_object_free(peeled) }
                found[name] = ObjectID(git_object_id(peeled))
            }
        }
        return found.map { Reference(name: $0.key, commit: $0.value) }.sorted { $0.name < $1.name }
    }

    /// The object a reference points at, following symbolic refs but not peeling; nil when
    /// the reference does not exist.
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, handle, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// The best common ancestor of two commits; nil when they share no history.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        var out = git_oid()
        var one = a.oid, two = b.oid
        let code = git_merge_base(&out, handle, &one, &two)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_merge_base")
        return ObjectID(out)
    }

    /// True when `ancestor` is reachable from `commit` (a commit is not its own descendant).
    public func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var one = commit.oid, two = ancestor.oid
        let answer = git_graph_descendant_of(handle, &one, &two)
        try check(answer, "git_graph_descendant_of")
        return answer == 1
    }
}
