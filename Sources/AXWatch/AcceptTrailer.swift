import AXDiff
import AXGit

/// A reviewer's deliberate acceptance of a flagged change (DESIGN §11): the
/// commit trailer `Axdiff-Accept: <kind> [<screen name or glob>]`, e.g.
/// `Axdiff-Accept: order.regressed Checkout`.
///
/// The kind must equal the change's kind; the optional screen matches the
/// change's screen name exactly or as a glob (`Checkout*`), or the snapshot's
/// path as a glob (`Snapshots/Checkout/**`). Without a screen, the kind is
/// accepted on every screen. One surrounding pair of quotes around the screen
/// is dropped, so `"Product card"` and `Product card` are the same.
public struct AcceptTrailer: Sendable, Equatable {
    /// The trailer key; git compares trailer keys without regard to case, and so does axdiff.
    public static let key = "Axdiff-Accept"

    public var kind: ChangeKind
    /// A screen name or glob; nil accepts the kind on every screen.
    public var screen: String?
    /// The commit whose message carries the trailer, when it came from one.
    public var commit: ObjectID?

    public init(kind: ChangeKind, screen: String? = nil, commit: ObjectID? = nil) {
        self.kind = kind
        self.screen = screen
        self.commit = commit
    }

    /// Parses a trailer's value (`order.regressed Checkout`).
    ///
    /// - Returns: the trailer, or why it cannot be used (an unknown or missing kind).
    public static func parse(value: String) -> Result<AcceptTrailer, AcceptTrailerProblem> {
        let text = value.trimmingWhitespace
        let kindText = String(text.prefix { !$0.isWhitespace })
        guard !kindText.isEmpty else { return .failure(.missingKind) }
        guard let kind = ChangeKind(rawValue: kindText) else {
            return .failure(.unknownKind(kindText, suggestion: closestKind(to: kindText)))
        }
        var screen = String(text.dropFirst(kindText.count)).trimmingWhitespace
        if screen.count >= 2, let first = screen.first, first == "\"" || first == "'", screen.last == first {
            screen = String(screen.dropFirst().dropLast())
        }
        return .success(AcceptTrailer(kind: kind, screen: screen.isEmpty ? nil : screen))
    }

    /// Every `Axdiff-Accept` trailer of a commit message (several are allowed),
    /// and one warning for each that cannot be used.
    public static func parse(message: String, commit: ObjectID? = nil) -> (accepts: [AcceptTrailer], warnings: [String]) {
        var accepts: [AcceptTrailer] = []
        var warnings: [String] = []
        for trailer in CommitInfo.trailers(ofMessage: message)
        where trailer.key.lowercased() == key.lowercased() {
            switch parse(value: trailer.value) {
            case .success(var accept):
                accept.commit = commit
                accepts.append(accept)
            case .failure(let problem):
                let origin = commit.map { "commit \($0.abbreviated()): " } ?? ""
                warnings.append("\(origin)\(key): \(trailer.value.trimmingWhitespace.oneLineForTerminal): \(problem); ignored")
            }
        }
        // libgit2 drops a trailer without a value; a bare "Axdiff-Accept:" still deserves a word.
        var lastParagraph: [String] = []
        for line in message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).reversed() {
            let trimmed = String(line).trimmingWhitespace
            if trimmed.isEmpty && !lastParagraph.isEmpty { break }
            if !trimmed.isEmpty { lastParagraph.append(trimmed) }
        }
        for line in lastParagraph.reversed() where line.lowercased() == key.lowercased() + ":" {
            let origin = commit.map { "commit \($0.abbreviated()): " } ?? ""
            warnings.append("\(origin)\(key): \(AcceptTrailerProblem.missingKind); ignored")
        }
        return (accepts, warnings)
    }

    /// Whether this trailer accepts `change`, found in the snapshot at `path`.
    public func accepts(_ change: Change, path: String) -> Bool {
        guard change.kind == kind else { return false }
        guard let screen else { return true }
        if screen == change.screen { return true }
        let glob = Glob(screen)
        return glob.matches(change.screen) || glob.matches(path)
    }

    /// The trailer as a user writes it; the screen is left out when nil.
    public var text: String {
        "\(AcceptTrailer.key): \(kind.rawValue)" + (screen.map { " " + $0 } ?? "")
    }

    /// The known kind nearest to a misspelt one (at most two edits away), for "did you mean".
    static func closestKind(to text: String) -> ChangeKind? {
        let scored = ChangeKind.allCases.map { ($0, editDistance(Array(text.lowercased()), Array($0.rawValue))) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance. - Complexity: O(a · b) on two short words.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Why an `Axdiff-Accept` trailer cannot be used.
public enum AcceptTrailerProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missingKind
    case unknownKind(String, suggestion: ChangeKind?)

    public var description: String {
        switch self {
        case .missingKind:
            return "expected a change kind, e.g. \(AcceptTrailer.key): order.regressed Checkout"
        case .unknownKind(let kind, let suggestion):
            return "unknown change kind '\(kind.oneLineForTerminal)'" + (suggestion.map { " (did you mean \($0.rawValue)?)" } ?? "")
        }
    }
}

extension DiffReport {
    /// The report with every change that one of `trailers` accepts marked `accepted`.
    ///
    /// - Complexity: O(c · t), where c is the number of changes and t the number of trailers.
    public func accepting(_ trailers: [AcceptTrailer]) -> DiffReport {
        guard !trailers.isEmpty else { return self }
        var copy = self
        for s in copy.screens.indices {
            let path = copy.screens[s].path
            for c in copy.screens[s].changes.indices where trailers.contains(where: { $0.accepts(copy.screens[s].changes[c], path: path) }) {
                copy.screens[s].changes[c].accepted = true
            }
        }
        return copy
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// On one line, without control characters, so text from a repository cannot
    /// add lines to a message or send escape sequences to a terminal.
    var oneLineForTerminal: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
