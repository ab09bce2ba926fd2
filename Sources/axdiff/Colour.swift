#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXDiff

/// `--color auto|always|never`: severities coloured in text reports on a
/// terminal. `auto` colours only when stdout is a terminal and `NO_COLOR` is
/// unset (no-color.org), so a pipe, a file or a git note never gets escapes.
enum Colour {
    static func enabled(_ choice: String?) -> Bool {
        switch choice ?? "auto" {
        case "always": return true
        case "never": return false
        default:
            // The terminal first: a pipe or a file (most runs) reads no environment. `getenv` reads
            // the two variables; `ProcessInfo.environment` would copy all of them into a dictionary.
            guard Console.stdoutIsTerminal else { return false }
            let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
            return !noColor && getenv("TERM").map { String(cString: $0) } != "dumb"
        }
    }

    private static let kinds = Set(ChangeKind.allCases.map(\.rawValue))
    private static let styles: [Character: String] = ["✗": "1;31", "!": "33", "·": "2", "✓": "32"]

    /// Colours the marker and kind of each change line (`  ✗ order.regressed  …`)
    /// and the headline; every other byte stays as it was.
    static func apply(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for i in lines.indices {
            let line = lines[i]
            if i == 0, line.hasPrefix("axdiff: ") {
                lines[i] = "\u{1B}[1m\(line)\u{1B}[0m"
                continue
            }
            guard line.hasPrefix("  "), line.count > 4 else { continue }
            let rest = line.dropFirst(2)
            guard let marker = rest.first, let style = styles[marker], rest.dropFirst().first == " " else { continue }
            let kind = rest.dropFirst(2).prefix { $0 != " " }
            guard kinds.contains(String(kind)) else { continue }
            let tail = rest.dropFirst(2 + kind.count)
            lines[i] = "  \u{1B}[\(style)m\(marker) \(kind)\u{1B}[0m\(tail)"
        }
        return lines.joined(separator: "\n")
    }

    /// The text report as printed: coloured when `--color` says so.
    static func output(_ text: String, format: String, choice: String?) -> String {
        format == "text" && enabled(choice) ? apply(text) : text
    }

    /// A report's bytes as printed: only a coloured text report is made a `String` to colour.
    static func output(_ bytes: [UInt8], format: String, choice: String?) -> [UInt8] {
        format == "text" && enabled(choice) ? Array(apply(String(decoding: bytes, as: UTF8.self)).utf8) : bytes
    }
}
