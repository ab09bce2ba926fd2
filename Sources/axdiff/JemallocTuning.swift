import AXTracker
import CJemalloc

/// jemalloc, the allocator this executable links (see README, Performance), tuned for axdiff's
/// runs: analyses are built on the analysing threads and freed on the writing one, a pattern
/// jemalloc serves well where glibc's malloc does not (a long backfill's memory grows with the
/// history under glibc's malloc; it stays flat under jemalloc).
enum JemallocTuning {
    /// Installs the answers `AXTracker` asks for. How long freed pages are kept (a second, then
    /// returned at once) jemalloc reads at its start from `malloc_conf`
    /// (Sources/CJemallocOptions/malloc_conf.c): set there, no arena needs it afterwards, and
    /// nothing runs for it at start (setting it here, arena by arena, was 0.23 M instructions, 2 %
    /// of `axdiff --version`).
    static func install() {
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
