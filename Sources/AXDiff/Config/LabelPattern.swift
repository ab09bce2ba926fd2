import AXGlob

/// A label glob from the configuration's `volatile` list: `*` stands for any
/// run of characters (none included), everything else is literal, compared
/// as labels are (case and runs of whitespace aside). `Updated * ago`
/// matches "Updated 5 minutes ago". No regular expressions: a pattern from a
/// repository cannot make matching slow.
public struct LabelPattern: Sendable, Hashable {
    public let pattern: String
    /// The literal runs between the stars, normalized: the first starts the
    /// label and the last ends it (either may be empty).
    private let parts: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        let normal = Array(LabelText.normalized(pattern))
        parts = normal.split(separator: "*", omittingEmptySubsequences: false).map { Array($0) }
    }

    /// Whether the whole of `label` matches.
    ///
    /// The first run must start the label and the last end it; the runs
    /// between are each found at their leftmost place after the one before
    /// (taking the leftmost never loses a match, as `*` takes anything), by
    /// Knuth–Morris–Pratt, so no position is read twice per run.
    ///
    /// - Complexity: O(n + m), where n is the label's length and m the pattern's.
    public func matches(_ label: String) -> Bool {
        var steps = 0
        return matches(label, steps: &steps)
    }

    /// `matches`, counting in `steps` the characters compared (for the test
    /// that the cost is linear).
    func matches(_ label: String, steps: inout Int) -> Bool {
        let text = Array(LabelText.normalized(label))
        guard parts.count > 1 else { return text == parts[0] }
        let first = parts[0], last = parts[parts.count - 1]
        guard text.count >= first.count + last.count,
              text[..<first.count].elementsEqual(first),
              text[(text.count - last.count)...].elementsEqual(last) else { return false }
        var from = first.count
        let end = text.count - last.count
        for part in parts[1..<(parts.count - 1)] where !part.isEmpty {
            guard let at = Self.find(part, in: text, from: from, to: end, steps: &steps) else { return false }
            from = at + part.count
        }
        return true
    }

    /// The first place at or after `from` where `needle` lies wholly before `to`.
    ///
    /// - Complexity: O(n + m).
    static func find(_ needle: [Character], in text: [Character], from: Int, to: Int, steps: inout Int) -> Int? {
        var fail = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(needle.count, 1) {
            while k > 0 && needle[i] != needle[k] {
                k = fail[k - 1]
                steps += 1
            }
            if needle[i] == needle[k] { k += 1 }
            fail[i] = k
            steps += 1
        }
        k = 0
        var i = from
        while i < to {
            steps += 1
            while k > 0 && text[i] != needle[k] {
                k = fail[k - 1]
                steps += 1
            }
            if text[i] == needle[k] { k += 1 }
            if k == needle.count { return i - needle.count + 1 }
            i += 1
        }
        return nil
    }
}

/// One `volatile` entry: on screens matching `screen` (a name or glob; every
/// screen when absent), labels matching `label` change from capture to
/// capture and are not worth reporting.
public struct VolatileLabel: Sendable, Equatable {
    public var screen: String?
    public var label: LabelPattern

    public init(screen: String? = nil, label: String) {
        self.screen = screen
        self.label = LabelPattern(label)
    }

    public func applies(to screenName: String) -> Bool {
        guard let screen else { return true }
        return screen == screenName || PathGlob(screen).matches(screenName)
    }
}
