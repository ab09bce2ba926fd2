/// The nodes of every open item of a tree being read (by indentation, or by
/// JSON's brackets), and the top-level ones read so far, in one buffer: an
/// open item's children so far are the tail after the point it noted when it
/// opened, since everything its children held was taken out when they
/// closed. A closing item takes its children out as one array of their exact
/// size, moved, not copied (`InPlaceBuffer.take`).
///
/// Each item's own `[Node]` grew by doubling as its children came (a new
/// allocation and a move of every child each time: 6 % of the ARIA reader's
/// instructions, 5 % of the XCUITest reader's), and kept up to twice the room
/// it needed (in JSON, 43 % of the peak heap of a diff of 100,000 stops).
typealias NodeBuffer = InPlaceBuffer<Node>

extension InPlaceBuffer where Element == Node {
    /// Blocks of 1,024 nodes (some 200 KB, touched only as far as they are
    /// filled).
    convenience init() {
        self.init(capacity: 1_024)
    }

    /// Makes a node on `line` at the end, and shapes it in place with `shape`
    /// (a node made aside was copied in, field by field).
    @inline(__always)
    func append<Result>(line: Int, shape: (inout Node) -> Result) -> Result {
        let at = append(line: line)
        return shape(&self[at])
    }

    /// Makes a node on `line` at the end, to be filled in place; its index.
    /// Made with `Node(line:)` and set in place: the initializer with every
    /// field built the node twice and destroyed one (`Node.init(line:)`).
    @inline(__always)
    func append(line: Int) -> Int {
        append { $0.initialize(to: Node(line: line)) }
    }
}
