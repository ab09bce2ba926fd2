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

/// The watcher's log lines as JSON objects (`watch --log-format json`), one per
/// line, keys sorted: `time` (UTC, ISO 8601), `level` (`info` or `error`),
/// `message`, and for a commit's line `commit`.
enum LogLine {
    static func json(_ line: String, now: Date = Date()) -> String {
        var message = line
        var time = ISO8601Time.string(from: now)
        var fields: [String: String] = [:]
        // A commit's line starts with its own time and short id: "2026-01-01T10:00:00Z 68ed123 1 error …".
        let words = line.split(separator: " ", maxSplits: 2)
        if words.count == 3, ISO8601Time.isTime(String(words[0])),
           words[1].count >= 7, words[1].allSatisfy(\.isHexDigit) {
            time = String(words[0])
            fields["commit"] = String(words[1])
            message = String(words[2])
        }
        fields["time"] = time
        fields["level"] = line.hasPrefix("error: ") ? "error" : "info"
        fields["message"] = message
        return "{" + fields.keys.sorted().map { Self.quoted($0) + ":" + Self.quoted(fields[$0] ?? "") }.joined(separator: ",") + "}"
    }

    /// A JSON string as `JSONSerialization` wrote it with `.withoutEscapingSlashes`: `"` and
    /// `\` escaped, control characters as `\n`-style escapes or `\u00xx`, the rest as it is.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{c}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1f}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
