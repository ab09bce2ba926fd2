/// Reads what XCUITest's `print(app.debugDescription)` prints (DESIGN §3.2):
///
/// ```
/// Attributes: Application, 0x7fb5a0512bb0, pid: 41491, label: 'Test App'
/// Element subtree:
///  →Application, 0x7fb5a0512bb0, pid: 41491, label: 'Test App'
///     Window (Main), 0x7fb5a052ab50, {{0.0, 0.0}, {393.0, 852.0}}
///       Button, 0x7fb5a0614770, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu', Selected
/// Path to element:
/// …
/// ```
///
/// Indentation gives the tree, measured relative to the lines above (a stack,
/// no recursion), so extra constant indentation and fragments that start deep
/// read the same. Log lines, the `Attributes:` line and the `Path to element:`
/// and `Query chain:` sections are skipped. An lldb `po` string literal is
/// unescaped first. A paste with every line at one indentation is read as a
/// flat list. XCUITest lists subviews VoiceOver does not stop on, so an element
/// of an interactive type, and an `Other` with a label, is one stop
/// (`element: true`) whose descendants are kept but not traversed.
public enum XCUITestReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.xcuitest

    // MARK: - Sniffing

    public static let fileExtensions = ["txt"]

    public static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
        guard let first = content.first else { return false }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "<") || content.starts(with: "- ".utf8) {
            return false
        }
        if contains(content, Array("Element subtree:".utf8)) { return true }
        let markers = ["→Application", "Application, 0x", "Window (Main)", "Attributes:"].map { Array($0.utf8) }
        var start = content.startIndex
        while start < content.endIndex {
            // A line ends at a line feed that does not follow a carriage return: a CR LF
            // pair stays inside the line, as it did when text was split by `Character`.
            var end = start
            while end < content.endIndex, content[end] != 0x0A || (end > content.startIndex && content[end - 1] == 0x0D) { end += 1 }
            var s = start
            while s < end, content[s] == UInt8(ascii: " ") || content[s] == UInt8(ascii: "\t") { s += 1 }
            let line = content[s..<end]
            if !line.isEmpty {
                if markers.contains(where: { line.starts(with: $0) }) { return true }
                // Only a line starting like an element needs the `Character` test.
                if let lead = line.first, lead >= 0x80 || (lead >= UInt8(ascii: "A") && lead <= UInt8(ascii: "Z")),
                   looksLikeElementLine(Substring(String(decoding: line, as: UTF8.self))) {
                    return true
                }
            }
            start = end + 1
        }
        return false
    }

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let head = needle.first, haystack.count >= needle.count else { return false }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == head, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// `^[A-Z][A-Za-z]*( \([^)]*\))?, (0x[0-9a-f]+|\{\{)`, after an optional tree marker.
    static func looksLikeElementLine(_ line: Substring) -> Bool {
        var s = line
        if let c = s.first, c == "→" || c == "↳" { s = s.dropFirst() }
        guard let first = s.first, first.isASCII, first.isUppercase else { return false }
        s = s.drop(while: { $0.isASCII && $0.isLetter })
        if s.hasPrefix(" (") {
            guard let close = s.firstIndex(of: ")") else { return false }
            s = s[s.index(after: close)...]
        }
        guard s.hasPrefix(", ") else { return false }
        s = s.dropFirst(2)
        if s.hasPrefix("{{") { return true }
        guard s.hasPrefix("0x"), let digit = s.dropFirst(2).first else { return false }
        return digit.isHexDigit
    }

    // MARK: - Reading

    public static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        try read(bytes, file: file, screen: screen, maxElements: .max)
    }

    /// The bound `SnapshotReader.elementBound` sets on text like this is its number of
    /// lines, which `scanLines` counts: that pass over the bytes is saved.
    public static func read(_ bytes: [UInt8], file: String, screen: String, maxElements: Int) throws -> Snapshot {
        try bytes.withUnsafeBufferPointer { text in
            let lines = scanLines(text)
            if !SnapshotReader.boundCountsLines(text) {
                try SnapshotReader.checkElementBound(bytes, file: file, limit: maxElements)
            } else if lines.count > maxElements {
                throw SnapshotReader.elementLimitError(file: file, limit: maxElements)
            }
            // lldb `po app.debugDescription` prints the String as one quoted literal
            // (`p` prints it after `(String) $R0 = `).
            if let literal = lines.first(where: { !isSkippable(text, $0) }),
               let quote = literalStart(string(text, literal)) {
                let decoded = try decodeLiteral(text, quote: literal.start + quote, line: literal.number, file: file)
                return try decoded.bytes.withUnsafeBufferPointer { text in
                    try read(text, scanLines(text, lineNumbers: decoded.lineNumbers), file: file, screen: screen)
                }
            }
            return try read(text, lines, file: file, screen: screen)
        }
    }

    /// The snapshot of the scanned `lines` of `text`.
    private static func read(_ text: UnsafeBufferPointer<UInt8>, _ lines: [RawLine], file: String, screen: String) throws -> Snapshot {
        let treeLines = try selectTree(text, lines, file: file)
        var tree = try buildTree(text, treeLines, flattened: false, file: file)
        if tree.entries > 1, tree.sameIndent {
            tree = try buildTree(text, treeLines, flattened: true, file: file)
        }
        return Snapshot(screen: screen, platform: tree.macOS ? .other : .ios, elements: tree.roots, format: .xcuitest)
    }

    /// The text of `line` as a `String`.
    static func string(_ text: UnsafeBufferPointer<UInt8>, _ line: RawLine) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[line.start..<line.end]), as: UTF8.self)
    }

    /// How many following lines a quoted label may run over.
    static let maxLabelLines = 32

    /// The element on the first of `lines`, and how many lines it took.
    /// XCUITest prints a label's newlines as they are (`label: 'Line one` on
    /// one line, `Line two'` on the next): a quote left open at the end of
    /// the line is continued on the next ones, up to `maxLabelLines` and
    /// never over a line that is an element itself. If no join closes it,
    /// the error is the first line's.
    static func parseJoined(_ text: UnsafeBufferPointer<UInt8>, _ lines: ArraySlice<RawLine>, file: String) throws -> (ElementLine, Int) {
        let raw = lines[lines.startIndex]
        do {
            return (try parseLine(UnsafeBufferPointer(rebasing: text[raw.start..<raw.end]), line: raw.number,
                                  column: raw.restColumn, file: file), 1)
        } catch let first as SnapshotError where first.message.hasPrefix("expected a closing") {
            var joined = string(text, raw)
            var k = lines.startIndex + 1
            // A line that reads as an element of its own is never swallowed into a label.
            while k < lines.endIndex, k - lines.startIndex <= maxLabelLines, !lines[k].marked {
                let next = string(text, lines[k])
                if looksLikeElementLine(Substring(next)) { break }
                joined += "\n" + next
                if let element = try? parseLine(joined, line: raw.number, column: raw.restColumn, file: file) {
                    return (element, k - lines.startIndex + 1)
                }
                k += 1
            }
            throw first
        }
    }

    /// The UTF-8 offset of the opening quote when `rest` starts a string literal:
    /// `"…` or `(String) $R0 = "…`.
    static func literalStart(_ rest: String) -> Int? {
        if rest.hasPrefix("\"") { return 0 }
        guard rest.hasPrefix("("), let close = rest.firstIndex(of: ")"),
              let equals = rest[close...].firstRange(of: "= \"") else { return nil }
        let between = rest[rest.index(after: close)..<equals.lowerBound]
        guard between.allSatisfy({ $0 == " " || $0 == "$" || $0.isLetter || $0.isNumber }) else { return nil }
        return rest.utf8.distance(from: rest.startIndex, to: equals.upperBound) - 1
    }

    /// Whether the text of `line` is `word`.
    private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ line: RawLine, _ word: StaticString) -> Bool {
        line.end - line.start == word.utf8CodeUnitCount && hasPrefix(text, line, word)
    }

    /// Whether the text of `line` starts with `word`.
    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ line: RawLine, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard line.end - line.start >= count else { return false }
        let p = word.utf8Start
        for k in 0..<count where text[line.start + k] != p[k] { return false }
        return true
    }

    /// Blank lines, XCTest activity log lines (`t =   109.84s …`) and lldb prompts.
    static func isSkippable(_ text: UnsafeBufferPointer<UInt8>, _ line: RawLine) -> Bool {
        line.start == line.end || hasPrefix(text, line, "t =") || hasPrefix(text, line, "(lldb)")
    }

    /// Section headers that end the tree.
    static func endsTree(_ text: UnsafeBufferPointer<UInt8>, _ line: RawLine) -> Bool {
        equals(text, line, "Path to element:") || equals(text, line, "Query chain:")
            || hasPrefix(text, line, "Attributes:") || equals(text, line, "Element subtree:")
    }

    /// The element lines of the tree: after "Element subtree:" when there is
    /// one, else from the first line that looks like an element; up to the
    /// "Path to element:" or "Query chain:" section.
    static func selectTree(_ text: UnsafeBufferPointer<UInt8>, _ lines: [RawLine], file: String) throws -> [RawLine] {
        var start: Int?
        if let header = lines.firstIndex(where: { equals(text, $0, "Element subtree:") }) {
            start = header + 1
        } else {
            for (k, line) in lines.enumerated() {
                if isSkippable(text, line) || hasPrefix(text, line, "Attributes:") { continue }
                if hasPrefix(text, line, "Find:") || hasPrefix(text, line, "Output: {") {
                    throw SnapshotError(file: file, line: line.number, column: line.restColumn,
                                        message: "this is an XCUIElementQuery description (Find: … Output: { … }), not an element tree; expected the output of print(app.debugDescription) with \"Element subtree:\"")
                }
                if equals(text, line, "Path to element:") || equals(text, line, "Query chain:") { break }
                if line.marked || looksLikeElementLine(Substring(string(text, line))) {
                    start = k
                    break
                }
            }
        }
        let expected = "expected \"Element subtree:\" followed by element lines such as ` →Application, 0x…, pid: …, label: '…'`"
        guard let start else {
            throw SnapshotError(file: file, line: lines.first?.number, message: "no element tree found, \(expected)")
        }
        var end = start
        while end < lines.count, !endsTree(text, lines[end]) { end += 1 }
        var tree: [RawLine] = []
        tree.reserveCapacity(end - start)
        for line in lines[start..<end] where !isSkippable(text, line) { tree.append(line) }
        guard !tree.isEmpty else {
            let at = start > 0 ? lines[start - 1].number : lines.first?.number
            throw SnapshotError(file: file, line: at, message: "empty element tree, \(expected)")
        }
        return tree
    }
}
