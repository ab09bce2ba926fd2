/// "Did you mean …?" for a mistyped command, option or value.
package enum Suggestion {
    /// `"; did you mean '--format'?"`, or "" when no candidate is close enough:
    /// within a third of the word's length in edits (at least one, at most three),
    /// or the word is a prefix of exactly one candidate.
    package static func didYouMean(_ word: String, among candidates: [String], prefix: String = "") -> String {
        nearest(word, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    package static func nearest(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        let starting = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        if starting.count == 1 { return starting[0] }
        let limit = min(3, max(1, lowered.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased(), limit: limit)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions),
    /// stopped early once it exceeds `limit`.
    ///
    /// - Complexity: O(a × b) for words of lengths a and b; callers pass short names.
    package static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { v = min(v, previous2[j - 2] + 1) }
                current[j] = v
                rowMinimum = min(rowMinimum, v)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}
