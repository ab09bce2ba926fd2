extension Snapshot {
    /// The stops of this screen in reading order (DESIGN §2): depth-first in file
    /// order, skipping hidden subtrees, taking every node that is a stop and not
    /// descending into it.
    ///
    /// - Complexity: O(n) in the number of nodes; iterative, so the depth of
    ///   the tree cannot exhaust the stack.
    public var stops: [Stop] {
        var result: [Stop] = []
        walkShown { nodes, i, parentPath in
            guard nodes[i].isStop else { return true }
            var stopPath: [Int] = []
            stopPath.reserveCapacity(parentPath.count + 1)
            stopPath += parentPath
            stopPath.append(i)
            result.append(Self.makeStop(nodes[i], path: stopPath, index: result.count))
            return false
        }
        return result
    }

    /// The frames of the enclosing nodes of each container path, for visual ordering.
    ///
    /// - Complexity: O(n) in the number of nodes.
    public var containerFrames: [[Int]: Frame] {
        var frames: [[Int]: Frame] = [:]
        walkShown { nodes, i, parentPath in
            guard !nodes[i].isStop else { return false }
            if let frame = nodes[i].frame { frames[parentPath + [i]] = frame }
            return true
        }
        return frames
    }

    /// Visits the nodes outside hidden subtrees depth-first in file order;
    /// `visit(siblings, i, parentPath)` says whether to descend into
    /// `siblings[i]`. A stack of sibling arrays with the next position in
    /// each and one shared path: nodes are read in place through a buffer
    /// pointer, never copied (callgrind: copying nodes and building a path per
    /// node was most of the cost), and the depth of the tree cannot exhaust
    /// the call stack.
    ///
    /// - Complexity: O(n) in the number of nodes.
    private func walkShown(_ visit: (UnsafeBufferPointer<Node>, Int, [Int]) -> Bool) {
        var levels: [(nodes: [Node], next: Int)] = [(elements, 0)]
        var path: [Int] = []
        while let top = levels.indices.last {
            let nodes = levels[top].nodes
            let i = levels[top].next
            guard i < nodes.count else {
                levels.removeLast()
                if !path.isEmpty { path.removeLast() }
                continue
            }
            levels[top].next = i + 1
            let children: [Node]? = nodes.withUnsafeBufferPointer { buffer in
                guard !buffer[i].hidden, visit(buffer, i, path), !buffer[i].children.isEmpty else { return nil }
                return buffer[i].children
            }
            if let children {
                levels.append((children, 0))
                path.append(i)
            }
        }
    }

    static func makeStop(_ node: Node, path: [Int], index: Int) -> Stop {
        var imageNames: [String] = []
        if let name = node.imageName { imageNames.append(name) }
        var innerIDs: [String] = []
        var spokenParts: [String] = []
        var stack: [Node] = node.children.reversed()
        while let inner = stack.popLast() {
            if inner.hidden { continue }
            if let id = inner.id, !id.isEmpty {
                innerIDs.append(id)
                if inner.role == .image { imageNames.append(id) }
            }
            if let name = inner.imageName { imageNames.append(name) }
            if let label = inner.label, !label.isEmpty {
                spokenParts.append(label)
            } else if let value = inner.value, !value.isEmpty {
                spokenParts.append(value)
            }
            stack.append(contentsOf: inner.children.reversed())
        }
        let ownLabel = node.label ?? ""
        return Stop(
            index: index, id: node.id, role: node.role, rawRole: node.rawRole,
            states: node.states, level: node.level,
            label: ownLabel.isEmpty ? spokenParts.joined(separator: ", ") : ownLabel,
            value: node.value ?? "", hint: node.hint ?? "",
            inputLabels: node.inputLabels, actions: node.actions, frame: node.frame,
            imageNames: imageNames, innerIDs: innerIDs, path: path, line: node.line
        )
    }
}
