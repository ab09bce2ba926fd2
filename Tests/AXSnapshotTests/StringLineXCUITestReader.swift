@testable import AXSnapshot

/// The XCUITest reader as it was before it kept lines as byte ranges and
/// parsed element lines straight into nodes (main 6514e5e): a `String` per
/// line, an array of parsed lines, then the tree. Kept as the oracle that
/// `XCUITestOracleTests` holds the reader to: the same snapshot or the same
/// error for every input.
enum StringLineXCUITestReader {
    static let format = SnapshotFormat.xcuitest

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
        var lines = bytes.withUnsafeBufferPointer { scanLines($0) }

        // lldb `po app.debugDescription` prints the String as one quoted literal
        // (`p` prints it after `(String) $R0 = `).
        if let literal = lines.first(where: { !isSkippable($0.rest) }), let quote = literalStart(literal.rest) {
            let decoded = try bytes.withUnsafeBufferPointer {
                try XCUITestReader.decodeLiteral($0, quote: literal.restOffset + quote, line: literal.number, file: file)
            }
            lines = decoded.bytes.withUnsafeBufferPointer { scanLines($0, lineNumbers: decoded.lineNumbers) }
        }

        let treeLines = try selectTree(lines, file: file)
        var entries: [Entry] = []
        entries.reserveCapacity(treeLines.count)
        var macOS = false
        var k = treeLines.startIndex
        while k < treeLines.endIndex {
            let (element, taken) = try parseJoined(treeLines[k...], file: file)
            if element.title != nil || macTypes.contains(element.type) { macOS = true }
            entries.append(Entry(indent: treeLines[k].indent, element: element, line: treeLines[k].number))
            k += taken
        }
        if entries.count > 1, entries.allSatisfy({ $0.indent == entries[0].indent }) {
            nestFlattened(&entries)
        }
        return Snapshot(screen: screen, platform: macOS ? .other : .ios,
                        elements: buildTree(entries), format: .xcuitest)
    }

    /// How many following lines a quoted label may run over.
    static let maxLabelLines = 32

    /// The element on the first of `lines`, and how many lines it took.
    /// XCUITest prints a label's newlines as they are (`label: 'Line one` on
    /// one line, `Line two'` on the next): a quote left open at the end of
    /// the line is continued on the next ones, up to `maxLabelLines` and
    /// never over a line that is an element itself. If no join closes it,
    /// the error is the first line's.
    static func parseJoined(_ lines: ArraySlice<RawLine>, file: String) throws -> (ElementLine, Int) {
        var raw = lines[lines.startIndex]
        do {
            return (try parseLine(raw, file: file), 1)
        } catch let first as SnapshotError where first.message.hasPrefix("expected a closing") {
            var k = lines.startIndex + 1
            // A line that reads as an element of its own is never swallowed into a label.
            while k < lines.endIndex, k - lines.startIndex <= maxLabelLines, !lines[k].marked,
                  !looksLikeElementLine(Substring(lines[k].rest)) {
                raw.rest += "\n" + lines[k].rest
                if let element = try? parseLine(raw, file: file) { return (element, k - lines.startIndex + 1) }
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

    /// Blank lines, XCTest activity log lines (`t =   109.84s …`) and lldb prompts.
    static func isSkippable(_ rest: String) -> Bool {
        rest.isEmpty || rest.hasPrefix("t =") || rest.hasPrefix("(lldb)")
    }

    /// Section headers that end the tree.
    static func endsTree(_ rest: String) -> Bool {
        rest == "Path to element:" || rest == "Query chain:" || rest.hasPrefix("Attributes:") || rest == "Element subtree:"
    }

    /// The element lines of the tree: after "Element subtree:" when there is
    /// one, else from the first line that looks like an element; up to the
    /// "Path to element:" or "Query chain:" section.
    static func selectTree(_ lines: [RawLine], file: String) throws -> ArraySlice<RawLine> {
        var start: Int?
        if let header = lines.firstIndex(where: { $0.rest == "Element subtree:" }) {
            start = header + 1
        } else {
            for (k, line) in lines.enumerated() {
                let rest = line.rest
                if isSkippable(rest) || rest.hasPrefix("Attributes:") { continue }
                if rest.hasPrefix("Find:") || rest.hasPrefix("Output: {") {
                    throw SnapshotError(file: file, line: line.number, column: line.restColumn,
                                        message: "this is an XCUIElementQuery description (Find: … Output: { … }), not an element tree; expected the output of print(app.debugDescription) with \"Element subtree:\"")
                }
                if rest == "Path to element:" || rest == "Query chain:" { break }
                if line.marked || looksLikeElementLine(Substring(rest)) {
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
        while end < lines.count, !endsTree(lines[end].rest) { end += 1 }
        let tree = lines[start..<end].filter { !isSkippable($0.rest) }
        guard !tree.isEmpty else {
            let at = start > 0 ? lines[start - 1].number : lines.first?.number
            throw SnapshotError(file: file, line: at, message: "empty element tree, \(expected)")
        }
        return ArraySlice(tree)
    }

    // MARK: - The tree

    struct Entry {
        var indent: Int
        var element: ElementLine
        var line: Int
    }

    /// A node still taking children while the lines below are read.
    private struct Open {
        var indent: Int
        var node: Node
        var type: String
        /// An `Other` (or `Cell`) made one stop by its label; undone when a control
        /// just below it carries the same label (it is that control's wrapper).
        var groupLabel: String?
    }

    /// How many levels above a labelled control a wrapper with the same label is looked for.
    static let wrapperReach = 4

    /// Builds the tree from indentation with a stack: a line's parent is the
    /// nearest line above it that is indented less.
    ///
    /// - Complexity: O(n) in the number of lines, whatever the depth.
    static func buildTree(_ entries: [Entry]) -> [Node] {
        var roots: [Node] = []
        var stack: [Open] = []
        func close() {
            let done = stack.removeLast()
            if stack.isEmpty { roots.append(done.node) } else { stack[stack.count - 1].node.children.append(done.node) }
        }
        for entry in entries {
            while let top = stack.last, top.indent >= entry.indent { close() }
            let node = makeNode(entry, parentType: stack.last?.type)
            if node.role.isInteractive, let label = node.label, !label.isEmpty {
                var k = stack.count - 1
                while k >= 0, k >= stack.count - wrapperReach {
                    if stack[k].groupLabel == label {
                        stack[k].groupLabel = nil
                        stack[k].node.element = nil
                        if stack[k].type == "Other" { stack[k].node.role = .container }
                    }
                    k -= 1
                }
            }
            let grouped = node.element == true && (entry.element.type == "Other" || entry.element.type == "Cell")
            stack.append(Open(indent: entry.indent, node: node, type: entry.element.type,
                              groupLabel: grouped ? node.label : nil))
        }
        while !stack.isEmpty { close() }
        return roots
    }

    /// A paste that lost its indentation: keep it a flat list, except that a
    /// line whose frame lies inside the frame of the control (or labelled
    /// `Other`) just above it is taken as that control's subview, as XCUITest
    /// lists a button's text right after the button.
    static func nestFlattened(_ entries: inout [Entry]) {
        var owner: Frame?
        for k in entries.indices {
            let element = entries[k].element
            let isStop = isControlType(element) || (element.type == "Other" && !(element.label ?? "").isEmpty)
            if !isStop, let owner, let frame = element.frame, contains(owner, frame) {
                entries[k].indent = 1
                continue
            }
            entries[k].indent = 0
            owner = isStop ? element.frame : nil
        }
    }

    static func contains(_ outer: Frame, _ inner: Frame) -> Bool {
        let slack = 0.5
        return inner.x >= outer.x - slack && inner.y >= outer.y - slack
            && inner.maxX <= outer.maxX + slack && inner.maxY <= outer.maxY + slack
    }

    static func isControlType(_ element: ElementLine) -> Bool {
        roleMap[element.type]?.isInteractive == true
    }

    // MARK: - One node

    static func makeNode(_ entry: Entry, parentType: String?) -> Node {
        let e = entry.element
        // The element type is kept as written: VoiceOver's words and the
        // severities follow it where the model's role is coarser.
        var node = Node(platformRole: e.type, line: entry.line)
        node.role = roleMap[e.type] ?? .other
        if e.type == "Button", parentType == "TabBar" { node.role = .tab }
        node.id = nonEmpty(e.identifier)
        node.label = nonEmpty(e.label) ?? nonEmpty(e.title)
        node.value = nonEmpty(e.value)
        node.frame = e.frame

        for flag in e.flags {
            switch flag {
            case "Selected": node.states.insert(.selected)
            case "Disabled": node.states.insert(.disabled)
            case "Keyboard Focused", "Focused": node.states.insert(.focused)
            default: break
            }
        }

        switch node.role {
        case .textField, .secureTextField, .searchField:
            // VoiceOver reads the placeholder of an empty field where a value would be.
            if let placeholder = nonEmpty(e.placeholder), node.value == nil || node.value == placeholder {
                node.value = placeholder == node.label ? nil : placeholder
            }
        case .checkbox:
            if node.value == "1" { node.states.insert(.checked); node.value = nil } else if node.value == "0" { node.value = nil }
        case .radio:
            if node.value == "1" { node.states.insert(.selected); node.value = nil } else if node.value == "0" { node.value = nil }
        case .text:
            // macOS puts a static text's words in its value.
            if node.label == nil, let value = node.value { node.label = value; node.value = nil }
        default:
            break
        }

        let spoken = node.label != nil || node.value != nil
        switch e.type {
        case "Application", "Window":
            node.element = false
        case "Other":
            if node.label != nil {
                node.role = .text
                node.element = true
            }
        case "Cell":
            if node.label != nil { node.element = true }
        default:
            if node.role.isInteractive || node.role == .progress {
                node.element = true
            } else if spoken, node.role == .text || node.role == .heading || node.role == .image {
                node.element = true
            }
        }
        return node
    }

    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }

    /// Element types only macOS has: the snapshot is then not an iOS one.
    static let macTypes: Set<String> = [
        "MenuBar", "MenuBarItem", "StatusItem", "TouchBar", "DockItem", "Drawer", "Ruler", "RulerMarker",
        "ColorWell", "HelpTag", "Matte", "SplitGroup", "Splitter", "Browser", "Outline", "OutlineRow",
        "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton", "ToolbarButton",
    ]

    /// XCUIElement.ElementType names (as debugDescription prints them) → roles.
    /// Types not listed become `other` with the type kept in `platformRole`.
    static let roleMap: [String: Role] = {
        var map: [String: Role] = [:]
        for (role, types) in XCUITestElementType.roles { for t in types { map[t] = role } }
        return map
    }()
}
