import CLibgit2
import Foundation

extension Repository {
    /// Resolves a revision (`HEAD`, `main~2`, `v1.0`, an abbreviated id, …) to a commit id.
    package func revparse(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        if code < 0 {
            let error = lastError(code, "git_revparse_single")
            if error.code == .notFound || error.code == .invalidSpec {
                throw GitError(error.code, "revparse", "unknown revision '\(revision)': \(error.message)")
            }
            throw error
        }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let peelCode = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        if peelCode < 0 {
            let error = lastError(peelCode, "git_object_peel")
            throw GitError(error.code, "revparse", "'\(revision)' does not name a commit: \(error.message)")
        }
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit))
    }

    /// Reads a commit's metadata.
    package func commit(_ id: ObjectID) throws -> CommitInfo {
        try withCommit(id) { commit in
            let parentCount = git_commit_parentcount(commit)
            var parents = [ObjectID]()
            parents.reserveCapacity(Int(parentCount))
            for index in 0..<parentCount {
                if let parent = git_commit_parent_id(commit, index) { parents.append(ObjectID(parent)) }
            }
            guard let author = git_commit_author(commit)?.pointee else {
                throw GitError(.invalid, "git_commit_author", "commit \(id.hex) has no author")
            }
            return CommitInfo(
                id: id,
                parents: parents,
                tree: ObjectID(git_commit_tree_id(commit)),
                summary: git_commit_summary(commit).map { String(cString: $0) } ?? "",
                message: git_commit_message(commit).map { String(cString: $0) } ?? "",
                authorName: author.name.map { String(cString: $0) } ?? "",
                authorEmail: author.email.map { String(cString: $0) } ?? "",
                authorTime: Date(timeIntervalSince1970: TimeInterval(author.when.time)),
                authorTimeZoneOffsetMinutes: Int(author.when.offset),
                committerTime: Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit)))
            )
        }
    }

    /// The id of a commit's root tree.
    func treeID(ofCommit id: ObjectID) throws -> ObjectID {
        try withCommit(id) { ObjectID(git_commit_tree_id($0)) }
    }

    /// Looks up a commit, runs `body`, frees it.
    func withCommit<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        var oid = id.oid
        var commit: OpaquePointer?
        let code = git_commit_lookup(&commit, handle, &oid)
        if code < 0 {
            let error = lastError(code, "git_commit_lookup")
            throw GitError(error.code, "git_commit_lookup", "commit \(id.hex): \(error.message)")
        }
        defer { git_commit_free(commit) }
        return try body(commit!)
    }

    /// Looks up the tree of a commit, runs `body`, frees it.
    func withCommitTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        try withCommit(id) { commit in
            var tree: OpaquePointer?
            try check(git_commit_tree(&tree, commit), "git_commit_tree")
            defer { git_tree_free(tree) }
            return try body(tree!)
        }
    }

    /// Looks up a tree by id, runs `body`, frees it.
    func withTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        var oid = id.oid
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, handle, &oid), "git_tree_lookup")
        defer { git_tree_free(tree) }
        return try body(tree!)
    }
}
