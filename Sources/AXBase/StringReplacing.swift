extension StringProtocol {
    /// Every occurrence of `target`'s Unicode scalars replaced by `replacement`, left to right.
    ///
    /// By scalar, not by `Character`: an apostrophe followed by a combining mark is still an
    /// apostrophe to a shell, so quoting must escape it, where Foundation's
    /// `replacingOccurrences(of:with:)` (and a search by `Character`) leaves it, and the quoted
    /// text ends early. For text of ASCII the two agree.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return String(self) }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let end = i + pattern.count
            if end <= scalars.count, scalars[i..<end].elementsEqual(pattern) {
                out.append(contentsOf: replacement.unicodeScalars)
                i = end
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
