/// Small text helpers shared by the label rules and matching.
enum LabelText {
    /// Lower-cased, trimmed, inner whitespace collapsed: the form labels are compared in.
    static func normalized(_ s: String) -> String {
        s.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Words of a label, lower-cased, punctuation dropped.
    static func words(_ s: String) -> [Substring] {
        s.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// Whether `phrase` occurs in `text` as whole words ("Close button" contains "button",
    /// "Buttonhole" does not).
    static func containsWords(_ text: String, _ phrase: String) -> Bool {
        let t = words(text), p = words(phrase)
        guard !p.isEmpty, t.count >= p.count else { return false }
        for start in 0...(t.count - p.count) where t[start] == p[0] {
            if Array(t[start..<start + p.count]) == p { return true }
        }
        return false
    }

    /// Two labels are similar when one contains the other or they share at
    /// least half of their words (Jaccard ≥ 0.5).
    static func similar(_ a: String, _ b: String) -> Bool {
        let na = normalized(a), nb = normalized(b)
        guard !na.isEmpty, !nb.isEmpty else { return false }
        if na.contains(nb) || nb.contains(na) { return true }
        let wa = Set(words(na)), wb = Set(words(nb))
        let union = wa.union(wb).count
        return union > 0 && Double(wa.intersection(wb).count) / Double(union) >= 0.5
    }
}
