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
        // libgit2 re-hashes every object it reads from the object database to
        // check its id; git does not (that is `git fsck`'s job). With SHA-1
        // collision detection that was 6% of a backfill, spent re-hashing
        // snapshot blobs (callgrind). Objects written are still hashed.
        _ = axdiff_git_set_strict_hash_verification(0)
        // libgit2's object cache is off: each handle keeps the few commits and
        // trees it needs again instead (`RecentObjects`, which says why).
        // Memory: a backfill stays within 128 MB resident however long the
        // history, and a watcher near 64 MB. Pack windows (default 1 GB
        // each, 8 GB in all) kept the whole pack mapped, and a mapped page
        // read is resident: at most 8 MB of them, 6 MB less of a
        // 100,000-commit backfill's peak than 16 MB. In 2 MB windows, four
        // at a time: a pack `git gc` wrote keeps a blob's delta base far
        // from it, and two 4 MB windows were unmapped and mapped again 1,200
        // times in a 5,000-commit backfill (a TLB shootdown on the other
        // core each time), 7% of its time; four windows, 70 times
        // (BENCHMARKS.md, "Memory of a 100,000-commit backfill" and "Pack
        // windows after git gc, the object cache, and timing a child"). The
        // watcher reopens its repository after a round, which unmaps them.
        _ = axdiff_git_set_caching(0)
        _ = axdiff_git_set_mwindow(2 << 20, 8 << 20)
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
    package static var libgit2Version: String { Libgit2.version }
}
