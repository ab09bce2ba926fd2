import AXGit
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

/// Whether `--remote` answered when last tried, and when to try it next. A remote that
/// cannot be reached never stops local annotation (DESIGN §10): rounds go on without it,
/// and it is tried again after a capped exponential back-off with jitter.
struct RemoteHealth {
    let remote: String
    private var backoff: Backoff
    private(set) var nextAttempt = Date.distantPast
    private(set) var unreachableSince: Date?
    /// Failed attempts since the remote last answered.
    private(set) var failures = 0
    private(set) var errors = RepeatedErrors()
    /// The last failure was the remote declining the notes (it answered), not the way to it failing.
    private(set) var declined = false

    init(remote: String, cap: TimeInterval) {
        self.remote = remote
        backoff = Backoff(base: Watcher.retryBase, cap: cap)
    }

    func isDue(_ now: Date) -> Bool { now >= nextAttempt }

    /// Seconds until the next attempt is due (0 when due; infinity when the remote answers).
    func secondsUntilDue(_ now: Date) -> TimeInterval {
        unreachableSince == nil ? .infinity : max(0, nextAttempt.timeIntervalSince(now))
    }

    /// Records a failed fetch or push (`declined`: the remote answered and refused the
    /// notes); returns the lines to log (nothing for a repeat).
    mutating func failed(_ message: String, declined: Bool, now: Date) -> [String] {
        failures += 1
        self.declined = declined
        if unreachableSince == nil { unreachableSince = now }
        let delay = backoff.nextDelay()
        nextAttempt = now.addingTimeInterval(delay)
        return errors.record(message) {
            "error: remote '\(remote)': \($0); annotating locally, trying the remote again with back-off (next in \(Self.seconds(delay)))"
        }
    }

    /// Records an answer; the line to log when the remote was unreachable before.
    mutating func answered() -> String? {
        defer {
            unreachableSince = nil
            failures = 0
            nextAttempt = .distantPast
            declined = false
            backoff.reset()
        }
        guard unreachableSince != nil else { return nil }
        let repeated = errors.clear().map { " (\($0))" } ?? ""
        return "remote '\(remote)' answers again after \(failures) failed attempt\(failures == 1 ? "" : "s")\(repeated)"
    }

    /// The line `axdiff status` shows, nil while the remote answers.
    var statusLine: String? {
        guard let since = unreachableSince else { return nil }
        let when = ISO8601Time.string(from: since)
        let next = ISO8601Time.string(from: nextAttempt)
        return "remote '\(remote)' \(declined ? "refuses the notes" : "unreachable") since \(when) (\(failures) failed attempt\(failures == 1 ? "" : "s"), next at \(next)): "
            + (errors.message ?? "")
    }

    static func seconds(_ t: TimeInterval) -> String {
        t < 10 ? CFormat.string("%.1f s", t) : "\(Int(t.rounded())) s"
    }
}
