#if canImport(Glibc)
import Glibc
#endif

/// What axdiff asks of the memory allocator: keep freed pages while a run lasts, and hand
/// them back to the system when it is over.
///
/// The axdiff binaries link jemalloc (see README, Performance), configured through `mallctl`;
/// with glibc's malloc (the test bundles) only `malloc_trim` applies. Both are looked up at
/// run time: neither header is part of Swift's Glibc module, and which allocator serves the
/// process is the binary's choice. Without either, both calls do nothing.
public enum Allocator {
    /// Keeps freed pages for reuse instead of returning them on jemalloc's timer (it returns
    /// a little every few milliseconds, and allocations of 8 MB or more at once): a screen of
    /// 100,000 stops needs some 50 MB, and a diff of two spent a third of its time taking
    /// those pages from the kernel again (perf, page faults). Call once, at start, before
    /// threads: arenas made later take the default set here. The freed pages go back in
    /// `releaseFreedPages`, after every run.
    public static func keepFreedPages() {
        #if canImport(Glibc)
        guard let mallctl else { return }
        var never = -1   // ssize_t: decay disabled
        for name in ["arenas.dirty_decay_ms", "arenas.muzzy_decay_ms"] {
            _ = mallctl(name, nil, nil, &never, MemoryLayout<Int>.size)
        }
        var arenas: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.narenas", &arenas, &size, nil, 0) == 0 else { return }
        for arena in 0..<arenas {
            // Arenas not made yet refuse this (and take the default above when they are).
            for kind in ["dirty", "muzzy"] { _ = mallctl("arena.\(arena).\(kind)_decay_ms", nil, nil, &never, MemoryLayout<Int>.size) }
        }
        #endif
    }

    /// Hands memory freed by a run back to the system. An allocator keeps freed pages, and a
    /// run frees a lot (parsed snapshots, reports, libgit2 objects): without this a watcher
    /// that had backfilled 5,000 commits sat on some 45 MB (glibc) or 150 MB (jemalloc) it no
    /// longer used (target: 64 MB resident).
    public static func releaseFreedPages() {
        #if canImport(Glibc)
        if let mallctl {
            // 4096 is MALLCTL_ARENAS_ALL: every arena at once.
            _ = mallctl("arena.4096.purge", nil, nil, nil, 0)
        } else {
            _ = mallocTrim?(0)
        }
        #endif
    }

    #if canImport(Glibc)
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = symbol("malloc_trim")
    private static let mallctl: (@convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?,
                                                 UnsafeMutableRawPointer?, Int) -> Int32)? = symbol("mallctl")

    private static func symbol<F>(_ name: String) -> F? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: F.self)
    }
    #endif
}
