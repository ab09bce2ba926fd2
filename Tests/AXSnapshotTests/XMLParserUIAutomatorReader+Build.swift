@testable import AXSnapshot

// The model builder as it was before it built each node where it lies and
// scaled the frames as it built them: the oracle's own, so that
// `UIAutomatorOracleTests` holds the whole reader, parse and build, to the
// old one.
extension XMLParserUIAutomatorReader {
    /// The snapshot of a parsed dump.
    static func snapshot(nodes: [UIAutomatorNode], classes: [String], strings: UIAutomatorStrings, sawHierarchy: Bool,
                         file: String, screen: String) throws -> Snapshot {
        guard sawHierarchy || !nodes.isEmpty else {
            throw SnapshotError(file: file, line: 1, column: 1, message: "not a uiautomator dump: expected a <hierarchy> of <node> elements")
        }
        var nodes = nodes
        // Bounds are device pixels; the model is in dp (DESIGN §2).
        if let density = AndroidDensity.density(of: nodes.lazy.map(\.frame)) {
            for i in nodes.indices { nodes[i].frame = nodes[i].frame?.scaled(by: 1 / density, to: .dp) }
        }
        let elements = build(nodes, classes: classes, strings: strings)
        return Snapshot(screen: screen, platform: .android, elements: elements, format: .uiautomator)
    }

    /// Builds the model tree from the flat pre-order node array, deciding the
    /// stops by TalkBack's rules. Four linear passes, no recursion.
    ///
    /// - Complexity: O(n), where n is the number of nodes.
    static func build(_ raw: [UIAutomatorNode], classes: [String], strings: UIAutomatorStrings) -> [Node] {
        let n = raw.count
        guard n > 0 else { return [] }
        // A dump has a few dozen classes: each is looked at once.
        let classKinds = classes.map { UIAutomatorNode.Kind(className: $0) }
        let kinds = raw.map { classKinds[$0.classIndex] }

        // Pass 1, children before parents (higher pre-order index first):
        // actionable, speaking (TalkBack's isSpeakingNode) and candidate stops.
        var actionable = [Bool](repeating: false, count: n)
        var speakingChild = [Bool](repeating: false, count: n)
        var candidate = [Bool](repeating: false, count: n)
        // Each node's children that stay its children (the parser keeps
        // only parent links): counted in pass 1, the lifted ones taken off in pass 2.
        var keptChildren = [Int](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let node = raw[i]
            let kind = kinds[i]
            let hidden = node.flags.contains(.invisible)
            // `scrollable="true"` makes a layout a scroll container, but not a
            // control that scrolls its own content (a Spinner, a multi-line
            // field): TalkBack still reads those as the control they are.
            let scroll = kind.isScrollContainer || (node.flags.contains(.scrollable) && !kind.role.isInteractive)
            let ownText = node.hasOwnText(kind)
            let exposed = !hidden && !node.flags.contains(.notImportant)
            let act = !scroll && exposed
                && !node.flags.isDisjoint(with: [.clickable, .longClickable, .focusable, .checkable])
            actionable[i] = act
            let speaking = ownText || (exposed && node.flags.contains(.checkable)) || speakingChild[i]
            if hidden || scroll {
                candidate[i] = false
            } else if act {
                candidate[i] = keptChildren[i] == 0 || speaking
            } else {
                candidate[i] = ownText
            }
            if node.parent >= 0 {
                keptChildren[node.parent] += 1
                if !act, !hidden, speaking { speakingChild[node.parent] = true }
            }
        }

        // Pass 2, parents first: who owns each node's speech, and which
        // actionable nodes inside a stop are lifted out after it.
        var owner = [Int](repeating: -1, count: n)
        var lifted = [Bool](repeating: false, count: n)
        var isStop = [Bool](repeating: false, count: n)
        var liftedInto: [Int: [Int]] = [:]
        for i in 0..<n {
            let p = raw[i].parent
            if p >= 0 {
                let context = isStop[p] ? p : owner[p]
                if context >= 0 {
                    if actionable[i] {
                        lifted[i] = true
                        keptChildren[p] -= 1
                        liftedInto[context, default: []].append(i)
                    } else {
                        owner[i] = context
                    }
                }
            }
            isStop[i] = candidate[i] && owner[i] < 0
        }

        // Pass 3, children before parents: the nodes. In reverse pre-order a
        // node's children are built just before it, so they are the top of
        // `pending`, first child on top; holding only the subtrees still
        // waiting for their parent, not an array slot for every node, keeps
        // this pass from touching megabytes of fresh memory.
        var pending: [Node] = []
        var liftedNodes: [Int: Node] = [:]
        for i in stride(from: n - 1, through: 0, by: -1) {
            let kept = keptChildren[i]
            var children: [Node] = []
            children.reserveCapacity(kept)
            for _ in 0..<kept {
                if let child = pending.popLast() { children.append(child) }
            }
            let p = raw[i].parent
            var node = makeNode(raw[i], kind: kinds[i], className: classes[raw[i].classIndex], strings: strings,
                                inner: owner[i] >= 0, stop: isStop[i], inTabList: p >= 0 && kinds[p].isTabList, children: children)
            if isStop[i], let more = liftedInto[i] {
                var group = [node]
                group.reserveCapacity(more.count + 1)
                for j in more {
                    if let m = liftedNodes.removeValue(forKey: j) { group.append(m) }
                }
                node = Node(role: .container, frame: node.frame, element: false, line: node.line, children: group)
            }
            if lifted[i] {
                liftedNodes[i] = node
            } else {
                pending.append(node)
            }
        }

        // What is left are the roots, the first on top.
        var roots: [Node] = []
        roots.reserveCapacity(pending.count)
        while let root = pending.popLast() { roots.append(root) }
        return roots
    }

    /// One node's fields. `inner`: spoken as part of an enclosing stop;
    /// `stop`: one stop of its own.
    /// `inTabList`: a child of a `TabWidget`, whose controls are tabs.
    static func makeNode(_ raw: UIAutomatorNode, kind: UIAutomatorNode.Kind, className: String, strings: UIAutomatorStrings,
                         inner: Bool, stop: Bool, inTabList: Bool = false, children: [Node]) -> Node {
        // From `Node(line:)`: the initializer with every field built the node twice.
        var node = Node(line: raw.line)
        node.role = kind.role
        node.frame = raw.frame
        node.children = children
        if !raw.resourceID.isEmpty { node.id = strings.string(raw.resourceID) }
        // The class as the dump names it: TalkBack's words follow it.
        if !className.isEmpty { node.platformRole = className }
        let flags = raw.flags
        node.hidden = flags.contains(.invisible)
        if flags.contains(.notImportant) {
            // Not exposed to TalkBack: nothing of its own is spoken.
            node.element = inner ? nil : false
            if kind.role != .other { node.role = .container }
            return node
        }

        // Strings are made only for the fields the node shows.
        switch kind.role {
        case .textField, .searchField:
            if flags.contains(.password) { node.role = .secureTextField }
            let text = strings.string(raw.text)
            if !raw.contentDescription.isEmpty {
                let description = strings.string(raw.contentDescription)
                node.label = description
                if text != description { node.value = text }
            } else if !raw.hint.isEmpty {
                let hint = strings.string(raw.hint)
                node.label = hint
                if text != hint { node.value = text }
            } else if flags.contains(.password) {
                node.value = text
            } else {
                node.label = text
            }
        case .slider, .progress:
            node.label = strings.string(raw.contentDescription)
            node.value = strings.string(raw.text)
        default:
            node.label = strings.string(raw.contentDescription.isEmpty ? raw.text : raw.contentDescription)
        }
        if node.label?.isEmpty == true { node.label = nil }
        if node.value?.isEmpty == true { node.value = nil }

        if flags.contains(.disabled) { node.states.insert(.disabled) }
        if flags.contains(.selected) { node.states.insert(.selected) }
        if flags.contains(.focused) { node.states.insert(.focused) }

        if !inner {
            node.element = stop
            if stop {
                let generic = node.role == .text || node.role == .image || node.role == .container || node.role == .other
                if flags.contains(.checkable), generic || node.role == .button {
                    node.role = .checkbox
                } else if flags.contains(.clickable), generic {
                    node.role = .button
                } else if node.role == .container {
                    node.role = .text
                }
                if inTabList, node.role == .button || (node.role == .text && flags.contains(.clickable)) {
                    node.role = .tab
                }
            } else if node.role == .container {
                node.role = UIAutomatorReader.containerRole(className, kind.role)
            }
        }
        if node.role == .toggle {
            node.value = flags.contains(.checked) ? "1" : "0"
        } else if flags.contains(.checked) {
            node.states.insert(.checked)
        }
        return node
    }
}
