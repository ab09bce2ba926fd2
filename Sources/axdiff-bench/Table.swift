import Foundation

/// The benchmark's result: one row per measure, printed as a Markdown table.
///
/// Every row compares axdiff's figure with a reference: another figure
/// measured in the same run (git, the smaller size), or a fixed budget when the
/// target is absolute. The ratio is figure ÷ reference, and the row passes
/// when the ratio is at most the target.
struct Table {
    enum Unit {
        case seconds, bytes

        func format(_ value: Double) -> String {
            guard value.isFinite else { return "n/a" }
            switch self {
            case .seconds:
                if value >= 1 { return String(format: "%.2f s", value) }
                if value >= 0.001 { return String(format: "%.2f ms", value * 1e3) }
                return String(format: "%.1f µs", value * 1e6)
            case .bytes:
                return String(format: "%.1f MB", value / 1_048_576)
            }
        }
    }

    struct Row {
        /// A stable name (`backfill`, `diff.scale`, …): what `--only` and the tests refer to.
        var key: String
        var what: String
        var unit: Unit
        var value: Double
        /// What `value` is compared with; `referenceIsBudget` when it is a fixed target.
        var reference: Double
        var referenceLabel: String
        var referenceIsBudget = false
        /// The row passes when value ÷ reference ≤ maxRatio.
        var maxRatio: Double

        var ratio: Double { reference > 0 ? value / reference : .infinity }
        var passes: Bool { ratio.isFinite && ratio <= maxRatio }
    }

    static let header = ["measure", "what", "axdiff", "reference", "ratio", "target", "result"]

    var rows: [Row] = []
    /// The md5 of the backfill's notes (`BackfillBench.notesMD5`), when it ran.
    var notesDigest: String?

    mutating func add(_ row: Row) { rows.append(row) }

    static func ratioText(_ r: Double) -> String {
        guard r.isFinite else { return "n/a" }
        return r >= 10 ? String(format: "%.1f×", r) : String(format: "%.2f×", r)
    }

    func cells(_ row: Row) -> [String] {
        let reference = (row.referenceIsBudget ? "budget " : "") + row.unit.format(row.reference)
            + (row.referenceLabel.isEmpty ? "" : " (\(row.referenceLabel))")
        return [row.key, row.what, row.unit.format(row.value), reference, Self.ratioText(row.ratio),
                "≤ " + Self.ratioText(row.maxRatio), row.passes ? "PASS" : "FAIL"]
    }

    /// A Markdown table, columns padded so it also reads well in a terminal.
    func render() -> String {
        let body = rows.map(cells)
        var widths = Self.header.map(\.count)
        for cells in body {
            for (i, cell) in cells.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { i, c in c + String(repeating: " ", count: widths[i] - c.count) }.joined(separator: " | ") + " |"
        }
        var lines = [line(Self.header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
        lines += body.map(line)
        return lines.joined(separator: "\n")
    }
}
