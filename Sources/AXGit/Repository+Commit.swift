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

    /// Runs `body` with a commit, parsed or kept from a recent lookup (`recent`), which
    /// `body` must not free.
    func withCommit<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        if let kept = recent.object(id, type: GIT_OBJECT_COMMIT) { return try recent.using(kept, body) }
        var oid = id.oid
        var commit: OpaquePointer?
        let code = git_commit_lookup(&commit, handle, &oid)
        guard code >= 0, let commit else {
            let error = lastError(code, "git_commit_lookup")
            throw GitError(error.code, "git_commit_lookup", "commit \(id.hex): \(error.message)")
        }
        recent.keep(commit, for: id)
        return try recent.using(commit, body)
    }

    /// Runs `body` with the root tree of a commit, as `withTree`.
    func withCommitTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        try withTree(try treeID(ofCommit: id), body)
    }

    /// Runs `body` with a tree, parsed or kept from a recent lookup (`recent`), which `body`
    /// must not free.
    func withTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        if let kept = recent.object(id, type: GIT_OBJECT_TREE) { return try recent.using(kept, body) }
        var oid = id.oid
        var tree: OpaquePointer?
        let code = git_tree_lookup(&tree, handle, &oid)
        guard code >= 0, let tree else {
            try check(code, "git_tree_lookup")
            throw GitError(.notFound, "git_tree_lookup", "tree \(id.hex) is missing")
        }
        recent.keep(tree, for: id)
        return try recent.using(tree, body)
    }
}
