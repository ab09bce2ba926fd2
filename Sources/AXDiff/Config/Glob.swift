/// A path glob: `*` matches within one path segment, `**` across segments
/// (`Snapshots/**`, `**/*.aria.yml`), `?` one character. No regular
/// expressions, so a hostile pattern from a repository cannot hang the watcher.
package struct Glob: Sendable, Hashable {
    package let pattern: String
    private let tokens: [Token]

    enum Token: Hashable, Sendable {
        case literal(Character), any, star, globstar
    }

    package init(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        let chars = Array(pattern)
        var i = 0
        while i < chars.count {
            if chars[i] == "*" {
                if i + 1 < chars.count, chars[i + 1] == "*" {
                    // `**/` also matches zero directories.
                    tokens.append(.globstar)
                    i += 2
                    if i < chars.count, chars[i] == "/" { i += 1 }
                    continue
                }
                tokens.append(.star)
            } else if chars[i] == "?" {
                tokens.append(.any)
            } else {
                tokens.append(.literal(chars[i]))
            }
            i += 1
        }
        self.tokens = tokens
        asciiTokens = pattern.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? tokens.map(ByteToken.init) : nil
    }

    /// `tokens` with each literal as its byte, when the pattern is ASCII
    /// without a carriage return; nil otherwise.
    private let asciiTokens: [ByteToken]?

    enum ByteToken: Hashable, Sendable {
        case literal(UInt8), any, star, globstar

        init(_ token: Token) {
            switch token {
            // The pattern is ASCII, so each literal is one byte.
            case .literal(let c): self = .literal(c.asciiValue ?? 0)
            case .any: self = .any
            case .star: self = .star
            case .globstar: self = .globstar
            }
        }
    }

    /// `matches` on the bytes of a path, for ASCII tokens; nil when the path
    /// is not ASCII or holds a carriage return (the general path decides).
    ///
    /// - Complexity: O(p · t) time and O(t) space, as `matches`.
    private static func matches(_ tokens: [ByteToken], _ path: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !path.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        var reach = [Bool](repeating: false, count: tokens.count + 1)
        var next = reach
        reach[0] = true
        closeStars(tokens, &reach)
        for ch in path {
            for k in next.indices { next[k] = false }
            for k in 0..<tokens.count where reach[k] {
                switch tokens[k] {
                case .literal(let c): if c == ch { next[k + 1] = true }
                case .any: if ch != UInt8(ascii: "/") { next[k + 1] = true }
                case .star: if ch != UInt8(ascii: "/") { next[k] = true }
                case .globstar: next[k] = true
                }
            }
            closeStars(tokens, &next)
            swap(&reach, &next)
            if !reach.contains(true) { return false }
        }
        return reach[tokens.count]
    }

    private static func closeStars(_ tokens: [ByteToken], _ reach: inout [Bool]) {
        for k in 0..<tokens.count where reach[k] {
            switch tokens[k] {
            case .star, .globstar: reach[k + 1] = true
            default: break
            }
        }
    }

    /// Whether `path` matches the whole pattern.
    ///
    /// - Complexity: O(p · t) time and O(t) space (dynamic programming over
    ///   path characters and pattern tokens), never exponential.
    package func matches(_ path: String) -> Bool {
        // Every change of every commit is tested against each pattern; an
        // array of `Character`s per test, and `Character` comparisons, were
        // 1 % of a backfill (callgrind). When the pattern and the path are
        // ASCII without a carriage return (which joins a following line feed
        // into one `Character`), each byte is one `Character`, so matching the
        // bytes gives the same answer.
        if let asciiTokens, let result = path.utf8.withContiguousStorageIfAvailable({ Self.matches(asciiTokens, $0) }) ?? nil {
            return result
        }
        return matchesByCharacters(path)
    }

    /// `matches` the general way, on `Character`s.
    func matchesByCharacters(_ path: String) -> Bool {
        let s = Array(path)
        // reach[k]: pattern prefix of k tokens can match the path prefix read so far.
        var reach = Array(repeating: false, count: tokens.count + 1)
        reach[0] = true
        closeStars(&reach)
        for ch in s {
            var next = Array(repeating: false, count: tokens.count + 1)
            for k in 0..<tokens.count where reach[k] {
                switch tokens[k] {
                case .literal(let c): if c == ch { next[k + 1] = true }
                case .any: if ch != "/" { next[k + 1] = true }
                case .star: if ch != "/" { next[k] = true }
                case .globstar: next[k] = true
                }
            }
            closeStars(&next)
            reach = next
            if !reach.contains(true) { return false }
        }
        return reach[tokens.count]
    }

    /// Stars match the empty string: a reachable star lets the next token start.
    private func closeStars(_ reach: inout [Bool]) {
        for k in 0..<tokens.count where reach[k] {
            switch tokens[k] {
            case .star, .globstar: reach[k + 1] = true
            default: break
            }
        }
    }
}
