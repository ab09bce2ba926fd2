import AXDiff
import AXGit
import AXGlob

/// A reviewer's deliberate acceptance of a flagged change (DESIGN §11): the
/// commit trailer `Axdiff-Accept: <kind> [<target>]`, e.g.
/// `Axdiff-Accept: order.regressed Checkout`.
///
/// The kind must equal the change's kind. The target narrows from a screen to
/// a snapshot to one element:
/// - a screen name, exactly or as a glob (`Checkout`, `Checkout*`);
/// - a snapshot path, exactly or as a glob (`Snapshots/ios/Checkout.json`,
///   `Snapshots/ios/**`);
/// - either, then `#` and one element by id, else by exact label
///   (`Checkout#retry_button`, `Checkout#Reorder order 1042`,
///   `Snapshots/ios/Orders.json#Try again`) — a stop that lost its label by the
///   label it had; the screen part may be empty (`#retry_button`: that element
///   on any screen).
/// Without a target, the kind is accepted on every screen. One surrounding
/// pair of quotes around the target, and around each part, is dropped, so
/// `"Product card"` and `Product card` are the same. The target splits at its
/// first `#`, so an element's label may hold `#` but a screen name may not.
package struct AcceptTrailer: Sendable, Equatable {
    /// The trailer key; git compares trailer keys without regard to case, and so does axdiff.
    package static let key = "Axdiff-Accept"

    package var kind: ChangeKind
    /// A screen name or glob, or a snapshot path or glob; nil accepts the kind on every screen.
    package var screen: String?
    /// One element of the screen, by id else by label; nil accepts every element.
    package var element: String?
    /// The commit whose message carries the trailer, when it came from one.
    package var commit: ObjectID?

    package init(kind: ChangeKind, screen: String? = nil, element: String? = nil, commit: ObjectID? = nil) {
        self.kind = kind
        self.screen = screen
        self.element = element
        self.commit = commit
    }

    /// Parses a trailer's value (`order.regressed Checkout#retry_button`).
    ///
    /// - Returns: the trailer, or why it cannot be used (an unknown or missing kind).
    package static func parse(value: String) -> Result<AcceptTrailer, AcceptTrailerProblem> {
        let text = value.trimmingWhitespace
        let kindText = String(text.prefix { !$0.isWhitespace })
        guard !kindText.isEmpty else { return .failure(.missingKind) }
        guard let kind = ChangeKind(rawValue: kindText) else {
            return .failure(.unknownKind(kindText, suggestion: closestKind(to: kindText)))
        }
        let target = String(text.dropFirst(kindText.count)).trimmingWhitespace
        let (screen, element) = split(target)
        return .success(AcceptTrailer(kind: kind, screen: screen.isEmpty ? nil : screen, element: element?.isEmpty == false ? element : nil))
    }

    /// The target's screen part and element part: a quoted screen is taken
    /// whole (`"Product card"#Buy`), else the target splits at its first `#`.
    private static func split(_ target: String) -> (screen: String, element: String?) {
        if let quote = target.first, quote == "\"" || quote == "'",
           let close = target.dropFirst().firstIndex(of: quote) {
            let rest = String(target[target.index(after: close)...]).trimmingWhitespace
            let screen = String(target[target.index(after: target.startIndex)..<close])
            if rest.isEmpty { return (screen, nil) }
            if rest.hasPrefix("#") { return (screen, unquoted(String(rest.dropFirst()).trimmingWhitespace)) }
        }
        guard let hash = target.firstIndex(of: "#") else { return (unquoted(target), nil) }
        return (unquoted(String(target[..<hash]).trimmingWhitespace),
                unquoted(String(target[target.index(after: hash)...]).trimmingWhitespace))
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// Every `Axdiff-Accept` trailer of a commit message (several are allowed),
    /// and one warning for each that cannot be used.
    package static func parse(message: String, commit: ObjectID? = nil) -> (accepts: [AcceptTrailer], warnings: [String]) {
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
    package func accepts(_ change: Change, path: String) -> Bool {
        guard change.kind == kind, acceptsScreen(change.screen, path: path) else { return false }
        guard let element else { return true }
        return Self.elementNames(change).contains(element)
    }

    /// What a trailer may name the change's element by: its id, its label, and,
    /// when the change took its label away or rewrote it, the label it had — a
    /// stop without an id (every ARIA snapshot's) that lost its label is known
    /// by nothing else.
    static func elementNames(_ change: Change) -> [String] {
        guard let first = change.elements.first else { return [] }
        var names: [String] = []
        if let id = first.id, !id.isEmpty { names.append(id) }
        if !first.label.isEmpty { names.append(first.label) }
        if change.kind == .labelLost || change.kind == .labelChanged, let before = change.before, !before.isEmpty, !names.contains(before) {
            names.append(before)
        }
        return names
    }

    /// Whether the target's screen part takes the screen `name` at `path`.
    func acceptsScreen(_ name: String, path: String) -> Bool {
        guard let screen else { return true }
        if screen == name || screen == path { return true }
        let glob = PathGlob(screen)
        return glob.matches(name) || glob.matches(path)
    }

    /// The trailer as a user writes it; the parts that are nil are left out.
    package var text: String {
        var target = screen ?? ""
        if let element { target += "#" + element }
        return "\(AcceptTrailer.key): \(kind.rawValue)" + (target.isEmpty ? "" : " " + target)
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
package enum AcceptTrailerProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missingKind
    case unknownKind(String, suggestion: ChangeKind?)

    package var description: String {
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
    package func accepting(_ trailers: [AcceptTrailer]) -> DiffReport {
        acceptance(trailers).report
    }

    /// The report with accepted changes marked, and the indices of the trailers
    /// that accepted nothing (a misspelt screen or element accepts nothing, and
    /// the user should hear so).
    ///
    /// - Complexity: O(c · t), where c is the number of changes and t the number of trailers.
    package func acceptance(_ trailers: [AcceptTrailer]) -> (report: DiffReport, unmatched: [Int]) {
        guard !trailers.isEmpty else { return (self, []) }
        var copy = self
        var used = [Bool](repeating: false, count: trailers.count)
        for s in copy.screens.indices {
            let path = copy.screens[s].path
            for c in copy.screens[s].changes.indices {
                for (t, trailer) in trailers.enumerated() where trailer.accepts(copy.screens[s].changes[c], path: path) {
                    copy.screens[s].changes[c].accepted = true
                    used[t] = true
                }
            }
        }
        return (copy, used.indices.filter { !used[$0] })
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
