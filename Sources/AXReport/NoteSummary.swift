/// The counts a stored note carries, read back from its text: errors and
/// warnings from the trailers, improvements from the header line. Used by
/// `axdiff log` so that listing history needs no re-analysis.
package struct NoteSummary: Sendable, Equatable {
    package var errors: Int
    package var warnings: Int
    package var improvements: Int

    package init(errors: Int, warnings: Int, improvements: Int) {
        self.errors = errors
        self.warnings = warnings
        self.improvements = improvements
    }

    /// Nil when the text is not an axdiff note (no trailers).
    package static func parse(_ note: String) -> NoteSummary? {
        var errors: Int?, warnings: Int?
        var improvements = 0
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Axdiff-Errors: ") { errors = Int(line.dropFirst(15)) }
            if line.hasPrefix("Axdiff-Warnings: ") { warnings = Int(line.dropFirst(17)) }
        }
        if let header = note.split(separator: "\n").first, header.hasPrefix("axdiff: ") {
            let words = header.split(separator: " ")
            for (i, word) in words.enumerated() where i > 0 && word.hasPrefix("improvement") {
                improvements = Int(words[i - 1]) ?? 0
            }
        }
        guard let errors, let warnings else { return nil }
        return NoteSummary(errors: errors, warnings: warnings, improvements: improvements)
    }
}
