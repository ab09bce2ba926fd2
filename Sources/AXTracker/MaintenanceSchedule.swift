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

/// When a watcher hands what it wrote to git's maintenance (`GitMaintenance`).
///
/// Why not after every round, as a backfill does when it ends: a watcher's round is usually
/// one commit and a few loose objects, and spawning git after each took 50–60 ms a commit,
/// most of the time from a ref update to its note being readable (BENCHMARKS.md, "The
/// watcher's rounds and git's maintenance"), while what git then checks (`gc.auto`, 6,700
/// loose objects) is reached only after a thousand such rounds. So the writes of a watcher's
/// rounds are gathered and handed over together: at once after a round that wrote packs (a
/// long round; its packs are what makes a cold note read slow), else at most once per
/// `interval`, and when the watcher stops.
struct MaintenanceSchedule {
    static let interval: TimeInterval = 60

    /// Packs written since the last hand-over.
    private(set) var packs = 0
    /// Whether loose objects were written since the last hand-over.
    private(set) var looseObjects = false
    private var last: Date

    init(now: Date) {
        last = now
    }

    /// Whether anything was written that git has not been handed yet.
    var isPending: Bool { packs > 0 || looseObjects }

    /// Adds a round's writes.
    mutating func record(packs roundPacks: Int, looseObjects roundLoose: Bool) {
        packs += roundPacks
        looseObjects = looseObjects || roundLoose
    }

    /// Whether what was written is to be handed over now: packs at once, loose objects once
    /// `interval` has passed since the last hand-over (also when no round has run since).
    func isDue(now: Date) -> Bool {
        packs > 0 || (looseObjects && now.timeIntervalSince(last) >= Self.interval)
    }

    /// What to hand over, which then counts as handed over at `now`.
    mutating func take(now: Date) -> (packs: Int, looseObjects: Bool) {
        defer { (packs, looseObjects, last) = (0, false, now) }
        return (packs, looseObjects)
    }
}
