#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// UTC times as `ISO8601DateFormatter()` wrote and read them (`2026-01-01T10:00:00Z`),
/// without ICU: FoundationEssentials' `ISO8601FormatStyle` truncates to the second where
/// ICU rounds to the millisecond first, and parses more leniently in places.
package enum ISO8601Time {
    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC; the instant rounded to the millisecond, as ICU takes it,
    /// then cut to the second. Gregorian dates, as ICU's from its reform (1582) on.
    package static func string(from date: Date) -> String {
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down)
        guard milliseconds.isFinite, abs(milliseconds) < 9e18 else { return "" }
        let seconds = Int64(milliseconds).floorDivided(by: 1000)
        let days = seconds.floorDivided(by: 86_400)
        let inDay = seconds - days * 86_400
        let (year, month, day) = civil(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(inDay / 3600, 2) + ":"
            + pad(inDay % 3600 / 60, 2) + ":" + pad(inDay % 60, 2) + "Z"
    }

    /// Whether `ISO8601DateFormatter().date(from:)` reads a time from `text`: a date and a
    /// time of day in numbers (each of one or more ASCII digits, in range: month 1-12, day
    /// 1-31, hour 0-24, minute and second 0-59, no fraction), `T` between them, and a time
    /// zone after (`Z`, `GMT`, `UTC` or a signed offset), whatever follows it.
    package static func isTime<S: StringProtocol>(_ text: S) -> Bool {
        var scanner = Scanner(Array(text.utf8))
        if scanner.peek == UInt8(ascii: "-") { scanner.index += 1 }
        guard scanner.number() != nil, scanner.take(oneOf: "-/"),
              let month = scanner.number(), (1...12).contains(month), scanner.take(oneOf: "-/"),
              let day = scanner.number(), (1...31).contains(day), scanner.take(oneOf: "T"),
              let hour = scanner.number(), (0...24).contains(hour), scanner.take(oneOf: ":"),
              let minute = scanner.number(), (0...59).contains(minute), scanner.take(oneOf: ":"),
              let second = scanner.number(), (0...59).contains(second) else { return false }
        while scanner.peek == UInt8(ascii: " ") { scanner.index += 1 }
        if scanner.take(oneOf: "Z") { return true }
        if scanner.take(oneOf: "+-") { return scanner.number() != nil }
        return scanner.hasPrefix("GMT") || scanner.hasPrefix("UTC")
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// One or more ASCII digits as a number (nil for none; huge values saturate).
        mutating func number() -> Int? {
            var value: Int?
            while let b = peek, b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                value = min((value ?? 0) * 10 + Int(b - UInt8(ascii: "0")), 1 << 40)
                index += 1
            }
            return value
        }

        mutating func take(oneOf characters: String) -> Bool {
            guard let b = peek, characters.utf8.contains(b) else { return false }
            index += 1
            return true
        }

        func hasPrefix(_ text: String) -> Bool {
            bytes[index...].starts(with: text.utf8)
        }
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
