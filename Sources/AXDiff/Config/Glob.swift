/// A path glob: `*` matches within one path segment, `**` across segments
/// (`Snapshots/**`, `**/*.aria.yml`), `?` one character. No regular
/// expressions, so a hostile pattern from a repository cannot hang the watcher.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let tokens: [Token]

    enum Token: Hashable, Sendable {
        case literal(Character), any, star, globstar
    }

    public init(_ pattern: String) {
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
    }

    /// Whether `path` matches the whole pattern.
    ///
    /// - Complexity: O(p · t) time and O(t) space (dynamic programming over
    ///   path characters and pattern tokens), never exponential.
    public func matches(_ path: String) -> Bool {
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
