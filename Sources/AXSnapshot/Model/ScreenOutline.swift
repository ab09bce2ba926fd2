/// What a screen reader announces of a screen besides its stops (DESIGN §2):
/// the semantic containers a user enters ("Keywords, list, 4 items",
/// "navigation", "Settings, dialog") and the headings heading navigation
/// reads, each placed among the stops by stop index.
public struct ScreenOutline: Sendable, Equatable {
    /// A node that is not a stop but is announced on entering it: a landmark,
    /// list, table, grid, dialog, alert, menu, document, `application`, or a
    /// group with a name.
    public struct Container: Sendable, Equatable {
        public var role: Role
        public var platformRole: String?
        public var name: String
        /// The stops inside it are `firstStop ..< firstStop + stopCount`
        /// (stops are numbered depth-first, so they are consecutive).
        public var firstStop: Int
        public var stopCount: Int
        /// The nearest enclosing container, or -1.
        public var parent: Int
        public var line: Int?
        /// The container node's own frame, when the snapshot gives one: the
        /// wireframe outlines the container there.
        public var frame: Frame? = nil

        public var stops: Range<Int> { firstStop..<(firstStop + stopCount) }
    }

    /// A heading, whether it is a stop, holds stops (a heading holding a
    /// link) or is folded into one (a heading inside a link or button).
    public struct Heading: Sendable, Equatable {
        public var level: Int?
        public var name: String
        /// The stop that is the heading, holds it, or is the first inside it;
        /// nil when it has none.
        public var stop: Int?
        /// The heading is that stop itself.
        public var isStop: Bool = false
        public var line: Int?
    }

    public var containers: [Container] = []
    public var headings: [Heading] = []

    public init(containers: [Container] = [], headings: [Heading] = []) {
        self.containers = containers
        self.headings = headings
    }
}

extension Node {
    /// A node a screen reader announces on entering it when it is not a stop.
    public var isSemanticContainer: Bool { Self.isSemanticContainer(role: role, label: label) }

    /// `nodes[i].isSemanticContainer`, its fields read where the node lies
    /// (see `isStop(_:_:)`).
    @inline(__always)
    static func isSemanticContainer(_ nodes: [Node], _ i: Int) -> Bool {
        isSemanticContainer(role: nodes[i].role, label: nodes[i].label)
    }

    @inline(__always)
    private static func isSemanticContainer(role: Role, label: String?) -> Bool {
        role.isAnnouncedContainer || (role == .group && !(label?.isEmpty ?? true))
    }

    /// Whether `nodes[i]` is a heading, also one read as its parts (a heading
    /// holding a link); its fields read where the node lies (see `isStop(_:_:)`).
    @inline(__always)
    static func isHeading(_ nodes: [Node], _ i: Int) -> Bool {
        nodes[i].role == .heading || (nodes[i].role == .container && nodes[i].platformRole == "heading")
    }
}

extension Snapshot {
    /// The screen's semantic containers and headings, numbered against the
    /// stops exactly as `stopTree` numbers them (hidden subtrees skipped, a
    /// stop's descendants folded into it).
    ///
    /// - Complexity: O(n) in the number of nodes; iterative, so the depth of
    ///   the tree cannot exhaust the stack.
    public func outline() -> ScreenOutline {
        var outline = ScreenOutline()
        struct Level {
            var nodes: [Node]
            var next: Int
            /// The container this level's nodes sit in, or -1.
            var container: Int
            /// The container opened by the node whose children these are, to close on leaving.
            var opened: Int
            /// The heading opened by that node, to give its first stop.
            var heading: Int
            /// Inside a heading: its parts are not headings of their own.
            var inHeading: Bool
        }
        // The level being read is held apart from those above it: read out
        // of the stack, its nodes were retained and released for every node
        // (callgrind, backfill).
        var above: [Level] = []
        var level = Level(nodes: elements, next: 0, container: -1, opened: -1, heading: -1, inHeading: false)
        var stopCount = 0
        while true {
            let i = level.next
            guard i < level.nodes.count else {
                if level.opened >= 0 { outline.containers[level.opened].stopCount = stopCount - outline.containers[level.opened].firstStop }
                // A heading that holds no stop has none to be placed by.
                if level.heading >= 0, outline.headings[level.heading].stop == stopCount { outline.headings[level.heading].stop = nil }
                guard let up = above.popLast() else { break }
                level = up
                continue
            }
            level.next = i + 1
            // Read where it lies: a `Node` bound to a local retains and
            // releases each of its fields.
            guard !level.nodes[i].hidden else { continue }
            if Node.isStop(level.nodes, i) {
                if level.nodes[i].role == .heading, !level.inHeading {
                    outline.headings.append(.init(level: level.nodes[i].level, name: Self.text(of: level.nodes, i), stop: stopCount,
                                                  isStop: true, line: level.nodes[i].line))
                } else if !level.nodes[i].children.isEmpty {
                    Self.foldedHeadings(in: level.nodes[i].children, stop: stopCount, into: &outline.headings)
                }
                stopCount += 1
                continue
            }
            var opened = -1, heading = -1
            if Node.isSemanticContainer(level.nodes, i) {
                opened = outline.containers.count
                outline.containers.append(.init(role: level.nodes[i].role, platformRole: level.nodes[i].platformRole,
                                                 name: level.nodes[i].label ?? "", firstStop: stopCount, stopCount: 0,
                                                 parent: level.container, line: level.nodes[i].line, frame: level.nodes[i].frame))
            }
            if Node.isHeading(level.nodes, i), !level.inHeading {
                heading = outline.headings.count
                outline.headings.append(.init(level: level.nodes[i].level, name: Self.text(of: level.nodes, i), stop: stopCount,
                                              line: level.nodes[i].line))
            }
            // An empty container is still announced ("application", "list, 0 items").
            guard !level.nodes[i].children.isEmpty else {
                if heading >= 0 { outline.headings[heading].stop = nil }
                continue
            }
            let inner = Level(nodes: level.nodes[i].children, next: 0, container: opened >= 0 ? opened : level.container,
                              opened: opened, heading: heading, inHeading: level.inHeading || heading >= 0)
            above.append(level)
            level = inner
        }
        return outline
    }

    /// Headings inside a stop's folded descendants (a heading in a link).
    ///
    /// - Complexity: O(m) in the stop's descendants.
    private static func foldedHeadings(in children: [Node], stop index: Int, into headings: inout [ScreenOutline.Heading]) {
        walk(children) { nodes, i in
            guard Node.isHeading(nodes, i) else { return true }
            headings.append(.init(level: nodes[i].level, name: text(of: nodes, i), stop: index, line: nodes[i].line))
            return false
        }
    }

    /// What `nodes[i]` says: its label, else its shown descendants' labels
    /// (or values) joined, as a stop combines them.
    ///
    /// - Complexity: O(m) in the node's descendants.
    static func text(of nodes: [Node], _ i: Int) -> String {
        if let label = nodes[i].label, !label.isEmpty { return label }
        var parts: [String] = []
        walk(nodes[i].children) { nodes, k in
            if let label = nodes[k].label, !label.isEmpty {
                parts.append(label)
            } else if let value = nodes[k].value, !value.isEmpty {
                parts.append(value)
            }
            return true
        }
        return parts.joined(separator: " ")
    }

    /// Visits the shown nodes under `top` depth first, in reading order, each
    /// read where it lies (`visit(nodes, i)`, true to go into its children):
    /// a `Node` taken out of its array retains and releases each of its
    /// fields, which was most of building the outline (callgrind).
    ///
    /// - Complexity: O(m) in the nodes visited; the stack is as deep as they
    ///   nest, which the readers bound.
    private static func walk(_ top: [Node], _ visit: ([Node], Int) -> Bool) {
        var stack: [(nodes: [Node], next: Int)] = [(top, 0)]
        while let last = stack.indices.last {
            let i = stack[last].next
            let nodes = stack[last].nodes
            guard i < nodes.count else {
                stack.removeLast()
                continue
            }
            stack[last].next = i + 1
            guard !nodes[i].hidden else { continue }
            if visit(nodes, i), !nodes[i].children.isEmpty { stack.append((nodes[i].children, 0)) }
        }
    }
}
