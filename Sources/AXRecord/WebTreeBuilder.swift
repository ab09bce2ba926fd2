import AXSnapshot

/// Turns Chromium's accessibility tree (`Accessibility.getFullAXTree`) and
/// the page's layout into the snapshot model, in the tree's order (the DOM
/// order a screen reader's browse mode follows).
///
/// Stops follow the rules of the ARIA snapshot reader: a control, link,
/// heading or image is one stop with its whole subtree; a paragraph, list
/// item, cell or other text-like node holding only text is one text stop; a
/// landmark, list or dialog is a container. Ignored nodes (`aria-hidden`
/// subtrees, `display: none`, `visibility: hidden`, empty wrappers) are no
/// stops; their children that Chromium still exposes take their place.
/// Adjacent text runs join into one stop unless a block-level box lies
/// between them (`Loose <b>leaf</b>` is one stop, two `<div>`s are two).
///
/// The walk keeps its own stack, so a deep page cannot exhaust the thread's.
///
/// - Complexity: O(n) in the number of accessibility nodes, plus the text
///   joined.
struct WebTreeBuilder {
    let nodes: [CDP.AXNode]
    let layout: PageLayout

    /// Accessibility-tree depth below which containers are flattened: each
    /// container is two levels of JSON, and `JSONParser.maxDepth` is 512.
    static let maxDepth = 200

    /// What a finished node hands to its parent.
    enum Piece {
        case node(Node)
        case text(String, frame: Frame?, id: String?)
        /// A block boundary: text on either side is not joined.
        case boundary
    }

    /// The page's title (the root's name) and its elements.
    func build() -> (title: String, elements: [Node]) {
        guard let root = nodes.first else { return ("", []) }
        var index: [String: Int] = [:]
        for (i, n) in nodes.enumerated() where index[n.nodeId] == nil { index[n.nodeId] = i }
        var visited = [Bool](repeating: false, count: nodes.count)
        visited[0] = true

        struct Work {
            var node: Int
            var next = 0
            var pieces: [Piece] = []
            var extent: Frame?
        }
        var stack = [Work(node: 0)]
        var elements: [Node] = []
        while !stack.isEmpty {
            let top = stack.count - 1
            let children = nodes[stack[top].node].childIds ?? []
            if stack[top].next < children.count {
                let child = children[stack[top].next]
                stack[top].next += 1
                if let c = index[child], !visited[c] {
                    visited[c] = true
                    stack.append(Work(node: c))
                }
                continue
            }
            let done = stack.removeLast()
            let node = nodes[done.node]
            let box = layout.box(node.backendDOMNodeId)
            let extent = Self.union(box?.frame, done.extent)
            if stack.isEmpty {
                elements = Self.nodes(from: done.pieces)
                break
            }
            // Below `maxDepth` a container gives its children to its parent,
            // so the file stays within what the JSON reader accepts.
            let pieces = finish(node, box: box, extent: extent, children: done.pieces, flatten: stack.count > Self.maxDepth)
            stack[stack.count - 1].pieces.append(contentsOf: pieces)
            stack[stack.count - 1].extent = Self.union(stack[stack.count - 1].extent, extent)
        }
        return (root.name?.value?.text ?? "", elements)
    }

    /// The pieces one node contributes, its children already finished;
    /// `flatten`: a container gives its children to its parent.
    func finish(_ n: CDP.AXNode, box: PageLayout.Box?, extent: Frame?, children: [Piece], flatten: Bool = false) -> [Piece] {
        let name = Self.clean(n.name?.value?.text ?? "")
        let role = n.role?.value?.text ?? ""
        if n.ignored { return Self.transparent(children, box: box) }
        switch WebRole.of(role, named: !name.isEmpty) {
        case .skip:
            return []
        case .text:
            let text = role == "LineBreak" ? " " : (n.name?.value?.text ?? "")
            return [.text(text, frame: box?.frame, id: nil)]
        case .transparent:
            return Self.transparent(children, box: box)
        case .aria(let aria):
            if flatten, aria.kind != .leaf { return Self.transparent(children, box: box) }
            var node = Node(id: box?.testID, role: aria.role, platformRole: aria.platformRole, frame: box?.frame ?? extent)
            Self.applyProperties(n, to: &node)
            switch aria.kind {
            case .leaf:
                node.label = name
                if aria.inlineIsValue, let value = n.value?.value?.text, !value.isEmpty { node.value = Self.clean(value) }
                node.hint = Self.nonEmpty(Self.clean(n.description?.value?.text ?? ""))
                let speaks = !name.isEmpty || !(node.value ?? "").isEmpty
                guard speaks || aria.role.isFocusableWithoutLabel || aria.role == .progress else { return [] }
                node.element = true
                return [.node(node)]
            case .structural:
                // Kept with its role and name: entering it is announced.
                if !name.isEmpty { node.label = name }
                node.states = []
                node.children = Self.nodes(from: children)
                return node.children.isEmpty ? [] : [.node(node)]
            case .item:
                let kids = Self.nodes(from: children)
                if kids.isEmpty || (kids.count == 1 && Self.isTextStop(kids[0])) {
                    let label = name.isEmpty ? (kids.first?.label ?? "") : name
                    guard !label.isEmpty else { return [] }
                    node.label = label
                    if node.id == nil { node.id = kids.first?.id }
                    node.hint = Self.nonEmpty(Self.clean(n.description?.value?.text ?? ""))
                    node.element = true
                    return [.node(node)]
                }
                var items = kids
                if aria.keepsOwnStop, !name.isEmpty {
                    // A tree item holding a group: the item is read, then its children.
                    var own = node
                    own.label = name
                    own.element = true
                    items.insert(own, at: 0)
                    node = Node(role: .container, frame: node.frame)
                } else {
                    node.role = aria.containerRole
                    if !name.isEmpty, node.role != .container { node.label = name }
                }
                node.states = []
                node.children = items
                return [.node(node)]
            }
        }
    }

    /// A text stop a text-like parent can take as its own label.
    static func isTextStop(_ node: Node) -> Bool {
        (node.role == .text || node.platformRole.map { AriaRole.named($0).readsAsText } == true)
            && node.children.isEmpty && node.element == true
    }

    /// The children of a node that is not one of its own. Its id (and, for
    /// text, its box) goes to the one thing it holds (`<span
    /// data-testid="total">$4</span>`), and a block-level box keeps its text
    /// apart from the text around it.
    static func transparent(_ children: [Piece], box: PageLayout.Box?) -> [Piece] {
        var pieces = children
        let real = pieces.indices.filter { if case .boundary = pieces[$0] { return false } else { return true } }
        if real.count == 1 {
            switch pieces[real[0]] {
            case .text(let text, let frame, let id):
                // `<label>Size</label>`: the text is seen where its box is.
                pieces[real[0]] = .text(text, frame: box?.frame ?? frame, id: id ?? box?.testID)
            case .node(var node) where node.id == nil && box?.testID != nil:
                node.id = box?.testID
                pieces[real[0]] = .node(node)
            default: break
            }
        }
        guard let display = box?.display, !display.hasPrefix("inline"), display != "contents" else { return pieces }
        return [.boundary] + pieces + [.boundary]
    }

    /// Pieces as nodes: each run of adjacent text becomes one text stop.
    static func nodes(from pieces: [Piece]) -> [Node] {
        var result: [Node] = []
        var run = "", frame: Frame?, id: String?, runParts = 0
        func flush() {
            let label = clean(run)
            if !label.isEmpty {
                // An id belongs to the run only when the run is that one piece.
                result.append(Node(id: runParts == 1 ? id : nil, role: .text, label: label, frame: frame, element: true))
            }
            run = ""
            frame = nil
            id = nil
            runParts = 0
        }
        for piece in pieces {
            switch piece {
            case .text(let text, let f, let i):
                run += text
                frame = union(frame, f)
                id = id ?? i
                runParts += 1
            case .boundary:
                flush()
            case .node(let node):
                flush()
                result.append(node)
            }
        }
        flush()
        return result
    }

    /// States, level and toggle values from the node's AX properties.
    static func applyProperties(_ n: CDP.AXNode, to node: inout Node) {
        var checked = false
        for p in n.properties ?? [] {
            let v = p.value.value
            let on = v == .bool(true) || v == .string("true")
            switch p.name {
            case "focused": if on { node.states.insert(.focused) }
            case "disabled": if on { node.states.insert(.disabled) }
            case "selected", "pressed":
                if on { node.states.insert(.selected) } else if p.name == "pressed", v == .string("mixed") { node.value = "mixed" }
            case "busy": if on { node.states.insert(.busy) }
            case "expanded":
                if on { node.states.insert(.expanded) } else if v == .bool(false) || v == .string("false") { node.states.insert(.collapsed) }
            case "checked":
                if v == .string("mixed") { node.value = "mixed" } else if on { node.states.insert(.checked); checked = true }
            case "invalid":
                if let t = v?.text, t != "false", !t.isEmpty { node.states.insert(.invalid) }
            case "level":
                if node.role == .heading, case .number(let d)? = v, d >= 1, d < 1000 { node.level = Int(d) }
            default: break
            }
        }
        if node.role == .toggle {
            node.states.remove(.checked)
            node.value = checked ? "1" : "0"
        }
    }

    /// Whitespace collapsed to single spaces and trimmed, as a screen reader speaks it.
    static func clean(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    static func nonEmpty(_ s: String) -> String? { s.isEmpty ? nil : s }

    static func union(_ a: Frame?, _ b: Frame?) -> Frame? {
        guard let a else { return b }
        guard let b else { return a }
        return StopTree.union(a, b)
    }
}
