extension Snapshot {
    /// The stops of this screen in reading order (DESIGN §2): depth-first in file
    /// order, skipping hidden subtrees, taking every node that is a stop and not
    /// descending into it.
    ///
    /// - Complexity: O(n) in the number of nodes; iterative, so the depth of
    ///   the tree cannot exhaust the stack.
    public var stops: [Stop] {
        var result: [Stop] = []
        // A stack of sibling arrays with the next position in each, and one
        // shared path: nodes are read in place, never copied onto a stack, and
        // the only path allocated is each stop's own (callgrind: copying nodes
        // and building a path per node was most of the cost).
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
            // Through a buffer pointer, the node is borrowed: array subscripts
            // copied the whole node (every field retained and released).
            let children: [Node]? = nodes.withUnsafeBufferPointer { buffer in
                if buffer[i].hidden { return nil }
                if buffer[i].isStop {
                    var stopPath: [Int] = []
                    stopPath.reserveCapacity(path.count + 1)
                    stopPath += path
                    stopPath.append(i)
                    result.append(Self.makeStop(buffer[i], path: stopPath, index: result.count))
                    return nil
                }
                return buffer[i].children.isEmpty ? nil : buffer[i].children
            }
            if let children {
                levels.append((children, 0))
                path.append(i)
            }
        }
        return result
    }

    /// The frames of the enclosing nodes of each container path, for visual ordering.
    ///
    /// - Complexity: O(n) in the number of nodes.
    public var containerFrames: [[Int]: Frame] {
        var frames: [[Int]: Frame] = [:]
        // Walked like `stops`, for the same reason.
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
                if buffer[i].hidden || buffer[i].isStop { return nil }
                path.append(i)
                if let frame = buffer[i].frame { frames[path] = frame }
                if buffer[i].children.isEmpty {
                    path.removeLast()
                    return nil
                }
                return buffer[i].children
            }
            if let children { levels.append((children, 0)) }
        }
        return frames
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
