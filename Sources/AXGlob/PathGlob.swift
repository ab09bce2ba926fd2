/// A path pattern over repository-relative paths, with git's glob rules:
/// `*` matches within one path segment, `?` one character, `[a-z]`/`[!a-z]` a class,
/// `**` as a whole segment any number of segments (`Snapshots/**` everything below
/// `Snapshots`, `**/*.aria.yml` such files at any depth, including the top level),
/// and `\` escapes. Patterns are anchored: they match the whole path from the root.
/// A pattern without glob characters names a file or a directory: `Snapshots/Debug` (or
/// `Snapshots/Debug/`) matches everything below that directory, as a git pathspec does.
package struct PathGlob: Hashable, Sendable, CustomStringConvertible {
    package let pattern: String
    private let segments: [[Unicode.Scalar]]
    private let isLiteral: Bool

    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        segments = trimmed.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
        isLiteral = !segments.contains { $0.contains(where: Self.isSpecial) }
    }

    private static func isSpecial(_ c: Unicode.Scalar) -> Bool {
        c == "*" || c == "?" || c == "[" || c == "\\"
    }

    package var description: String { pattern }

    /// True when the whole `path` matches.
    ///
    /// - Complexity: O(p · s) segment comparisons for p pattern segments and s path segments,
    ///   whatever the number of `**` (a committed `.axdiff.json` cannot make it backtrack);
    ///   each comparison is O(a · b) in the two segments' lengths at worst.
    package func matches(_ path: String) -> Bool {
        matches(parts: Self.segments(of: path))
    }

    /// A path as the segments `matches(parts:)` and `mayMatch(belowParts:)` take, so that a
    /// set of patterns splits it once.
    /// Split at each "/" scalar, as git splits at each "/" byte (by `Character`, a "/" that a
    /// combining mark follows would not split, and splitting was slower).
    static func segments(of path: String) -> [[Unicode.Scalar]] {
        path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
    }

    func matches(parts: [[Unicode.Scalar]]) -> Bool {
        if isLiteral {
            return !segments.isEmpty && parts.count >= segments.count && Array(parts.prefix(segments.count)) == segments
        }
        return Self.match(segments, parts)
    }

    /// False only when no path below `directory` can match, so a tree walk may skip it.
    package func mayMatch(below directory: String) -> Bool {
        mayMatch(belowParts: Self.segments(of: directory))
    }

    func mayMatch(belowParts parts: [[Unicode.Scalar]]) -> Bool {
        if isLiteral {
            let common = min(parts.count, segments.count)
            return Array(parts.prefix(common)) == Array(segments.prefix(common))
        }
        var index = 0
        for part in parts {
            guard index < segments.count else { return false }
            if Self.isDoubleStar(segments[index]) { return true }
            // The last pattern segment can only name a file, not a directory to descend into.
            guard index < segments.count - 1, Self.matchSegment(segments[index][...], part[...]) else { return false }
            index += 1
        }
        return true
    }

    private static func isDoubleStar(_ segment: [Unicode.Scalar]) -> Bool {
        segment.count == 2 && segment[0] == "*" && segment[1] == "*"
    }

    /// Runs the pattern as an automaton over path segments: `states[j]` says whether the
    /// first j pattern segments can match the path segments read so far. A `**` keeps its
    /// state on every segment (and, when not last, may also match none); a trailing `**`
    /// needs at least one segment: `dir/**` is what is inside `dir`.
    private static func match(_ pattern: [[Unicode.Scalar]], _ path: [[Unicode.Scalar]]) -> Bool {
        let count = pattern.count
        let doubleStar = pattern.map(isDoubleStar)
        func skipEmptyDoubleStars(_ states: inout [Bool]) {
            for j in 0..<max(0, count - 1) where states[j] && doubleStar[j] { states[j + 1] = true }
        }
        var states = [Bool](repeating: false, count: count + 1)
        states[0] = true
        skipEmptyDoubleStars(&states)
        for part in path {
            var next = [Bool](repeating: false, count: count + 1)
            var any = false
            for j in 0..<count where states[j] {
                if doubleStar[j] {
                    next[j] = true
                    if j == count - 1 { next[count] = true }
                    any = true
                } else if matchSegment(pattern[j][...], part[...]) {
                    next[j + 1] = true
                    any = true
                }
            }
            guard any else { return false }
            skipEmptyDoubleStars(&next)
            states = next
        }
        return states[count]
    }

    /// fnmatch of one segment: `*`, `?`, `[...]`, `\x`; none of them matches "/".
    private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int? = nil, starT = text.startIndex
        while t < text.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == "*" {
                    starP = p
                    starT = t
                    p += 1
                    continue
                }
                if let (matched, next) = matchOne(pattern, at: p, text[t]), matched {
                    p = next
                    t += 1
                    continue
                }
            }
            // Mismatch: let the last `*` swallow one more character.
            guard let star = starP else { return false }
            p = star + 1
            starT += 1
            t = starT
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches one non-star pattern element at `p` against `c`; returns (matched, index after element).
    private static func matchOne(_ pattern: ArraySlice<Unicode.Scalar>, at p: Int, _ c: Unicode.Scalar) -> (Bool, Int)? {
        let element = pattern[p]
        switch element {
        case "?":
            return (true, p + 1)
        case "\\":
            guard p + 1 < pattern.endIndex else { return (c == "\\", p + 1) }
            return (pattern[p + 1] == c, p + 2)
        case "[":
            var i = p + 1
            var negate = false
            if i < pattern.endIndex, pattern[i] == "!" || pattern[i] == "^" { negate = true; i += 1 }
            var matched = false
            var first = true
            while i < pattern.endIndex, pattern[i] != "]" || first {
                first = false
                var low = pattern[i]
                if low == "\\", i + 1 < pattern.endIndex { i += 1; low = pattern[i] }
                if i + 2 < pattern.endIndex, pattern[i + 1] == "-", pattern[i + 2] != "]" {
                    var high = pattern[i + 2]
                    var consumed = 3
                    if high == "\\", i + 3 < pattern.endIndex { high = pattern[i + 3]; consumed = 4 }
                    if low.value <= c.value && c.value <= high.value { matched = true }
                    i += consumed
                } else {
                    if low == c { matched = true }
                    i += 1
                }
            }
            // An unterminated class is a literal "[".
            guard i < pattern.endIndex else { return (c == "[", p + 1) }
            return (matched != negate, i + 1)
        default:
            return (element == c, p + 1)
        }
    }
}

/// A set of patterns; a path matches when any pattern does.
///
/// Compiling the patterns is most of the cost of a small tree diff (the default eleven took
/// as long as the walk of a commit's two trees), so a caller that diffs many commits with one
/// configuration builds the set once.
package struct PathGlobSet: Hashable, Sendable {
    package let globs: [PathGlob]

    package init(_ patterns: [String]) {
        globs = patterns.map(PathGlob.init)
    }

    package func matches(_ path: String) -> Bool {
        let parts = PathGlob.segments(of: path)
        return globs.contains { $0.matches(parts: parts) }
    }

    package func mayMatch(below directory: String) -> Bool {
        let parts = PathGlob.segments(of: directory)
        return globs.contains { $0.mayMatch(belowParts: parts) }
    }
}
