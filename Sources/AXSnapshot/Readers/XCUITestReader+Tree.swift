/// The tree level of the XCUITest reader: element lines parsed one after the
/// other straight into nodes, nested by indentation.
extension XCUITestReader {
    /// The nodes of the tree's lines, and what reading them showed.
    struct Tree {
        var roots: [Node] = []
        /// Element lines read (a label joined over lines counts once).
        var entries = 0
        /// Every element line had the first one's indentation.
        var sameIndent = true
        /// A line had a title or a type only macOS has.
        var macOS = false
    }

    /// A node still taking children while the lines below are read (the node
    /// itself is in the `NodeBuffer`, its children so far after it).
    private struct Open {
        var indent: Int
        var kind: XCUITestElementType.Kind
        /// Where the node is in the buffer.
        var at: Int
        /// An `Other` (or `Cell`) made one stop by its label; undone when a control
        /// just below it carries the same label (it is that control's wrapper).
        var groupLabel: String?
    }

    /// How many levels above a labelled control a wrapper with the same label is looked for.
    static let wrapperReach = 4

    /// Parses the tree's lines and builds the tree from indentation with a
    /// stack: a line's parent is the nearest line above it that is indented
    /// less. Each line's node is built once, in place, and takes its children
    /// out of the buffer when a line at its level or above closes it. With `flattened`,
    /// the lines are a paste that lost its indentation (`flattenedIndent`).
    ///
    /// - Complexity: O(n) in the number of lines, whatever the depth.
    static func buildTree(_ text: UnsafeBufferPointer<UInt8>, _ lines: [RawLine], flattened: Bool, file: String) throws -> Tree {
        var tree = Tree()
        var stack: [Open] = []
        let nodes = NodeBuffer()
        func close() {
            let at = stack.removeLast().at
            let children = nodes.take(from: at + 1)
            if !children.isEmpty { nodes[at].children = children }
        }
        var owner: Frame?
        var k = 0
        while k < lines.count {
            var (element, taken) = try parseJoined(text, lines[k...], file: file)
            let line = lines[k]
            k += taken
            tree.entries += 1
            if element.title != nil || element.type.isMacOnly { tree.macOS = true }
            if line.indent != lines[0].indent { tree.sameIndent = false }
            let indent = flattened ? flattenedIndent(element, owner: &owner) : line.indent

            while let top = stack.last, top.indent >= indent { close() }
            let kind = element.type.kind
            let new = nodes.count
            appendNode(taking: &element, line: line.number, parent: stack.last?.kind, to: nodes)
            if nodes[new].role.isInteractive, let label = nodes[new].label, !label.isEmpty {
                var k = stack.count - 1
                while k >= 0, k >= stack.count - wrapperReach {
                    if stack[k].groupLabel == label {
                        stack[k].groupLabel = nil
                        nodes[stack[k].at].element = nil
                        if stack[k].kind == .other { nodes[stack[k].at].role = .container }
                    }
                    k -= 1
                }
            }
            let grouped = nodes[new].element == true && (kind == .other || kind == .cell)
            stack.append(Open(indent: indent, kind: kind, at: new, groupLabel: grouped ? nodes[new].label : nil))
        }
        while !stack.isEmpty { close() }
        tree.roots = nodes.take(from: 0)
        return tree
    }

    /// The indentation of a line in a paste that lost its indentation: keep it
    /// a flat list, except that a line whose frame lies inside the frame of the
    /// control (or labelled `Other`) just above it is taken as that control's
    /// subview, as XCUITest lists a button's text right after the button.
    /// `owner` carries that frame from line to line.
    static func flattenedIndent(_ element: ElementLine, owner: inout Frame?) -> Int {
        let isStop = element.type.role.isInteractive || (element.type.kind == .other && !(element.label ?? "").isEmpty)
        if !isStop, let frame = element.frame, let outer = owner, contains(outer, frame) {
            return 1
        }
        owner = isStop ? element.frame : nil
        return 0
    }

    static func contains(_ outer: Frame, _ inner: Frame) -> Bool {
        let slack = 0.5
        return inner.x >= outer.x - slack && inner.y >= outer.y - slack
            && inner.maxX <= outer.maxX + slack && inner.maxY <= outer.maxY + slack
    }

    // MARK: - One node

    /// Appends the node of one element line to `nodes`: its fields worked out
    /// first, then the node made with `Node(line:)` at the end of the buffer and
    /// filled there (a node made aside and appended was built twice and copied).
    /// The strings the node keeps are moved out of `e`, not copied: a copy was
    /// retained here and released again when the line was dropped.
    static func appendNode(taking e: inout ElementLine, line: Int, parent: XCUITestElementType.Kind?, to nodes: NodeBuffer) {
        // The element type is kept as written: VoiceOver's words and the
        // severities follow it where the model's role is coarser.
        var role = e.type.kind == .button && parent == .tabBar ? .tab : e.type.role
        var label = nonEmpty(e.label.take()) ?? nonEmpty(e.title.take())
        var value = nonEmpty(e.value.take())
        var states: NodeStates = []
        if !e.flags.isEmpty {
            if e.flags.contains(.selected) { states.insert(.selected) }
            if e.flags.contains(.disabled) { states.insert(.disabled) }
            if e.flags.contains(.focused) { states.insert(.focused) }
        }

        switch role {
        case .textField, .secureTextField, .searchField:
            // VoiceOver reads the placeholder of an empty field where a value would be.
            if let placeholder = nonEmpty(e.placeholder), value == nil || value == placeholder {
                value = placeholder == label ? nil : placeholder
            }
        case .checkbox:
            if value == "1" { states.insert(.checked); value = nil } else if value == "0" { value = nil }
        case .radio:
            if value == "1" { states.insert(.selected); value = nil } else if value == "0" { value = nil }
        case .text:
            // macOS puts a static text's words in its value.
            if label == nil, let v = value { label = v; value = nil }
        default:
            break
        }

        let spoken = label != nil || value != nil
        var element: Bool?
        switch e.type.kind {
        case .application, .window:
            element = false
        case .other:
            if label != nil {
                role = .text
                element = true
            }
        case .cell:
            if label != nil { element = true }
        case .button, .tabBar, .plain:
            if role.isInteractive || role == .progress {
                element = true
            } else if spoken, role == .text || role == .heading || role == .image {
                element = true
            }
        }
        let n = nodes.append(line: line)
        nodes[n].id = nonEmpty(e.identifier.take())
        nodes[n].role = role
        nodes[n].platformRole = e.type.name
        if !states.isEmpty { nodes[n].states = states }
        nodes[n].label = label
        nodes[n].value = value
        nodes[n].frame = e.frame
        nodes[n].element = element
    }

    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }
}
