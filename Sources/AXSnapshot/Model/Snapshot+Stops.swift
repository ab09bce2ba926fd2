extension Snapshot {
    /// The stops of this screen in reading order (DESIGN §2): depth-first in file
    /// order, skipping hidden subtrees, taking every node that is a stop and not
    /// descending into it.
    ///
    /// - Complexity: O(n) in the number of nodes; iterative, so the depth of
    ///   the tree cannot exhaust the stack.
    public var stops: [Stop] {
        var result: [Stop] = []
        // Stack of (node, path); children are pushed in reverse so they pop in order.
        var stack: [(Node, [Int])] = elements.enumerated().reversed().map { ($0.element, [$0.offset]) }
        while let (node, path) = stack.popLast() {
            if node.hidden { continue }
            if node.isStop {
                result.append(Self.makeStop(node, path: path, index: result.count))
                continue
            }
            for (i, child) in node.children.enumerated().reversed() {
                stack.append((child, path + [i]))
            }
        }
        return result
    }

    /// The frames of the enclosing nodes of each container path, for visual ordering.
    ///
    /// - Complexity: O(n) in the number of nodes.
    public var containerFrames: [[Int]: Frame] {
        var frames: [[Int]: Frame] = [:]
        var stack: [(Node, [Int])] = elements.enumerated().map { ($0.element, [$0.offset]) }
        while let (node, path) = stack.popLast() {
            if node.hidden || node.isStop { continue }
            if let frame = node.frame { frames[path] = frame }
            for (i, child) in node.children.enumerated() { stack.append((child, path + [i])) }
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
