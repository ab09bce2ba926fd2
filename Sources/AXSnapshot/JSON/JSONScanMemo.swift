/// What one scan of an axsnapshot file leaves for the scan of another
/// version of that file (`ReadMemo`): its bytes and its elements, each with
/// the bytes it was read from.
///
/// A commit usually changes a few elements of a screen; the rest of the new
/// version is byte for byte the old one, and decoding element objects into
/// `Node`s is most of reading a snapshot. With a memo, `JSONNodeScanner`
/// looks, at the start of each element object, for a leaf of the memo whose
/// bytes come next, byte for byte, and that was read at the same depth; it
/// then takes that node instead of decoding the bytes again. Decoding reads
/// the bytes of one object and never past its closing brace, so it depends
/// only on those bytes and the depth (its limits) — except for `line`, which
/// is set anew.
///
/// An element with children is kept too, with the entries inside it: when
/// its bytes recur unchanged at the same depth, its node is taken whole,
/// children and all, every line inside moved by as many lines as it moved
/// (the scanner counts the line feeds in the bytes), and its inner entries
/// are carried over to the new memo.
///
/// An element without children whose bytes recur except for its `frame`
/// value (a row below an inserted one moves down; nothing else about it
/// changes) is taken too, with the frame read from the new bytes.
///
/// Leaves are found by a fingerprint of their first `prefixLength` bytes in
/// a small open-addressing table; every candidate is confirmed on all its
/// bytes. Immutable once made.
final class JSONScanMemo {
    /// The UTF-8 source the leaves were read from (their ranges index it).
    let source: [UInt8]
    /// What is known of each leaf, apart from its node: trivial values, so
    /// that trying a candidate never copies (retains) a `Node`.
    let leaves: [Leaf]
    /// The snapshot read, whose nodes the leaves are: a leaf is found by its
    /// path, so that the memo holds no second copy of any node.
    let snapshot: Snapshot
    /// The leaves' child-index paths from `snapshot.elements`, one after another.
    let paths: [Int32]
    /// Leaf index + 1 (0: empty), at `print & mask` or after it.
    let slots: [Int32]
    let mask: Int

    struct Leaf {
        var range: Range<Int>
        /// The depth the scanner read it at: its limits depend on it.
        var depth: Int
        /// Line feeds inside its bytes (the scanner counts lines).
        var lineFeeds: Int
        /// `fingerprint` of its first `prefixLength` bytes.
        var print: UInt64
        /// Its path: `paths[pathStart..<pathStart + pathCount]`.
        var pathStart: Int32
        var pathCount: Int32
        /// The line its `{` is on.
        var startLine: Int
        /// For an element with children: the index of its first inner entry
        /// (its inner entries come right before it, in file order);
        /// otherwise its own index.
        var innerStart: Int32
        var hasChildren: Bool
        /// For an element without children, where its `frame` value lies,
        /// from its first byte (`frameStart` -1: no frame member). An element
        /// whose other bytes recur around another frame is taken with the new
        /// frame (see `JSONNodeScanner.reframedLeaf`).
        var frameStart: Int32 = -1
        var frameEnd: Int32 = -1

        var frame: Range<Int>? {
            frameStart < 0 || frameEnd < frameStart ? nil : Int(frameStart)..<Int(frameEnd)
        }
    }

    /// Leaves shorter than this are not kept (there are few, and decoding them is cheap).
    static let prefixLength = 48

    /// How many leaves sharing a prefix fingerprint are tried before the bytes are decoded.
    static let maxTries = 4

    /// - Complexity: O(n), where n is the number of leaves.
    init(source: [UInt8], leaves: [Leaf], paths: [Int32], snapshot: Snapshot) {
        self.source = source
        self.leaves = leaves
        self.paths = paths
        self.snapshot = snapshot
        var size = 16
        while size < 2 * leaves.count { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        for k in leaves.indices {
            var i = Int(truncatingIfNeeded: leaves[k].print) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(k + 1)
        }
        self.slots = slots
    }

    /// The node of leaf `k`, or nil if its path does not lead to one (it
    /// always does for a memo the scanner made).
    ///
    /// - Complexity: O(d), where d is the depth of the leaf.
    func node(_ k: Int) -> Node? {
        let start = Int(leaves[k].pathStart), end = start + Int(leaves[k].pathCount)
        guard start < end, end <= paths.count else { return nil }
        return paths.withUnsafeBufferPointer { path -> Node? in
            var level = snapshot.elements
            for i in start..<end - 1 {
                let next: [Node]? = level.withUnsafeBufferPointer { nodes in
                    Int(path[i]) < nodes.count ? nodes[Int(path[i])].children : nil
                }
                guard let next else { return nil }
                level = next
            }
            return Int(path[end - 1]) < level.count ? level[Int(path[end - 1])] : nil
        }
    }

    /// A 64-bit mix of `prefixLength` bytes at `start`, eight at a time
    /// (`start + prefixLength` must be in `bytes`).
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base + start)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i < prefixLength {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        return hash ^ (hash >> 29)
    }
}
