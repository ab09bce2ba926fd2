import CLibgit2

/// An error reported by libgit2 or by this module's checks on top of it.
package struct GitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in terms a caller can branch on.
    package enum Code: Equatable, Sendable {
        case notFound
        case exists
        case ambiguous
        case invalidSpec
        case locked
        /// A reference was not at the expected value (compare-and-swap lost).
        case modified
        case peel
        case unbornBranch
        case notOwner
        case invalid
        /// The path is not inside a git repository.
        case notARepository
        /// The repository stores its refs in reftable, which libgit2 1.5 cannot read.
        case unsupportedRefStorage
        /// An object is larger than the caller's limit; it was not read.
        case tooLarge
        /// An object has another type than expected (e.g. a tree where a blob was wanted).
        case wrongType
        /// Any other libgit2 error code.
        case other(Int32)

        init(libgit2 code: Int32) {
            switch code {
            case GIT_ENOTFOUND.rawValue: self = .notFound
            case GIT_EEXISTS.rawValue: self = .exists
            case GIT_EAMBIGUOUS.rawValue: self = .ambiguous
            case GIT_EINVALIDSPEC.rawValue: self = .invalidSpec
            case GIT_ELOCKED.rawValue: self = .locked
            case GIT_EMODIFIED.rawValue: self = .modified
            case GIT_EPEEL.rawValue: self = .peel
            case GIT_EUNBORNBRANCH.rawValue: self = .unbornBranch
            case GIT_EOWNER.rawValue: self = .notOwner
            case GIT_EINVALID.rawValue: self = .invalid
            default: self = .other(code)
            }
        }
    }

    package let code: Code
    /// The libgit2 function (or module operation) that failed, e.g. "git_reference_lookup".
    package let operation: String
    /// libgit2's own message, or ours.
    package let message: String

    package init(_ code: Code, _ operation: String, _ message: String) {
        self.code = code
        self.operation = operation
        self.message = message
    }

    package var description: String { "\(operation): \(message)" }
}

/// The one error funnel: turns a negative libgit2 return code into a `GitError`.
///
/// `git_error_last()` is thread-local and overwritten by the next failing call,
/// so it is read here, immediately, on the calling thread.
func check(_ code: Int32, _ what: String) throws {
    guard code < 0 else { return }
    throw lastError(code, what)
}

/// Builds the `GitError` for a failed call from `git_error_last()`.
func lastError(_ code: Int32, _ what: String) -> GitError {
    var message = "failed with code \(code)"
    if let last = git_error_last(), let text = last.pointee.message {
        message = String(cString: text)
    }
    return GitError(GitError.Code(libgit2: code), what, message)
}
