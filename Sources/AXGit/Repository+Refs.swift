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

extension Repository {
    /// The references whose full names match any of `globs` (e.g. `refs/heads/*`), with the
    /// commit each points at, sorted by name. `*` also matches `/`, as in libgit2's ref globs,
    /// so `refs/heads/*` includes `refs/heads/feature/x`. Symbolic refs are resolved; refs that
    /// do not lead to a commit (a tag of a tree, a dangling symref) are skipped.
    ///
    /// - Throws: `GitError` naming the ref when the object it points at (or a tag on the way)
    ///   is missing or cannot be read: a damaged repository is not one with nothing to do.
    package func references(matching globs: [String]) throws -> [Reference] {
        var found = [String: ObjectID]()
        for glob in globs {
            try probeLooseReferences(for: glob)
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
                guard let commit = try peeledCommit(ref, name: name) else { continue }
                found[name] = commit
            }
        }
        return found.map { Reference(name: $0.key, commit: $0.value) }.sorted { $0.name < $1.name }
    }

    /// libgit2 1.5's loose-ref iterator ends without an error when it cannot open a directory
    /// (too few file descriptors): the listing would read as "no refs", a run as "nothing to
    /// do". The directory a glob lists is opened first, and a failure other than its absence
    /// is an error naming it. (A failure deeper in the walk is not seen.)
    private func probeLooseReferences(for glob: String) throws {
        let literal = String(glob.prefix { $0 != "*" && $0 != "?" && $0 != "[" })
        let directory = literal.hasSuffix("/") ? String(literal.dropLast()) : FilePath.deletingLastComponent(literal)
        guard !directory.isEmpty else { return }
        let path = FilePath.appending(commonDir, directory)
        let fd = POSIXFile.openDescriptor(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd < 0 else {
            close(fd)
            return
        }
        if errno == ENOENT || errno == ENOTDIR { return }
        throw GitError(.other(-1), "refs", "cannot list \(path): \(String(cString: strerror(errno)))")
    }

    /// The commit `ref` leads to; nil for a dangling symbolic ref or one that leads to another
    /// kind of object (a tag of a tree).
    private func peeledCommit(_ ref: OpaquePointer?, name: String) throws -> ObjectID? {
        var resolved: OpaquePointer?
        let code = git_reference_resolve(&resolved, ref)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_resolve")
        defer { git_reference_free(resolved) }
        guard let target = git_reference_target(resolved) else { return nil }
        let id = ObjectID(target.pointee)
        var object: OpaquePointer?
        let lookup = git_object_lookup(&object, handle, target, GIT_OBJECT_ANY)
        guard lookup == 0 else {
            let error = lastError(lookup, "git_object_lookup")
            throw GitError(error.code, "refs", "\(name) points at \(id.hex), which cannot be read: \(error.message)")
        }
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        let peel = git_object_peel(&peeled, object, GIT_OBJECT_COMMIT)
        if peel == GIT_EPEEL.rawValue || peel == GIT_EINVALIDSPEC.rawValue { return nil }
        guard peel == 0 else {
            let error = lastError(peel, "git_object_peel")
            throw GitError(error.code, "refs", "\(name) (\(id.hex)) cannot be followed to a commit: \(error.message)")
        }
        defer { git_object_free(peeled) }
        return ObjectID(git_object_id(peeled))
    }

    /// The object a reference points at, following symbolic refs but not peeling; nil when
    /// the reference does not exist.
    package func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, handle, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// The best common ancestor of two commits; nil when they share no history.
    package func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        var out = git_oid()
        var one = a.oid, two = b.oid
        let code = git_merge_base(&out, handle, &one, &two)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_merge_base")
        return ObjectID(out)
    }

    /// True when `ancestor` is reachable from `commit` (a commit is not its own descendant).
    package func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var one = commit.oid, two = ancestor.oid
        let answer = git_graph_descendant_of(handle, &one, &two)
        try check(answer, "git_graph_descendant_of")
        return answer == 1
    }
}
