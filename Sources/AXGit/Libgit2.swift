import CLibgit2

/// The process-wide libgit2 runtime.
///
/// libgit2 must be initialised once before any other call; every entry point of
/// this module goes through `Libgit2.ensureInitialized()`. It is never shut down:
/// the library stays usable for the life of the process, which is what a daemon wants.
enum Libgit2 {
    // A Swift global/static `let` is initialised exactly once, thread-safely.
    private static let initialized: Bool = {
        git_libgit2_init()
        return true
    }()

    static func ensureInitialized() {
        _ = initialized
    }

    /// The version of the linked libgit2, e.g. "1.5.1".
    static var version: String {
        ensureInitialized()
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }
}

extension Repository {
    /// The version of the linked libgit2, e.g. "1.5.1" (for `axdiff --version` and bug reports).
    public static var libgit2Version: String { Libgit2.version }
}
