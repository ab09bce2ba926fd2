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
    /// The same segments as bytes when the pattern is ASCII: matched against an ASCII
    /// path byte for byte, which is scalar for scalar there. Splitting a path into
    /// scalars and matching them was most of what a small history's backfill spent on
    /// globs (callgrind: 45,000 instructions a path against the default set).
    private let bytes: [[UInt8]]?
    /// Which segments are `**`, found once rather than at every match.
    private let doubleStar: [Bool]
    private let isLiteral: Bool

    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        segments = trimmed.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
        bytes = segments.allSatisfy { $0.allSatisfy(\.isASCII) } ? segments.map { $0.map { UInt8($0.value) } } : nil
        isLiteral = !segments.contains { $0.contains(where: { $0.isGlobSpecial }) }
        doubleStar = segments.map(Self.isDoubleStar)
    }

    package var description: String { pattern }

    /// True when the whole `path` matches.
    ///
    /// - Complexity: O(p · s) segment comparisons for p pattern segments and s path segments,
    ///   whatever the number of `**` (a committed `.axdiff.json` cannot make it backtrack);
    ///   each comparison is O(a · b) in the two segments' lengths at worst.
    package func matches(_ path: String) -> Bool {
        matches(parts: Parts(path))
    }

    /// A path as the segments `matches(parts:)` and `mayMatch(belowParts:)` take, so that a
    /// set of patterns splits it once: its bytes when it is ASCII, else its scalars.
    /// Split at each "/", as git splits at each "/" byte (by `Character`, a "/" that a
    /// combining mark follows would not split, and splitting was slower).
    struct Parts {
        let bytes: [[UInt8]]?
        private let given: [[Unicode.Scalar]]?

        init(_ path: String) {
            let utf8 = Array(path.utf8)
            if utf8.allSatisfy({ $0 < 0x80 }) {
                bytes = utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
                given = nil
            } else {
                bytes = nil
                given = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
            }
        }

        /// The segments as scalars, for a pattern that is not ASCII.
        var scalars: [[Unicode.Scalar]] {
            given ?? (bytes ?? []).map { $0.map { Unicode.Scalar($0) } }
        }
    }

    func matches(parts: Parts) -> Bool {
        if let bytes, let path = parts.bytes { return Self.matches(bytes, path, isLiteral: isLiteral, doubleStar: doubleStar) }
        return Self.matches(segments, parts.scalars, isLiteral: isLiteral, doubleStar: doubleStar)
    }

    /// `matches` and `mayMatch` through the scalar matcher whatever the input: what the
    /// byte matcher must agree with on ASCII (`PathGlobBytesTests`).
    func matchesByScalars(_ path: String) -> Bool {
        Self.matches(segments, Parts(path).scalars, isLiteral: isLiteral, doubleStar: doubleStar)
    }

    func mayMatchByScalars(below directory: String) -> Bool {
        Self.mayMatch(segments, below: Parts(directory).scalars, isLiteral: isLiteral, doubleStar: doubleStar)
    }

    private static func matches<C: GlobUnit>(_ segments: [[C]], _ parts: [[C]], isLiteral: Bool, doubleStar: [Bool]) -> Bool {
        if isLiteral {
            return !segments.isEmpty && parts.count >= segments.count && Array(parts.prefix(segments.count)) == segments
        }
        return segments.count < 64 ? match(segments, doubleStar, parts) : matchLong(segments, doubleStar, parts)
    }

    /// False only when no path below `directory` can match, so a tree walk may skip it.
    package func mayMatch(below directory: String) -> Bool {
        mayMatch(belowParts: Parts(directory))
    }

    func mayMatch(belowParts parts: Parts) -> Bool {
        if let bytes, let path = parts.bytes { return Self.mayMatch(bytes, below: path, isLiteral: isLiteral, doubleStar: doubleStar) }
        return Self.mayMatch(segments, below: parts.scalars, isLiteral: isLiteral, doubleStar: doubleStar)
    }

    private static func mayMatch<C: GlobUnit>(_ segments: [[C]], below parts: [[C]], isLiteral: Bool, doubleStar: [Bool]) -> Bool {
        if isLiteral {
            let common = min(parts.count, segments.count)
            return Array(parts.prefix(common)) == Array(segments.prefix(common))
        }
        var index = 0
        for part in parts {
            guard index < segments.count else { return false }
            if doubleStar[index] { return true }
            // The last pattern segment can only name a file, not a directory to descend into.
            guard index < segments.count - 1, matchSegment(segments[index][...], part[...]) else { return false }
            index += 1
        }
        return true
    }

    private static func isDoubleStar<C: GlobUnit>(_ segment: [C]) -> Bool {
        segment.count == 2 && segment[0] == C.star && segment[1] == C.star
    }

    /// Runs the pattern as an automaton over path segments: state j says whether the
    /// first j pattern segments can match the path segments read so far. A `**` keeps its
    /// state on every segment (and, when not last, may also match none); a trailing `**`
    /// needs at least one segment: `dir/**` is what is inside `dir`.
    private static func match<C: GlobUnit>(_ pattern: [[C]], _ doubleStar: [Bool], _ path: [[C]]) -> Bool {
        // The states as the bits of one word: no array made or cleared per segment.
        let count = pattern.count
        func skipEmptyDoubleStars(_ states: UInt64) -> UInt64 {
            var states = states
            for j in 0..<max(0, count - 1) where states & (1 << j) != 0 && doubleStar[j] { states |= 1 << (j + 1) }
            return states
        }
        var states = skipEmptyDoubleStars(1)
        for part in path {
            var next: UInt64 = 0
            var open = states & ((1 << count) - 1)
            while open != 0 {
                let j = open.trailingZeroBitCount
                open &= open - 1
                if doubleStar[j] {
                    next |= 1 << j
                    if j == count - 1 { next |= 1 << count }
                } else if matchSegment(pattern[j][...], part[...]) {
                    next |= 1 << (j + 1)
                }
            }
            guard next != 0 else { return false }
            states = skipEmptyDoubleStars(next)
        }
        return states & (1 << count) != 0
    }

    /// `match` for a pattern of 64 segments or more, its states in an array.
    private static func matchLong<C: GlobUnit>(_ pattern: [[C]], _ doubleStar: [Bool], _ path: [[C]]) -> Bool {
        let count = pattern.count
        func skipEmptyDoubleStars(_ states: inout [Bool]) {
            for j in 0..<max(0, count - 1) where states[j] && doubleStar[j] { states[j + 1] = true }
        }
        var states = [Bool](repeating: false, count: count + 1)
        states[0] = true
        skipEmptyDoubleStars(&states)
        var next = states
        for part in path {
            for j in next.indices { next[j] = false }
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
            swap(&states, &next)
        }
        return states[count]
    }

    /// fnmatch of one segment: `*`, `?`, `[...]`, `\x`; none of them matches "/".
    private static func matchSegment<C: GlobUnit>(_ pattern: ArraySlice<C>, _ text: ArraySlice<C>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int? = nil, starT = text.startIndex
        while t < text.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == C.star {
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
        while p < pattern.endIndex, pattern[p] == C.star { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches one non-star pattern element at `p` against `c`; returns (matched, index after element).
    private static func matchOne<C: GlobUnit>(_ pattern: ArraySlice<C>, at p: Int, _ c: C) -> (Bool, Int)? {
        let element = pattern[p]
        switch element {
        case C.question:
            return (true, p + 1)
        case C.backslash:
            guard p + 1 < pattern.endIndex else { return (c == C.backslash, p + 1) }
            return (pattern[p + 1] == c, p + 2)
        case C.open:
            var i = p + 1
            var negate = false
            if i < pattern.endIndex, pattern[i] == C.bang || pattern[i] == C.caret { negate = true; i += 1 }
            var matched = false
            var first = true
            while i < pattern.endIndex, pattern[i] != C.close || first {
                first = false
                var low = pattern[i]
                if low == C.backslash, i + 1 < pattern.endIndex { i += 1; low = pattern[i] }
                if i + 2 < pattern.endIndex, pattern[i + 1] == C.dash, pattern[i + 2] != C.close {
                    var high = pattern[i + 2]
                    var consumed = 3
                    if high == C.backslash, i + 3 < pattern.endIndex { high = pattern[i + 3]; consumed = 4 }
                    if low <= c && c <= high { matched = true }
                    i += consumed
                } else {
                    if low == c { matched = true }
                    i += 1
                }
            }
            // An unterminated class is a literal "[".
            guard i < pattern.endIndex else { return (c == C.open, p + 1) }
            return (matched != negate, i + 1)
        default:
            return (element == c, p + 1)
        }
    }
}

/// What a pattern and a path are matched in: bytes (both ASCII) or Unicode scalars,
/// compared by value either way, so the two give the same answers on ASCII.
protocol GlobUnit: Comparable {
    static var star: Self { get }
    static var question: Self { get }
    static var backslash: Self { get }
    static var open: Self { get }
    static var close: Self { get }
    static var bang: Self { get }
    static var caret: Self { get }
    static var dash: Self { get }
}

extension UInt8: GlobUnit {
    static let star = UInt8(ascii: "*"), question = UInt8(ascii: "?"), backslash = UInt8(ascii: "\\")
    static let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), bang = UInt8(ascii: "!")
    static let caret = UInt8(ascii: "^"), dash = UInt8(ascii: "-")
}

extension Unicode.Scalar: GlobUnit {
    static let star: Unicode.Scalar = "*", question: Unicode.Scalar = "?", backslash: Unicode.Scalar = "\\"
    static let open: Unicode.Scalar = "[", close: Unicode.Scalar = "]", bang: Unicode.Scalar = "!"
    static let caret: Unicode.Scalar = "^", dash: Unicode.Scalar = "-"

    var isGlobSpecial: Bool { self == "*" || self == "?" || self == "[" || self == "\\" }
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
        let parts = PathGlob.Parts(path)
        return globs.contains { $0.matches(parts: parts) }
    }

    package func mayMatch(below directory: String) -> Bool {
        let parts = PathGlob.Parts(directory)
        return globs.contains { $0.mayMatch(belowParts: parts) }
    }
}
