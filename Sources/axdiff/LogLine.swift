import Foundation

/// The watcher's log lines as JSON objects (`watch --log-format json`), one per
/// line, keys sorted: `time` (UTC, ISO 8601), `level` (`info` or `error`),
/// `message`, and for a commit's line `commit`.
enum LogLine {
    static func json(_ line: String, now: Date = Date()) -> String {
        var message = line
        var time = ISO8601DateFormatter().string(from: now)
        var fields: [String: String] = [:]
        // A commit's line starts with its own time and short id: "2026-01-01T10:00:00Z 68ed123 1 error …".
        let words = line.split(separator: " ", maxSplits: 2)
        if words.count == 3, ISO8601DateFormatter().date(from: String(words[0])) != nil,
           words[1].count >= 7, words[1].allSatisfy(\.isHexDigit) {
            time = String(words[0])
            fields["commit"] = String(words[1])
            message = String(words[2])
        }
        fields["time"] = time
        fields["level"] = line.hasPrefix("error: ") ? "error" : "info"
        fields["message"] = message
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return #"{"level":"error","message":"log line could not be encoded"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
