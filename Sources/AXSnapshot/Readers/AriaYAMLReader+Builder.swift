extension AriaYAMLReader {
    /// One open item: its line, and what its children contributed so far.
    struct Frame {
        /// The item, and in it its role (`item.ariaRole`).
        var item: AriaLine
        /// Indentation of this item's children (set by the first child).
        var childIndent: Int?
        var childLine = 0
        /// Where this item's children begin in the builder's `nodes`.
        var firstChild: Int
        /// How many children are stops or hold stops.
        var stopChildren = 0
        /// When exactly one child holds stops and it is a text stop: where
        /// that child's node is in the builder's `nodes` (its label is the
        /// text). An index, not a copy of the label: a `String` here is
        /// retained, released, and destroyed with every frame.
        var soleStopChild: Int?
        /// Whether anything under this item has text.
        var hasText = false
        /// Whether a control (a link, a button, a field…) is among the stops below.
        var holdsControl = false
        /// The level of the heading this item is inside (0: a heading of
        /// unknown level), when it is inside one.
        var headingLevel: Int?
        /// Set by a `/placeholder:` property: where its text is in the
        /// builder's `hints` (a `String` here is destroyed with every frame,
        /// and few items have a placeholder).
        var hint: Int?
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
        /// The open items (`AriaFrameStack`).
        let stack = AriaFrameStack()
        /// The children of the open items (`NodeBuffer`).
        let nodes: NodeBuffer
        /// The texts of `/placeholder:` properties (`Frame.hint`), each moved
        /// into its item's node when the item closes.
        let hints = InPlaceBuffer<String?>(capacity: 1)
        /// The innermost open item when it is a property (`AriaProperty`):
        /// then it is open inside the frames, not on top of them.
        var property: AriaProperty?
        var rootIndent: Int?
        var rootLine = 0
        /// The last line read was an item with a plain value (or its continuation).
        var canContinue = false

        /// `bytes`: the file's size. The open items' children wait in
        /// `nodes`, and a list of many items holds all of them at once (a
        /// page's thousand sections, say): blocks of room for about one node
        /// every 128 bytes (up to `InPlaceBuffer.blockBytes`) spare most
        /// of the allocations.
        init(file: String, bytes: Int = 0) {
            self.file = file
            nodes = NodeBuffer(capacity: min(max(bytes / 128, 64), 1 << 16))
        }

        func fail(_ line: Int, _ column: Int? = nil, _ message: String) -> SnapshotError {
            SnapshotError(file: file, line: line, column: column, message: message)
        }

        /// A line continuing the plain value of the item on top (`text` trimmed).
        mutating func continueValue(indent: Int, text: String, line: Int) throws {
            let top = stack.count - 1
            let continues: Bool
            if let property {
                continues = canContinue && indent > property.indent && property.hasValue
            } else {
                continues = canContinue && top >= 0 && indent > stack[top].item.indent && nodes.count == stack[top].firstChild
                    && stack[top].item.value != nil
            }
            guard continues else {
                throw fail(line, indent + 1, "expected a list item starting with '- ' (found \"\(Self.shown(text))\")")
            }
            // Most lines hold no colon: no copy of their bytes is made for them.
            if text.utf8.contains(UInt8(ascii: ":")), let colon = AriaLine.nestedMappingColon(Array(text.utf8)) {
                throw fail(line, indent + 1 + text.utf8.prefix(colon).filter { $0 & 0xC0 != 0x80 }.count,
                           "nested mappings are not allowed in a plain value (':' here starts one); quote the text")
            }
            // Appended in place: `value + " " + text` copied the whole value
            // for every continuation line, quadratic in a long paragraph.
            if property != nil {
                property?.placeholder?.append(" ")
                property?.placeholder?.append(text)
                return
            }
            stack[top].item.valueIsNormal = false
            stack[top].item.value?.append(" ")
            stack[top].item.value?.append(text)
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

        /// Takes `line`'s item into a new frame, leaving a blank item in
        /// `line`: the item is moved, not copied (passing it by value copied
        /// it, retaining each of its strings).
        mutating func push(_ line: inout AriaLine) throws {
            if line.isProperty { return try pushProperty(&line) }
            // The item's few fields that `open` reads, not the item: handing
            // it over copied it whole (a call to `memcpy` a line).
            let isHeading = line.ariaRole.role == .heading
            let headingLevel = try open(indent: line.indent, line: line.line, valueIsPlain: line.valueIsPlain,
                                        isHeading: isHeading, ownLevel: line.attributes.headingLevel)
            stack.push(&line, firstChild: nodes.count, headingLevel: headingLevel)
        }

        /// Opens `line`'s property as `property`, leaving a blank item in `line`.
        private mutating func pushProperty(_ line: inout AriaLine) throws {
            _ = try open(indent: line.indent, line: line.line, valueIsPlain: line.valueIsPlain, isHeading: false, ownLevel: nil)
            var name: String?
            swap(&name, &line.ariaRole.platformRole)
            var value: String?
            swap(&value, &line.value)
            let hasValue = value != nil
            property = AriaProperty(indent: line.indent, line: line.line, name: name ?? "", hasValue: hasValue,
                                    placeholder: name == "placeholder" ? value : nil)
            line = AriaLine(line: 0)
        }

        /// Closes the items an item at `indent` on `line` is not nested in
        /// and checks that it may be opened where it is: the heading level
        /// its frame starts with (`ownLevel`, 0 when unknown, for a heading).
        private mutating func open(indent: Int, line: Int, valueIsPlain: Bool, isHeading: Bool, ownLevel: Int?) throws -> Int? {
            canContinue = valueIsPlain
            if let property {
                guard property.indent >= indent else {
                    throw fail(line, indent + 1, "a /\(property.name.prefix(40)) property (line \(property.line)) cannot hold nested items")
                }
                closeProperty()
            }
            while !stack.isEmpty, stack[stack.count - 1].item.indent >= indent {
                close()
            }
            if !stack.isEmpty {
                // The parent read in place (binding it copied the frame and its children).
                let p = stack.count - 1
                // YAML (and so Playwright) reads a more-indented item under
                // `- button "x"` or `- listitem: text` as part of that line's
                // text, and then rejects it: nested items need `- role:`.
                if !stack[p].item.hasColon {
                    let what = stack[p].item.roleWord.prefix(40)
                    throw fail(line, indent + 1, "nested item under \(what) on line \(stack[p].item.line), which has no ':' (write `- \(what):` to give it children)")
                }
                if stack[p].item.value != nil {
                    throw fail(line, indent + 1, "nested item under \(stack[p].item.roleWord.prefix(40)) on line \(stack[p].item.line), which already has a text value after its ':'")
                }
                if let expected = stack[p].childIndent {
                    if expected != indent {
                        throw fail(line, indent + 1, "malformed indentation: expected \(expected) spaces like the item on line \(stack[p].childLine), found \(indent)")
                    }
                } else {
                    stack[p].childIndent = indent
                    stack[p].childLine = line
                }
            } else if let rootIndent {
                if indent != rootIndent {
                    throw fail(line, indent + 1, "malformed indentation: expected \(rootIndent) spaces like the first item on line \(rootLine), found \(indent)")
                }
            } else {
                rootIndent = indent
                rootLine = line
            }
            guard stack.count < AriaYAMLReader.maxDepth else {
                throw fail(line, indent + 1, "nesting deeper than \(AriaYAMLReader.maxDepth) levels")
            }
            if isHeading { return ownLevel ?? 0 }
            return stack.isEmpty ? nil : stack[stack.count - 1].headingLevel
        }

        /// The top-level nodes, once every item is closed (they are what is left in `nodes`).
        mutating func finish() -> [Node] {
            if property != nil { closeProperty() }
            while !stack.isEmpty { close() }
            return nodes.take(from: 0)
        }

        /// Closes the open property: a placeholder's text becomes the hint of the item holding it.
        mutating func closeProperty() {
            var closed: AriaProperty?
            swap(&closed, &property)
            if let value = closed?.placeholder, !stack.isEmpty {
                let hint = AriaPattern.spokenValue(value)
                stack[stack.count - 1].hint = hints.append { $0.initialize(to: hint) }
            }
        }

        /// Closes the innermost open frame, in place, and hands it to its
        /// parent (an open property, inside it, is closed before).
        mutating func close() {
            guard !stack.isEmpty else { return }
            let top = stack.count - 1
            // Made and shaped where it stays, among its parent's children (a
            // node shaped aside was copied in; one read back was copied out).
            // Most items hold no children: no call is made for them.
            var children = nodes.count > stack[top].firstChild ? nodes.take(from: stack[top].firstChild) : []
            // The stack itself, so that the closure holds it and not the whole builder.
            let stack = self.stack
            let hints = self.hints
            let done = nodes.append(line: stack[top].item.line) { node in
                node.role = stack[top].item.ariaRole.role
                if let hint = stack[top].hint { swap(&node.hint, &hints[hint]) }
                // Moved, not copied (a copy would be retained, and released
                // with the frame): the frame is destroyed next, and `finish`
                // does not read it.
                swap(&node.platformRole, &stack[top].item.ariaRole.platformRole)
                // A known word in another case is the known word's role.
                if stack[top].item.roleWordIsOtherCase { node.platformRole = node.platformRole?.lowercased() }
                return Self.finish(&node, &stack[top], children: &children)
            }
            stack.removeLast()
            guard top > 0 else { return }
            let i = top - 1
            if done.holdsStop {
                stack[i].stopChildren += 1
                // The node just made is the last in `nodes`.
                stack[i].soleStopChild = stack[i].stopChildren == 1 && done.isTextStop ? nodes.count - 1 : nil
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
