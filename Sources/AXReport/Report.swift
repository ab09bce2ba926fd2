import AXDiff

/// A report format: a name for `--format` and a function from a diff to the
/// report's UTF-8 bytes.
///
/// Formats are values, not cases of a `switch`: each lives in its own
/// `Report+Format.swift` file as a static member, and a new format is a new
/// file. Every format is deterministic — the same report and context give the
/// same bytes — because the text format is stored as a git note that two
/// watchers must agree on. A format writes into one growing byte buffer
/// (`ReportBytes`), which is what is printed, written to a file or stored.
public struct Report: Sendable {
    /// What `--format` calls it: `text`, `markdown`, `json`, `sarif`, `junit`.
    public let name: String
    /// What `--help` says after the name, when the name alone does not say what it gives.
    public let about: String?
    /// The report as UTF-8.
    public let bytes: @Sendable (DiffReport, ReportContext) -> [UInt8]

    public init(name: String, about: String? = nil, bytes: @escaping @Sendable (DiffReport, ReportContext) -> [UInt8]) {
        self.name = name
        self.about = about
        self.bytes = bytes
    }

    /// The report as a `String`, for a caller that needs one: `bytes` decoded.
    public func render(_ report: DiffReport, _ context: ReportContext) -> String {
        String(decoding: bytes(report, context), as: UTF8.self)
    }

    /// Every built-in format, in the order `--help` lists them: the one list
    /// the command line's choices, help and shell completions are derived from.
    public static var all: [Report] { [.text, .markdown, .json, .sarif, .junit, .svg] }

    /// The formats as `--help` names them: "text, markdown or svg (the changed screens' wireframes)".
    public static var helpList: String {
        let words = all.map { $0.name + ($0.about.map { " (\($0))" } ?? "") }
        guard words.count > 1, let last = words.last else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The format `--format NAME` asks for (case-insensitive), or nil.
    public static func named(_ name: String) -> Report? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }

    /// One line for `axdiff log`: "1 error, 2 warnings, 1 improvement", or "no changes".
    ///
    /// Errors and warnings are counted when not accepted; notes are named only
    /// when nothing weightier is, so the line leads with what matters.
    public static func summaryLine(_ report: DiffReport) -> String {
        ReportModel(report).summaryLine
    }

    /// The summary for a log line, where "3 notes" would read as three git notes
    /// written: note-severity changes are "minor changes" there.
    public static func logSummaryLine(_ report: DiffReport) -> String {
        ReportModel(report).summaryLine(notes: "minor change")
    }
}
