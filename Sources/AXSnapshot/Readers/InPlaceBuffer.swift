/// Values a reader keeps where it put them, in blocks of slots that never
/// move: read and changed in place (`subscript`), the last one destroyed
/// where it is, or a tail moved out as one array of its exact size.
///
/// An `Array` of large values moved or copied each whole value when it was
/// appended, read back or taken out (a call to `memcpy` and a retain and a
/// release of each field), and an array per parent grew by doubling as its
/// children came: the readers' open items (`AriaFrameStack`) and the nodes
/// not yet in their parent (`NodeBuffer`) live here instead.
///
/// It grows by a block at a time, not by doubling one allocation: nothing is
/// moved when it grows, and no block is large enough for the allocator to
/// hand its pages back when it is freed, so the next read's buffer reuses
/// them instead of touching fresh ones (one allocation that doubled moved
/// every value at each growth, and a flat file's 100,000 nodes touched some
/// 14 MB more a read, page faults and all).
///
/// The only unsafe memory of the readers' trees: every slot below `count` is
/// initialized and every one above it is not; `take` and `removeAll` end the
/// values they hand over or destroy as they lower `count`, and what is left
/// when reading throws is destroyed in `deinit`, so nothing leaks and nothing
/// is destroyed twice (`InPlaceBufferTests` counts live values).
final class InPlaceBuffer<Element> {
    /// Slot `i` is slot `i & mask` of block `i >> shift`. A table of its
    /// own, not an `Array` of blocks: reading an array held in a class's
    /// `var` checked exclusive access at run time, a call at every slot.
    private var blocks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>
    /// The first block, where most values are (a reader's open items, and
    /// the nodes of all but very flat files): found without the table.
    private let first: UnsafeMutablePointer<Element>
    private var blockCount = 1
    /// The slots of all blocks: `blockCount << shift`.
    private var room: Int
    private var tableCapacity = 8
    private let shift: Int
    private let mask: Int
    private(set) var count = 0

    /// The most bytes a block takes (a power of two of slots may take up to
    /// twice that): well under the size from which the allocator returns a
    /// freed block's pages to the system at once.
    static var blockBytes: Int { 1 << 20 }

    /// `capacity`: about how many values it will hold at once, which sets
    /// the size of its blocks (at least 16 slots, at most `blockBytes`).
    init(capacity: Int) {
        let most = max(Self.blockBytes / max(MemoryLayout<Element>.stride, 1), 16)
        let slots = min(max(capacity, 16), most)
        var shift = 0
        while 1 << shift < slots { shift += 1 }
        self.shift = shift
        mask = (1 << shift) - 1
        room = 1 << shift
        first = .allocate(capacity: 1 << shift)
        blocks = .allocate(capacity: tableCapacity)
        blocks.initialize(to: first)
    }

    deinit {
        // What is still here when reading stopped on an error.
        removeAll(from: 0)
        for b in 0..<blockCount { blocks[b].deallocate() }
        blocks.deinitialize(count: blockCount)
        blocks.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The slot of `index`, which must be below the room of the blocks.
    @inline(__always)
    private func slot(_ index: Int) -> UnsafeMutablePointer<Element> {
        index <= mask ? first + index : blocks[index >> shift] + (index & mask)
    }

    /// The value at `index`, in place: reading or setting a field of it
    /// copies nothing else. Inlined: the optimizer left the accessors out of
    /// line once a slot was looked up by block, a call at every field.
    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < count, "InPlaceBuffer index out of range")
            return UnsafePointer(slot(index))
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "InPlaceBuffer index out of range")
            return slot(index)
        }
    }

    /// Adds a value at the end, made where it stays: `initialize` must
    /// initialize the slot it is given. Its index. Inlined: called, a
    /// reader's node was built aside and copied over.
    @discardableResult
    @inline(__always)
    func append(initializing initialize: (UnsafeMutablePointer<Element>) -> Void) -> Int {
        if count == room { addBlock() }
        initialize(slot(count))
        count += 1
        return count - 1
    }

    /// One more block. Out of line: it is rare.
    @inline(never)
    private func addBlock() {
        if blockCount == tableCapacity {
            let grown = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: tableCapacity * 2)
            grown.moveInitialize(from: blocks, count: blockCount)
            blocks.deallocate()
            blocks = grown
            tableCapacity *= 2
        }
        (blocks + blockCount).initialize(to: .allocate(capacity: 1 << shift))
        blockCount += 1
        room += 1 << shift
    }

    /// Destroys the last value where it is.
    func removeLast() {
        precondition(count > 0, "InPlaceBuffer is empty")
        count -= 1
        slot(count).deinitialize(count: 1)
    }

    /// Destroys the values from `start` on where they are.
    func removeAll(from start: Int) {
        precondition(start >= 0 && start <= count, "InPlaceBuffer start out of range")
        var i = start
        while i < count {
            // The run of values in this block.
            let run = min(count, (i | mask) + 1) - i
            slot(i).deinitialize(count: run)
            i += run
        }
        count = start
    }

    /// The last value, moved out: its slot is left uninitialized.
    func popLast() -> Element {
        precondition(count > 0, "InPlaceBuffer is empty")
        count -= 1
        return slot(count).move()
    }

    /// The values from `start` on, moved out into an array of their number.
    func take(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "InPlaceBuffer start out of range")
        guard count > start else { return [] }
        // Appended one by one, not made with `init(unsafeUninitializedCapacity:)`:
        // that one allocates in a standard library function compiled for every
        // element type, which looks the array's type up at run time (some 440
        // instructions an array), and `moveInitialize` into it moved a node in
        // some 200 instructions, five times what this loop takes; these are
        // compiled for `Element` here.
        var values: [Element] = []
        values.reserveCapacity(count - start)
        take(from: start, appendingTo: &values)
        return values
    }

    /// Moves the values from `start` on to the end of `values`, which should
    /// have room for them.
    func take(from start: Int, appendingTo values: inout [Element]) {
        precondition(start >= 0 && start <= count, "InPlaceBuffer start out of range")
        let end = count
        count = start
        var i = start
        while i < end {
            // The run of values in this block.
            let run = min(end, (i | mask) + 1) - i
            values.append(contentsOf: MovedElements(base: slot(i), count: run))
            i += run
        }
    }
}
