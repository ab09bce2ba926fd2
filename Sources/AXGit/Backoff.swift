import Foundation

/// Exponential back-off with jitter, for waiting on another process's ref lock.
struct Backoff {
    var base: Double = 0.005
    var cap: Double = 0.25
    private(set) var attempt = 0
    private var generator = SystemRandomNumberGenerator()

    /// Sleeps for the next delay: base · 2^attempt, capped, times a random factor in [0.5, 1.5)
    /// so that two waiting writers do not retry in lock-step.
    mutating func sleep() {
        let delay = min(cap, base * pow(2, Double(min(attempt, 16))))
        attempt += 1
        let jittered = delay * Double.random(in: 0.5..<1.5, using: &generator)
        Thread.sleep(forTimeInterval: jittered)
    }
}
