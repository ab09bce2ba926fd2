@testable import AXSnapshot

extension OracleAriaYAMLReader {
    /// One open item: its line, and what its children contributed so far.
    struct Frame {
        var item: OracleAriaLine
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
        /// Whether a control (a link, a button, a field…) is among the stops below.
        var holdsControl = false
        /// The level of the heading this item is inside (0: a heading of
        /// unknown level), when it is inside one.
        var headingLevel: Int?
        /// Set by a `/placeholder:` property.
        var hint: String?
    }

    /// What a finished item tells its parent besides its node.
    struct Finished {
        var holdsStop: Bool
        var isTextStop: Bool
        var hasText: Bool
        var holdsControl: Bool
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

        /// Takes `parsed` (and `push` its item) as `consuming`: the item moves into its frame, uncopied.
        mutating func add(_ parsed: consuming OracleAriaLine.Parsed, line: Int) throws {
            switch consume parsed {
            case .blank:
                return
            case .continuation(let indent, let text):
                let top = stack.count - 1
                guard canContinue, top >= 0, indent > stack[top].item.indent, stack[top].children.isEmpty,
                      stack[top].item.value != nil else {
                    throw fail(line, indent + 1, "expected a list item starting with '- ' (found \"\(Self.shown(text))\")")
                }
                // Most lines hold no colon: no copy of their bytes is made for them.
                if text.utf8.contains(UInt8(ascii: ":")), let colon = OracleAriaLine.nestedMappingColon(ArraySlice(text.utf8)) {
                    throw fail(line, indent + 1 + text.utf8.prefix(colon).filter { $0 & 0xC0 != 0x80 }.count,
                               "nested mappings are not allowed in a plain value (':' here starts one); quote the text")
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

        mutating func push(_ item: consuming OracleAriaLine) throws {
            // Read in place: `stack.last` would copy the frame and its children.
            while let top = stack.indices.last, stack[top].item.indent >= item.indent {
                close()
            }
            if !stack.isEmpty {
                // The parent read in place (binding it copied the frame and its children).
                let p = stack.count - 1
                if stack[p].item.isProperty {
                    throw fail(item.line, item.indent + 1, "a /\(stack[p].item.role.prefix(40)) property (line \(stack[p].item.line)) cannot hold nested items")
                }
                // YAML (and so Playwright) reads a more-indented item under
                // `- button "x"` or `- listitem: text` as part of that line's
                // text, and then rejects it: nested items need `- role:`.
                if !stack[p].item.hasColon {
                    let what = stack[p].item.role.prefix(40)
                    throw fail(item.line, item.indent + 1, "nested item under \(what) on line \(stack[p].item.line), which has no ':' (write `- \(what):` to give it children)")
                }
                if stack[p].item.value != nil {
                    throw fail(item.line, item.indent + 1, "nested item under \(stack[p].item.role.prefix(40)) on line \(stack[p].item.line), which already has a text value after its ':'")
                }
                if let expected = stack[p].childIndent {
                    if expected != item.indent {
                        throw fail(item.line, item.indent + 1, "malformed indentation: expected \(expected) spaces like the item on line \(stack[p].childLine), found \(item.indent)")
                    }
                } else {
                    stack[p].childIndent = item.indent
                    stack[p].childLine = item.line
                }
            } else if let rootIndent {
                if item.indent != rootIndent {
                    throw fail(item.line, item.indent + 1, "malformed indentation: expected \(rootIndent) spaces like the first item on line \(rootLine), found \(item.indent)")
                }
            } else {
                rootIndent = item.indent
                rootLine = item.line
            }
            guard stack.count < OracleAriaYAMLReader.maxDepth else {
                throw fail(item.line, item.indent + 1, "nesting deeper than \(OracleAriaYAMLReader.maxDepth) levels")
            }
            let role = item.isProperty ? AriaRole(kind: .structural, role: .container) : AriaRole.named(item.role)
            // Read in place: `stack.last` would copy the parent frame and its children.
            var headingLevel = stack.isEmpty ? nil : stack[stack.count - 1].headingLevel
            if !item.isProperty, role.role == .heading {
                headingLevel = item.attributes.first { $0.key == "level" }.flatMap { $0.value.flatMap(Self.level) } ?? 0
            }
            // Appended as a new value (a frame built in a local was copied into the stack).
            stack.append(Frame(item: item, role: role, headingLevel: headingLevel))
        }

        mutating func finish() -> [Node] {
            while !stack.isEmpty { close() }
            return roots
        }

        /// Pops the innermost open item and hands it to its parent.
        mutating func close() {
            guard !stack.isEmpty else { return }
            let frame = stack.removeLast()
            if frame.item.isProperty {
                if frame.item.role == "placeholder", let value = frame.item.value, !stack.isEmpty {
                    stack[stack.count - 1].hint = OracleAriaPattern.spokenValue(value)
                }
                return
            }
            // The node is made in its parent's list and shaped there: a node
            // shaped on the side was copied into the list (retaining each of
            // its strings, sets and arrays), which cost more than shaping it.
            // (Appended as a new value: appending a `let` copied it too.)
            if stack.isEmpty {
                roots.append(Node(role: frame.role.role, platformRole: frame.role.platformRole, line: frame.item.line))
                _ = Self.finish(&roots[roots.count - 1], frame)
                return
            }
            let i = stack.count - 1
            stack[i].children.append(Node(role: frame.role.role, platformRole: frame.role.platformRole, line: frame.item.line))
            let last = stack[i].children.count - 1
            let done = Self.finish(&stack[i].children[last], frame)
            if done.holdsStop {
                stack[i].stopChildren += 1
                stack[i].soleStopText = stack[i].stopChildren == 1 && done.isTextStop ? stack[i].children[last].label : nil
            }
            if done.hasText { stack[i].hasText = true }
            if done.holdsControl { stack[i].holdsControl = true }
        }

        /// A `[level=N]` value as a heading level: a positive whole number.
        static func level(_ value: String) -> Int? {
            guard let number = Double(value), number >= 1, number <= 1_000, number == number.rounded() else { return nil }
            return Int(number)
        }
    }
}
