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

/// Exponential back-off with jitter: for waiting on another process's ref lock (milliseconds),
/// and for the watcher's failing rounds and unreachable remote (seconds to minutes).
package struct Backoff {
    package var base: Double = 0.005
    package var cap: Double = 0.25
    package private(set) var attempt = 0
    private var generator = SystemRandomNumberGenerator()

    package init() {}

    /// `base` and `cap` in seconds.
    package init(base: Double, cap: Double) {
        self.base = base
        self.cap = cap
    }

    /// The next delay, in seconds: base · 2^attempt, capped, times a random factor in
    /// [0.5, 1.5) so that two waiting processes do not retry in lock-step.
    package mutating func nextDelay() -> Double {
        let delay = min(cap, base * pow(2, Double(min(attempt, 30))))
        attempt += 1
        return delay * Double.random(in: 0.5..<1.5, using: &generator)
    }

    /// Sleeps for `nextDelay()`.
    mutating func sleep() {
        DetachedThread.sleep(seconds: nextDelay())
    }

    /// Back to the first delay (after a success, or a change that makes success likely).
    package mutating func reset() {
        attempt = 0
    }
}
