extension Snapshot {
    /// The stops of this screen in reading order (DESIGN §2): depth-first in file
    /// order, skipping hidden subtrees, taking every node that is a stop and not
    /// descending into it.
    ///
    /// - Complexity: O(n · d) in the number of nodes n and the depth d of the
    ///   stops (see `stopTree`); iterative, so the depth of the tree cannot
    ///   exhaust the stack.
    public var stops: [Stop] { stopTree().stops }

    /// The stops and the tree of shown nodes that lead to them, in one walk
    /// (see `StopTree`): containers, members and frames, read by reading-order
    /// analysis without walking the nodes again.
    ///
    /// Nodes are read where they lie (`current[i].field`), never bound to a
    /// local: a `Node` has a dozen reference-counted fields, and a copy
    /// retains and releases each. A stack of sibling arrays with the next position in each and one shared path,
    /// so the depth of the tree cannot exhaust the call stack. An inner node
    /// gets its tree node only when the first stop below it is found, so nodes
    /// without stops stay out of the tree.
    ///
    /// - Complexity: O(n · d) in the number of nodes n and the depth d of the
    ///   stops (each stop's frame is united into its ancestors' boxes).
    ///
    /// `expectedStops`: about how many stops the screen has — the previous version's count,
    /// when the caller has it. The tree's arrays are sized from it (a little over, as a
    /// version usually gains or loses a few stops) instead of from a counting walk, which
    /// reads every node from memory once more.
    package func stopTree(expectedStops: Int? = nil) -> StopTree {
        struct Level {
            /// The siblings being walked and the next position among them.
            var nodes: [Node]
            var next: Int
            /// The tree node of the node holding `nodes`, or -1 until a stop is found below it.
            var node: Int
            /// That node's own frame.
            var frame: Frame?
            /// Its last child in the tree so far, or -1.
            var lastChild: Int
        }
        var tree = StopTree()
        // Sized first: growing the arrays moved every stop (a few hundred
        // bytes each) a couple of times over, more than a counting walk costs.
        let count = expectedStops.map { n in (stops: n + n / 16 + 8, inner: n / 4 + 8) } ?? countShown()
        tree.stops.reserveCapacity(count.stops)
        tree.nodeOfStop.reserveCapacity(count.stops)
        tree.places.reserveCapacity(1 + count.stops + count.inner)
        tree.innerFrames.reserveCapacity(1 + count.inner)
        var levels = [Level(nodes: elements, next: 0, node: 0, frame: nil, lastChild: -1)]
        var created = 1  // levels[0..<created] have their tree node
        var path: [Int] = []
        var current = elements
        while !levels.isEmpty {
            let top = levels.count - 1
            let i = levels[top].next
            guard i < current.count else {
                levels.removeLast()
                if !path.isEmpty { path.removeLast() }
                created = min(created, levels.count)
                if let last = levels.last { current = last.nodes }
                continue
            }
            levels[top].next = i + 1
            guard !current[i].hidden else { continue }
            guard Node.isStop(current, i) else {
                if !current[i].children.isEmpty {
                    let children = current[i].children
                    levels.append(Level(nodes: children, next: 0, node: -1, frame: current[i].frame, lastChild: -1))
                    path.append(i)
                    current = children
                }
                continue
            }
            let frame = current[i].frame
            for lv in created..<levels.count {
                let inner = tree.addNode(parent: levels[lv - 1].node, after: levels[lv - 1].lastChild, stop: -1, frame: levels[lv].frame)
                levels[lv - 1].lastChild = inner
                levels[lv].node = inner
            }
            created = levels.count
            let k = tree.stops.count
            levels[top].lastChild = tree.addNode(parent: levels[top].node, after: levels[top].lastChild, stop: k, frame: frame)
            tree.nodeOfStop.append(levels[top].lastChild)
            // An inner node without a frame of its own is placed by the box
            // around its stops, united in reading order (the root is never placed).
            if let f = frame {
                for lv in 1..<levels.count where levels[lv].frame == nil { tree.unite(f, into: levels[lv].node) }
            }
            tree.stops.append(Self.makeStop(current, i, parentPath: path, index: k, platform: platform))
            if !(current[i].value?.isEmpty ?? true) { tree.valued.append(k) }
            if let rare = tree.stops[k].details.box?.value {
                if !rare.innerIDs.isEmpty { tree.folding.append(k) }
                if !rare.hint.isEmpty || !rare.actions.isEmpty { tree.hintsOrActions.append(k) }
            }
        }
        return tree
    }

    /// How many stops `stopTree` finds, and how many shown nodes it descends
    /// into (an upper bound on its inner nodes): the same walk, counting.
    ///
    /// - Complexity: O(n) in the number of nodes.
    private func countShown() -> (stops: Int, inner: Int) {
        var stops = 0, inner = 0
        var levels: [(nodes: [Node], next: Int)] = [(elements, 0)]
        var current = elements
        while let top = levels.indices.last {
            let i = levels[top].next
            guard i < current.count else {
                levels.removeLast()
                if let last = levels.last { current = last.nodes }
                continue
            }
            levels[top].next = i + 1
            guard !current[i].hidden else { continue }
            if Node.isStop(current, i) {
                stops += 1
                continue
            }
            let children = current[i].children
            if !children.isEmpty {
                inner += 1
                levels.append((children, 0))
                current = children
            }
        }
        return (stops, inner)
    }

    /// The stop for `siblings[i]`, its fields read where they lie: a `Node`
    /// passed on by value is copied (a retain and a release of each field).
    static func makeStop(_ siblings: [Node], _ i: Int, parentPath: [Int], index: Int, platform: Platform) -> Stop {
        var imageNames: [String] = []
        if let name = siblings[i].imageName { imageNames.append(name) }
        var innerIDs: [String] = []
        var label = siblings[i].label ?? ""
        var states = siblings[i].states
        if !siblings[i].children.isEmpty {
            // The shown descendants in preorder, as a stack of sibling arrays.
            var spokenParts: [String] = []
            var levels: [(nodes: [Node], next: Int)] = [(siblings[i].children, 0)]
            while let top = levels.indices.last {
                let inner = levels[top].nodes, k = levels[top].next
                guard k < inner.count else {
                    levels.removeLast()
                    continue
                }
                levels[top].next = k + 1
                guard !inner[k].hidden else { continue }
                if let id = inner[k].id, !id.isEmpty {
                    innerIDs.append(id)
                    if inner[k].role == .image { imageNames.append(id) }
                }
                if let name = inner[k].imageName { imageNames.append(name) }
                // Focus on a subview VoiceOver does not stop on (a tvOS
                // cell's inner button) is focus on the stop that holds it.
                if !inner[k].states.isEmpty, inner[k].states.contains(.focused) { states.insert(.focused) }
                if let label = inner[k].label, !label.isEmpty {
                    spokenParts.append(label)
                } else if let value = inner[k].value, !value.isEmpty {
                    spokenParts.append(value)
                }
                if !inner[k].children.isEmpty { levels.append((inner[k].children, 0)) }
            }
            if label.isEmpty { label = spokenParts.joined(separator: ", ") }
        }
        // What few stops have goes out of line, and only when the stop has it: most nodes
        // have nothing out of line, and most stops fold in no image or id.
        var details = OutOfLine<Stop.Details>()
        if let node = siblings[i].details.box?.value {
            details = OutOfLine(Stop.Details(hint: node.hint ?? "", inputLabels: node.inputLabels, actions: node.actions,
                                             imageNames: imageNames, innerIDs: innerIDs, level: node.level))
        } else if !imageNames.isEmpty || !innerIDs.isEmpty {
            details = OutOfLine(Stop.Details(imageNames: imageNames, innerIDs: innerIDs))
        }
        return Stop(
            index: index, id: siblings[i].id, platformRole: siblings[i].platformRole,
            label: label, value: siblings[i].value ?? "", containerPath: parentPath, details: details,
            frame: siblings[i].frame, role: siblings[i].role, platform: platform, states: states,
            // `position` is `i`; `line` the node's.
            present: siblings[i].line == nil ? 1 : 3, positionValue: i, lineValue: siblings[i].line ?? 0
        )
    }
}
