/// Small text helpers shared by the label rules and matching.
enum LabelText {
    /// Lower-cased, trimmed, inner whitespace collapsed: the form labels are compared in.
    ///
    /// Every rule normalizes labels, for every stop of both versions: an ASCII
    /// label that is already in normal form (the common case) is returned as
    /// it is, without the per-Character Unicode work (callgrind: label helpers
    /// were most of a 10,000-stop diff).
    static func normalized(_ s: String) -> String {
        if isNormalASCII(s) { return s }
        let lower = s.lowercased()
        if isNormalASCII(lower) { return lower }
        return lower.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// True when `s` is ASCII with no upper-case letter, no whitespace but
    /// single inner spaces: `normalized(s) == s`. (For ASCII, Character's
    /// whitespace is exactly 0x09–0x0D and 0x20.)
    static func isNormalASCII(_ s: String) -> Bool {
        var s = s
        // One contiguous buffer: iterating `String.UTF8View` costs several times more per byte.
        return s.withUTF8 { bytes in
            var previousSpace = true  // a leading space is not normal
            for b in bytes {
                if b >= 0x80 || (b >= 0x41 && b <= 0x5A) || (b >= 0x09 && b <= 0x0D) { return false }
                if b == 0x20 {
                    if previousSpace { return false }
                    previousSpace = true
                } else {
                    previousSpace = false
                }
            }
            return !previousSpace || bytes.isEmpty
        }
    }

    /// Words of a label, lower-cased, punctuation dropped.
    static func words(_ s: String) -> [Substring] {
        // ASCII fast path: an ASCII Character is a letter or a number exactly
        // when it is [A-Za-z0-9], so splitting the bytes gives the same words
        // without Unicode property lookups per Character.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            let lower = s.lowercased()
            return lower.utf8.split(whereSeparator: { !(($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)) })
                .map { Substring($0) }
        }
        return s.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// Whether `phrase` occurs in `text` as whole words ("Close button" contains "button",
    /// "Buttonhole" does not).
    static func containsWords(_ text: String, _ phrase: String) -> Bool {
        containsWords(words(text), words(phrase))
    }

    /// `containsWords` on words already split, for callers that test one text
    /// against many phrases.
    static func containsWords(_ t: [Substring], _ p: [Substring]) -> Bool {
        guard !p.isEmpty, t.count >= p.count else { return false }
        for start in 0...(t.count - p.count) where t[start] == p[0] {
            if t[start..<start + p.count].elementsEqual(p) { return true }
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
