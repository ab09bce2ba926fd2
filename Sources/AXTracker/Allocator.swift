import CJemalloc

/// What axdiff asks of the memory allocator, jemalloc (linked with this module: see README,
/// Performance): keep freed pages while a run lasts, and hand them back to the system when
/// it is over.
package enum Allocator {
    /// Keeps freed pages for reuse for a second instead of returning them on jemalloc's
    /// timer (it returns a little every few milliseconds, and allocations of 8 MB or more at
    /// once): a screen of 100,000 stops needs some 50 MB, and a diff of two spends much of its
    /// time taking those pages from the kernel again (BENCHMARKS.md, jemalloc). Not for ever:
    /// kept pages are not all reused, and a 40,000-commit backfill that never returned any
    /// grew to 280 MB resident for 70 MB in use. A page past its second is returned at once
    /// (`MADV_DONTNEED`), not first marked free (`MADV_FREE`, jemalloc's "muzzy" pages), which
    /// the kernel still counts as resident until it needs the memory. Call once, at start,
    /// before threads: arenas made later take the default set here. The freed pages go back
    /// in `releaseFreedPages`, after every run.
    package static func keepFreedPages() {
        setDecay(dirty: 1_000, muzzy: 0)
    }

    /// Keeps freed pages for a tenth of a second only, for the rest of the process: what a
    /// backfill wants, whose analysing threads free tens of megabytes a second. Kept for a
    /// second, they were up to a fifth of a long backfill's resident memory, more the longer
    /// the history; returned at once (no delay), 10 MB less again, but the backfill took 25%
    /// longer, in `madvise` and page faults (BENCHMARKS.md, "A long backfill's memory within
    /// 128 MB").
    package static func returnFreedPagesSooner() {
        setDecay(dirty: 100, muzzy: 0)
    }

    /// Sets how long (ms) freed pages are kept, as dirty pages and then as free-marked ones,
    /// for the arenas there are and those made later.
    private static func setDecay(dirty: Int, muzzy: Int) {
        for (kind, milliseconds) in [("dirty", dirty), ("muzzy", muzzy)] {
            var decay = milliseconds   // ssize_t
            _ = mallctl("arenas.\(kind)_decay_ms", nil, nil, &decay, MemoryLayout<Int>.size)
        }
        var arenas: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.narenas", &arenas, &size, nil, 0) == 0 else { return }
        for arena in 0..<arenas {
            // Arenas not made yet refuse this (and take the default above when they are).
            for (kind, milliseconds) in [("dirty", dirty), ("muzzy", muzzy)] {
                var decay = milliseconds
                _ = mallctl("arena.\(arena).\(kind)_decay_ms", nil, nil, &decay, MemoryLayout<Int>.size)
            }
        }
    }

    /// Hands memory freed by a run back to the system. An allocator keeps freed pages, and a
    /// run frees a lot (parsed snapshots, reports, libgit2 objects): without this a watcher
    /// that has backfilled thousands of commits sits on memory it no longer uses (target:
    /// 64 MB resident).
    static func releaseFreedPages() {
        _ = mallctl("arena.\(MALLCTL_ARENAS_ALL).purge", nil, nil, nil, 0)
    }
}
