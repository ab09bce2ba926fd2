import AXTracker
import CJemalloc

/// jemalloc, the allocator this executable links (see README, Performance), tuned for axdiff's
/// runs: analyses are built on the analysing threads and freed on the writing one, a pattern
/// jemalloc serves well where glibc's malloc does not (a long backfill's memory grows with the
/// history under glibc's malloc; it stays flat under jemalloc).
enum JemallocTuning {
    /// Keeps freed pages for reuse for a second instead of returning them on jemalloc's
    /// timer (it returns a little every few milliseconds, and allocations of 8 MB or more at
    /// once): a screen of 100,000 stops needs some 50 MB. Not for ever: kept pages are not all
    /// reused, and a 40,000-commit backfill that never returned any grew to 280 MB resident for
    /// 70 MB in use. A page past its second is returned at once (`MADV_DONTNEED`), not first
    /// marked free (`MADV_FREE`, jemalloc's "muzzy" pages), which the kernel still counts as
    /// resident until it needs the memory. Then installs the answers `AXTracker` asks for.
    /// Call once, at start, before threads: arenas made later take the default set here.
    static func install() {
        setDecay(dirty: 1_000, muzzy: 0)
        Allocator.tuning = Allocator.Tuning(
            releaseFreedPages: { _ = mallctl("arena.\(MALLCTL_ARENAS_ALL).purge", nil, nil, nil, 0) },
            // A tenth of a second: kept for a second, freed pages were up to a fifth of a long
            // backfill's resident memory, more the longer the history; returned at once (no
            // delay), 10 MB less again, but the backfill took 25% longer, in `madvise` and page
            // faults (BENCHMARKS.md, "A long backfill's memory within 128 MB").
            returnFreedPagesSooner: { setDecay(dirty: 100, muzzy: 0) })
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
}
