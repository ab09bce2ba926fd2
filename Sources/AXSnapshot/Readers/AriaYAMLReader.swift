/// Reads Playwright ARIA snapshots (DESIGN §3.3): the YAML subset that
/// `locator.ariaSnapshot()` writes and `toMatchAriaSnapshot` accepts.
///
/// ```
/// - banner:
///   - heading "Sign in" [level=1]
///   - link "Docs":
///     - /url: /docs
///   - textbox "Email" [invalid]: not-an-email
/// ```
///
/// Indentation gives the tree; the reader keeps a stack of open items keyed
/// on their indentation (never recursion), so hostile depth cannot exhaust
/// the stack, and it rejects nesting deeper than `maxDepth`. No general YAML
/// is needed: each line is one `- key[: value]` item (see `AriaLine`), plus
/// plain values continued on more-indented lines.
///
/// Stops follow a screen reader on the web: a control, link, heading, image or
/// progress bar is one stop with its whole subtree (`- link "Docs":` holding
/// only `/url:` is one stop); a list item, cell, group or text-like node is
/// one stop when it carries only text and a container when its children hold
/// stops; landmarks, lists, tables and rows are containers. `/url:` and other
/// properties are not spoken (`/placeholder:` becomes the hint); `[ref=eN]`
/// and `[cursor=pointer]` are ignored (refs are renumbered on every snapshot,
/// so they are no stable id).
public enum AriaYAMLReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.ariaYAML

    /// Items nested deeper than this are refused with an error.
    public static let maxDepth = 1000

    /// True when the first line that is not blank, a comment or `---` is a
    /// list item whose key starts with a lower-case role word (`- banner:`,
    /// `- text: …`, `- 'button "Click: me"'`).
    public static func sniff(_ text: Substring) -> Bool {
        let utf8 = text.utf8
        var i = utf8.startIndex
        var linesSeen = 0
        while i < utf8.endIndex, linesSeen < 64 {
            linesSeen += 1
            var lineEnd = i
            while lineEnd < utf8.endIndex, utf8[lineEnd] != UInt8(ascii: "\n") { lineEnd = utf8.index(after: lineEnd) }
            var k = i
            while k < lineEnd, utf8[k] == UInt8(ascii: " ") || utf8[k] == UInt8(ascii: "\r") || utf8[k] == UInt8(ascii: "\t") {
                k = utf8.index(after: k)
            }
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if k == lineEnd || utf8[k] == UInt8(ascii: "#") { i = next; continue }
            let line = Array(utf8[k..<lineEnd].prefix(80))
            if line.starts(with: Array("---".utf8)), line.dropFirst(3).allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { i = next; continue }
            guard line.count >= 3, line[0] == UInt8(ascii: "-"), line[1] == UInt8(ascii: " ") else { return false }
            var j = 2
            while j < line.count, line[j] == UInt8(ascii: " ") { j += 1 }
            if j < line.count, line[j] == UInt8(ascii: "'") || line[j] == UInt8(ascii: "\"") { j += 1 }
            let wordStart = j
            while j < line.count, line[j] >= UInt8(ascii: "a"), line[j] <= UInt8(ascii: "z") { j += 1 }
            guard j > wordStart else { return false }
            if j == line.count { return true }
            let after = line[j]
            return after == UInt8(ascii: " ") || after == UInt8(ascii: ":") || after == UInt8(ascii: "[")
                || after == UInt8(ascii: "\r") || after == UInt8(ascii: "'") || after == UInt8(ascii: "\"")
                || after == UInt8(ascii: "-")
        }
        return false
    }

    public static func read(_ text: String, file: String, screen: String) throws -> Snapshot {
        var builder = Builder(file: file)
        let bytes = Array(text.utf8)
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var line = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let parsed: AriaLine.Parsed
            do {
                parsed = try AriaLine.parse(bytes, start: start, end: end, line: line)
            } catch let f as AriaLine.Failure {
                throw SnapshotError(file: file, line: line, column: f.column, message: f.message)
            }
            try builder.add(parsed, line: line)
            if end == bytes.count { break }
            start = end + 1
            line += 1
        }
        return Snapshot(screen: screen, platform: .web, elements: builder.finish(), format: .ariaYAML)
    }

    // MARK: - Building the tree

    /// One open item: its line, and what its children contributed so far.
    struct Frame {
        var item: AriaLine
        var role: AriaRole
        /// Indentation of this item's children (set by the first child).
        var childIndent: Int?
        var childLine = 0
        var children: [Node] = []
        /// How many children are stops or hold stops.
        var stopChildren = 0
        /// When exactly one child holds stops and it is a text stop: its label.
        var soleStopText: String?
        /// Whether anything under this item has text.
        var hasText = false
        /// Set by a `/placeholder:` property.
        var hint: String?
    }

    /// What a finished item hands to its parent.
    struct Finished {
        var node: Node
        var holdsStop: Bool
        var isTextStop: Bool
        var hasText: Bool
    }

    struct Builder {
        let file: String
        var stack: [Frame] = []
        var roots: [Node] = []
        var rootIndent: Int?
        var rootLine = 0
        /// The last line read was an item with a plain value (or its continuation).
        var canContinue = false

        init(file: String) { self.file = file }

        func fail(_ line: Int, _ column: Int? = nil, _ message: String) -> SnapshotError {
            SnapshotError(file: file, line: line, column: column, message: message)
        }

        mutating func add(_ parsed: AriaLine.Parsed, line: Int) throws {
            switch parsed {
            case .blank:
                return
            case .continuation(let indent, let text):
                let top = stack.count - 1
                guard canContinue, top >= 0, indent > stack[top].item.indent, stack[top].children.isEmpty,
                      stack[top].item.value != nil else {
                    throw fail(line, indent + 1, "expected a list item starting with '- ' (found \"\(Self.shown(text))\")")
                }
                // Appended in place: `value + " " + text` copied the whole value
                // for every continuation line, quadratic in a long paragraph.
                stack[top].item.value?.append(" ")
                stack[top].item.value?.append(text)
            case .item(let item):
                canContinue = item.valueIsPlain
                try push(item)
            }
        }

        /// Input quoted in a message: at most 40 characters, control characters
        /// (a lone CR inside a line, ESC, …) escaped, so the message stays one line.
        static func shown(_ text: String) -> String {
            var out = ""
            for (n, scalar) in text.unicodeScalars.enumerated() {
                if n == 40 { break }
                switch scalar.value {
                case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }

        mutating func push(_ item: AriaLine) throws {
            while let top = stack.last, top.item.indent >= item.indent {
                close()
            }
            if let parent = stack.last {
                if parent.item.isProperty {
                    throw fail(item.line, item.indent + 1, "a /\(parent.item.role.prefix(40)) property (line \(parent.item.line)) cannot hold nested items")
                }
                if let expected = parent.childIndent {
                    if expected != item.indent {
                        throw fail(item.line, item.indent + 1, "malformed indentation: expected \(expected) spaces like the item on line \(parent.childLine), found \(item.indent)")
                    }
                } else {
                    stack[stack.count - 1].childIndent = item.indent
                    stack[stack.count - 1].childLine = item.line
                }
            } else if let rootIndent {
                if item.indent != rootIndent {
                    throw fail(item.line, item.indent + 1, "malformed indentation: expected \(rootIndent) spaces like the first item on line \(rootLine), found \(item.indent)")
                }
            } else {
                rootIndent = item.indent
                rootLine = item.line
            }
            guard stack.count < AriaYAMLReader.maxDepth else {
                throw fail(item.line, item.indent + 1, "nesting deeper than \(AriaYAMLReader.maxDepth) levels")
            }
            let role = item.isProperty ? AriaRole(kind: .structural, role: .container) : AriaRole.named(item.role)
            stack.append(Frame(item: item, role: role))
        }

        mutating func finish() -> [Node] {
            while !stack.isEmpty { close() }
            return roots
        }

        /// Pops the innermost open item and hands it to its parent.
        mutating func close() {
            guard let frame = stack.popLast() else { return }
            if frame.item.isProperty {
                if frame.item.role == "placeholder", let value = frame.item.value, !stack.isEmpty {
                    stack[stack.count - 1].hint = value
                }
                return
            }
            let done = Self.finish(frame)
            if stack.isEmpty {
                roots.append(done.node)
                return
            }
            let i = stack.count - 1
            stack[i].children.append(done.node)
            if done.holdsStop {
                stack[i].stopChildren += 1
                stack[i].soleStopText = stack[i].stopChildren == 1 && done.isTextStop ? done.node.label : nil
            }
            if done.hasText { stack[i].hasText = true }
        }

        /// Turns a closed item into a node and decides whether it is a stop.
        static func finish(_ frame: Frame) -> Finished {
            let item = frame.item
            let role = frame.role
            var node = Node(role: role.role, rawRole: role.rawRole, line: item.line)
            node.hint = frame.hint
            var toggleOn = false
            for (key, value) in item.attributes {
                let on = value == nil || value == "true"
                switch key {
                case "checked":
                    if value == "mixed" { node.value = "mixed" } else if on { node.states.insert(.checked); toggleOn = true }
                case "disabled": if on { node.states.insert(.disabled) }
                case "expanded": if on { node.states.insert(.expanded) } else if value == "false" { node.states.insert(.collapsed) }
                case "selected", "pressed": if on { node.states.insert(.selected) }
                case "active", "focused": if on { node.states.insert(.focused) }
                case "busy": if on { node.states.insert(.busy) }
                case "level":
                    if let value, let level = Int(value), level > 0 { node.level = level }
                default: break // invalid, ref, cursor and unknown attributes are not spoken
                }
            }
            if role.role == .toggle {
                node.states.remove(.checked)
                node.value = toggleOn ? "1" : "0"
            }
            let name = item.name ?? ""
            let inline = item.value ?? ""

            switch role.kind {
            case .leaf:
                node.label = item.name
                if !inline.isEmpty {
                    if role.inlineIsValue { node.value = inline } else if name.isEmpty { node.label = inline }
                }
                node.children = frame.children
                let speaks = !(node.label ?? "").isEmpty || !(node.value ?? "").isEmpty || frame.hasText
                let stop = speaks || role.role.isFocusableWithoutLabel || role.role == .progress
                node.element = stop
                return Finished(node: node, holdsStop: stop, isTextStop: false, hasText: speaks)

            case .item, .structural:
                var children = frame.children
                var stopChildren = frame.stopChildren
                var soleText = frame.soleStopText
                if !inline.isEmpty {
                    // `- listitem: Feature A`: the inline text is the first child.
                    children.insert(Node(role: .text, label: inline, line: item.line), at: 0)
                    stopChildren += 1
                    soleText = stopChildren == 1 ? inline : nil
                }
                let hasText = !name.isEmpty || !inline.isEmpty || frame.hasText
                if role.kind == .structural {
                    node.role = .container
                    node.children = children
                    node.element = false
                    return Finished(node: node, holdsStop: stopChildren > 0, isTextStop: false, hasText: hasText)
                }
                if stopChildren == 0 || (stopChildren == 1 && soleText != nil) {
                    // Only text inside: one stop, named by its name or its text.
                    let label = name.isEmpty ? (soleText ?? "") : name
                    if label.isEmpty {
                        if role.rawRole == nil { node.role = .container }
                        node.children = children
                        node.element = false
                        return Finished(node: node, holdsStop: false, isTextStop: false, hasText: hasText)
                    }
                    node.label = label
                    // A single text child is now the label itself.
                    node.children = children.count == 1 && soleText != nil ? [] : children
                    node.element = true
                    return Finished(node: node, holdsStop: true, isTextStop: node.role == .text, hasText: true)
                }
                if role.keepsOwnStop, !name.isEmpty {
                    // `- treeitem "src" [expanded]:` holding items: the item is read,
                    // then its children.
                    var own = node
                    own.label = name
                    own.element = true
                    children.insert(own, at: 0)
                    node = Node(role: .container, line: item.line)
                }
                if role.rawRole == nil { node.role = .container }
                node.children = children
                node.element = false
                return Finished(node: node, holdsStop: true, isTextStop: false, hasText: hasText)
            }
        }
    }
}
