@testable import AXTracker
import Foundation
import XCTest

/// The watcher's bookkeeping of failures: a run of identical errors is one log line and a
/// count, and an unreachable remote is tried again after a doubling, capped, jittered delay.
final class RemoteHealthTests: XCTestCase {
    func testARunOfIdenticalErrorsIsLoggedOnceThenCounted() {
        var errors = RepeatedErrors()
        XCTAssertEqual(errors.record("blob missing") { "error: \($0)" }, ["error: blob missing"])
        for _ in 0..<4 { XCTAssertEqual(errors.record("blob missing") { "error: \($0)" }, []) }
        XCTAssertEqual(errors.summary, "blob missing (5 times in a row)")
        // Another error ends the run: its count, then the new error.
        XCTAssertEqual(errors.record("lock held") { "error: \($0)" },
                       ["error repeated 5 times in a row in all: blob missing", "error: lock held"])
        XCTAssertNil(errors.clear(), "a run of one is not told again")
        XCTAssertNil(errors.summary)
    }

    func testTheRemoteIsTriedAgainAfterADoublingCappedDelay() {
        var health = RemoteHealth(remote: "origin", cap: 8)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertTrue(health.isDue(start))
        XCTAssertEqual(health.secondsUntilDue(start), .infinity, "a remote that answers is no reason to wake")
        var delays: [TimeInterval] = []
        var logged = 0
        for _ in 0..<8 {
            logged += health.failed("unreachable", declined: false, now: start).count
            delays.append(health.secondsUntilDue(start))
        }
        XCTAssertEqual(logged, 1, "one line for eight identical failures")
        // base 1 s doubling, capped at 8 s, each × [0.5, 1.5).
        let nominal: [TimeInterval] = [1, 2, 4, 8, 8, 8, 8, 8]
        for (delay, expected) in zip(delays, nominal) {
            XCTAssertGreaterThanOrEqual(delay, expected * 0.5, "\(delays)")
            XCTAssertLessThan(delay, expected * 1.5, "\(delays)")
        }
        XCTAssertFalse(health.isDue(start))
        XCTAssertTrue(health.statusLine?.hasPrefix("remote 'origin' unreachable since 2027-01-15T08:00:00Z (8 failed attempts, next at ") == true,
                      health.statusLine ?? "nil")
        _ = health.failed("declined", declined: true, now: start)
        XCTAssertTrue(health.statusLine?.hasPrefix("remote 'origin' refuses the notes since") == true, health.statusLine ?? "nil")
        XCTAssertEqual(health.answered(), "remote 'origin' answers again after 9 failed attempts")
        XCTAssertNil(health.statusLine)
        XCTAssertTrue(health.isDue(start))
        // Back to the first delay.
        _ = health.failed("unreachable", declined: false, now: start)
        XCTAssertLessThan(health.secondsUntilDue(start), 1.5)
    }
}
