/// The stops of a snapshot together with the shown nodes that lead to them,
/// as a tree with integer node ids: what reading-order analysis needs
/// (containers, their members, frames to sort siblings by) without a path
/// array per container or dictionaries keyed by paths.
///
/// Node 0 is the screen (the root). The other nodes are numbered in file
/// order (preorder): the inner nodes that have at least one stop below them,
/// and the stops themselves. An inner node without a stop below it is not
/// part of the tree, exactly as it is absent from the stops' paths.
package struct StopTree: Sendable {
    /// One node of the tree. (One array of these, not an array per field:
    /// one append per node while the tree is built, one cache line per node
    /// while it is read.)
    package struct Place: Sendable {
        // The node and stop numbers are stored in 32 bits (a snapshot has at most
        // 100,000,000 elements, `maxSnapshotElements`), and a frame is not kept
        // here (`frame(of:)`): 20 bytes a place instead of 72, and a diff holds a
        // place per stop and per container of both versions.
        @usableFromInline var parent32: Int32
        @usableFromInline var firstChild32: Int32 = -1
        @usableFromInline var nextSibling32: Int32 = -1
        @usableFromInline var stop32: Int32
        /// Where an inner node's frame is in `innerFrames`; -1 for a stop's place.
        @usableFromInline var frameSlot32: Int32

        init(parent: Int, stop: Int, frameSlot: Int) {
            parent32 = Int32(parent)
            stop32 = Int32(stop)
            frameSlot32 = Int32(frameSlot)
        }

        /// Its parent node; -1 for the root.
        package var parent: Int { @inlinable get { Int(parent32) } }
        /// Its first child in file order, or -1.
        package var firstChild: Int {
            @inlinable get { Int(firstChild32) }
            set { firstChild32 = Int32(newValue) }
        }
        /// The next child of its parent in file order, or -1.
        package var nextSibling: Int {
            @inlinable get { Int(nextSibling32) }
            set { nextSibling32 = Int32(newValue) }
        }
        /// The index of its stop, or -1 for the root and inner nodes.
        package var stop: Int { @inlinable get { Int(stop32) } }
    }

    /// `Snapshot.stops`: depth-first, in file order.
    package var stops: [Stop] = []
    package var places: [Place] = [Place(parent: -1, stop: -1, frameSlot: 0)]
    /// The frames of the root and the inner nodes, by `Place.frameSlot32`: a
    /// stop's frame is its stop's, kept once.
    package var innerFrames: [Frame?] = [nil]
    /// stop index → its node.
    package var nodeOfStop: [Int] = []
    /// The stops whose value is not empty, in reading order (a merge or
    /// split by value starts at one of them; listed while the stops are
    /// made, so that no pass over all stops has to look).
    package var valued: [Int] = []
    /// The stops that fold in descendants with ids (`Stop.innerIDs` not
    /// empty), in reading order.
    package var folding: [Int] = []
    /// The stops with a hint or custom actions, in reading order: the only
    /// ones whose hint or actions can have changed or been lost.
    package var hintsOrActions: [Int] = []

    package var nodeCount: Int { places.count }

    /// The node a stop sits in: stops with the same container are siblings
    /// (the node at `stop.containerPath`).
    package func container(ofStop k: Int) -> Int { places[nodeOfStop[k]].parent }

    /// The stops directly inside `node`, in reading order.
    ///
    /// - Complexity: O(c), where c is the number of the node's children.
    package func memberStops(of node: Int) -> [Int] {
        var result: [Int] = []
        var child = places[node].firstChild
        while child >= 0 {
            if places[child].stop >= 0 { result.append(places[child].stop) }
            child = places[child].nextSibling
        }
        return result
    }

    /// Where node `n` is placed on screen: a stop's own frame; an inner
    /// node's own frame, else the box around its stops' frames (united in
    /// reading order); nil when there is neither.
    @inlinable
    package func frame(of n: Int) -> Frame? {
        let k = places[n].stop
        return k >= 0 ? stops[k].frame : innerFrames[Int(places[n].frameSlot32)]
    }

    /// Adds a node under `parent` (its last child so far is `lastChild`)
    /// and returns its id: a stop's (`stop` its index, its frame the
    /// stop's), or an inner node's with its own `frame`.
    mutating func addNode(parent: Int, after lastChild: Int, stop: Int, frame: Frame?) -> Int {
        let node = places.count
        var slot = -1
        if stop < 0 {
            slot = innerFrames.count
            innerFrames.append(frame)
        }
        places.append(Place(parent: parent, stop: stop, frameSlot: slot))
        if lastChild >= 0 { places[lastChild].nextSibling = node } else { places[parent].firstChild = node }
        return node
    }

    /// Unites `f` into the box of inner node `n`.
    mutating func unite(_ f: Frame, into n: Int) {
        let slot = Int(places[n].frameSlot32)
        innerFrames[slot] = innerFrames[slot].map { Self.union($0, f) } ?? f
    }

    /// The box around two frames, as the visual order unites a container's stops.
    package static func union(_ a: Frame, _ b: Frame) -> Frame {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Frame(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y, unit: a.unit)
    }
}
