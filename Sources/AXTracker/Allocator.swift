/// What a run asks of the process's memory allocator: hand the pages a run freed back to the
/// system when it ends, and keep freed pages for a shorter time during a backfill.
///
/// The `axdiff` executable links jemalloc and installs its answers at start, before any thread
/// (`JemallocTuning`; see README, Performance); in a process that does not (the tests, the
/// benchmark, a library user), each is a no-op and the system allocator does what it does.
package enum Allocator {
    /// The allocator's answers.
    package struct Tuning: Sendable {
        /// Hands memory freed by a run back to the system: without it, a watcher that has
        /// backfilled thousands of commits sits on memory it no longer uses (target: 64 MB resident).
        package var releaseFreedPages: @Sendable () -> Void
        /// Keeps freed pages for a shorter time for the rest of the process: what a backfill
        /// wants, whose analysing threads free tens of megabytes a second.
        package var returnFreedPagesSooner: @Sendable () -> Void

        package init(releaseFreedPages: @escaping @Sendable () -> Void, returnFreedPagesSooner: @escaping @Sendable () -> Void) {
            self.releaseFreedPages = releaseFreedPages
            self.returnFreedPagesSooner = returnFreedPagesSooner
        }

        package static let none = Tuning(releaseFreedPages: {}, returnFreedPagesSooner: {})
    }

    /// Set once, at start, before any thread reads it; only read afterwards.
    nonisolated(unsafe) package static var tuning = Tuning.none

    static func releaseFreedPages() { tuning.releaseFreedPages() }

    static func returnFreedPagesSooner() { tuning.returnFreedPagesSooner() }
}
