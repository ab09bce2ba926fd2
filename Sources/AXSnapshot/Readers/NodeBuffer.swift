/// The nodes of every open item of a tree being read by indentation, and the
/// top-level ones read so far, in one buffer: an open item's children so far
/// are the tail after the point it noted when it opened, since everything its
/// children held was taken out when they closed. A closing item takes its
/// children out as one array of their exact size, moved, not copied.
///
/// Each item's own `[Node]` grew by doubling as its children came (a new
/// allocation and a move of every child each time: 6 % of the ARIA reader's
/// instructions, 5 % of the XCUITest reader's), and kept up to twice the room
/// it needed.
final class NodeBuffer {
    private var base: UnsafeMutablePointer<Node>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        // What is still here when reading stopped on an error.
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Makes a node on `line` at the end, and shapes it in place with `shape`
    /// (a node made aside was copied in, field by field).
    func append<Result>(line: Int, shape: (inout Node) -> Result) -> Result {
        let at = append(line: line)
        return shape(&(base + at).pointee)
    }

    /// Makes a node on `line` at the end, to be filled in place; its index.
    func append(line: Int) -> Int {
        if count == capacity {
            let grown = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        // Made with `Node(line:)` and set in place: the initializer with every field
        // built the node twice and destroyed one (`Node.init(line:)`).
        (base + count).initialize(to: Node(line: line))
        count += 1
        return count - 1
    }

    /// The node at `index`, read and changed where it is.
    subscript(index: Int) -> Node {
        unsafeAddress {
            precondition(index >= 0 && index < count, "NodeBuffer index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "NodeBuffer index out of range")
            return base + index
        }
    }

    /// The nodes from `start` on, moved out into an array of their number.
    func take(from start: Int) -> [Node] {
        let taken = count - start
        guard taken > 0 else { return [] }
        let nodes = [Node](unsafeUninitializedCapacity: taken) { buffer, initialized in
            guard let to = buffer.baseAddress else { return }
            to.moveInitialize(from: base + start, count: taken)
            initialized = taken
        }
        count = start
        return nodes
    }
}
