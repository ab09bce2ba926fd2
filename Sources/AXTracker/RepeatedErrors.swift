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

/// A run of identical errors as a log tells it: the first one in full, the repeats
/// counted and not printed, and their number told once when the run ends (another error,
/// or a success). A watcher retrying a round that keeps failing the same way would
/// otherwise print the same line at every retry.
struct RepeatedErrors {
    private(set) var message: String?
    /// How many times in a row `message` happened.
    private(set) var count = 0

    /// Records `message`; returns the lines to log: the end of the previous run, if this
    /// is another error, then `message` itself when it starts a run (nothing for a repeat).
    mutating func record(_ message: String, first: (String) -> String) -> [String] {
        if message == self.message {
            count += 1
            return []
        }
        let ended = clear()
        self.message = message
        count = 1
        return (ended.map { [$0] } ?? []) + [first(message)]
    }

    /// Ends the run; the line that tells how often its error happened, when it happened
    /// more than once.
    mutating func clear() -> String? {
        defer { (message, count) = (nil, 0) }
        guard let message, count > 1 else { return nil }
        return "error repeated \(count) times in a row in all: \(message)"
    }

    /// `message`, and how often it happened in a row when more than once, for the lock file.
    var summary: String? {
        message.map { count > 1 ? "\($0) (\(count) times in a row)" : $0 }
    }
}
