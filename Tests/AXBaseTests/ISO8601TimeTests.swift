import XCTest
import Foundation
@testable import AXBase
import AXTestSupport

/// `ISO8601Time` against `ISO8601DateFormatter()`, which it replaces.
final class ISO8601TimeTests: XCTestCase {
    func testStringsAsTheFormatterAcrossCenturiesAndNearWholeSeconds() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_TIME_SEED"] ?? "") ?? 20_261_207
        var rng = SeededGenerator(seed: seed)
        let formatter = ISO8601DateFormatter()
        for i in 0..<100_000 {
            // Whole seconds with fractions near the rounding edges, and times from 1600 to 2400.
            let t = i % 2 == 0
                ? Double(rng.next() % 2_000_000_000) + [0, 0.0004, 0.0005, 0.4995, 0.9994999, 0.9995, 0.9999999, -0.0004, -0.0005][Int(rng.next() % 9)]
                : Double(rng.next() % 25_000_000_000) - 11_600_000_000 + Double(rng.next() % 1000) / 1000
            let date = Date(timeIntervalSince1970: t)
            XCTAssertEqual(ISO8601Time.string(from: date), formatter.string(from: date), "t = \(t), seed \(seed), AXDIFF_TIME_SEED")
        }
    }

    func testReadsWhatTheFormatterReads() {
        let formatter = ISO8601DateFormatter()
        let texts = ["2026-01-01T10:00:00Z", "2026-1-01T10:00:00Z", "26-01-01T10:00:00Z", "02026-01-01T10:00:00Z", "2026-01-01T1:00:00Z",
                     "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z", "2026-00-01T10:00:00Z", "2026-01-00T10:00:00Z",
                     "2026-01-32T10:00:00Z", "2026-02-31T10:00:00Z", "2026-01-01T10:00:00+0100", "2026-01-01T10:00:00+01",
                     "2026-01-01T10:00:00-00:00", "2026-01-01T10:00:00GMT", "2026-01-01T10:00:00UTC", "2026-01-01T10:00:00Zx",
                     "x2026-01-01T10:00:00Z", "2026-01-01t10:00:00Z", "2026/01/01T10:00:00Z", "2026-01-01T10:00:00+25:00",
                     "-001-01-01T00:00:00Z", "+2026-01-01T10:00:00Z", "2026-01-01T10:00:00.000Z", "2026-01-01T10:00Z",
                     "2026-01-01T10:00:00", "2026-01-01T10:00:00ZZ", "2026-01-01T-1:00:00Z", "2026-01-01T10:00:00.Z", "68ed123",
                     "error:", "", "2026-12-07T20:34:30Z", "1970-01-01T00:00:00Z"]
        for text in texts {
            XCTAssertEqual(ISO8601Time.isTime(text), formatter.date(from: text) != nil, text)
        }
    }
}
