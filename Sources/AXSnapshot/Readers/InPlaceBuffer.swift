/// Values a reader keeps where it put them, in one allocation that grows by
/// doubling: read and changed in place (`subscript`), the last one destroyed
/// where it is, or a tail moved out as one array of its exact size.
///
/// An `Array` of large values moved or copied each whole value when it was
/// appended, read back or taken out (a call to `memcpy` and a retain and a
/// release of each field), and an array per parent grew by doubling as its
/// children came: the readers' open items (`AriaFrameStack`) and the nodes
/// not yet in their parent (`NodeBuffer`) live here instead.
final class InPlaceBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        // What is still here when reading stopped on an error.
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The value at `index`, in place: reading or setting a field of it
    /// copies nothing else.
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "InPlaceBuffer index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "InPlaceBuffer index out of range")
            return base + index
        }
    }

    /// Adds a value at the end, made where it stays: `initialize` must
    /// initialize the slot it is given. Its index. Inlined: called, a
    /// reader's node was built aside and copied over.
    @discardableResult
    @inline(__always)
    func append(initializing initialize: (UnsafeMutablePointer<Element>) -> Void) -> Int {
        if count == capacity { grow() }
        initialize(base + count)
        count += 1
        return count - 1
    }

    /// Twice the room, the values moved over. Out of line: it is rare.
    @inline(never)
    private func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        // One at a time, as `take` moves them: `moveInitialize` took some 200
        // instructions a node.
        for i in 0..<count { (grown + i).initialize(to: (base + i).move()) }
        base.deallocate()
        base = grown
        capacity *= 2
    }

    /// Destroys the last value where it is.
    func removeLast() {
        precondition(count > 0, "InPlaceBuffer is empty")
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// Destroys the values from `start` on where they are.
    func removeAll(from start: Int) {
        precondition(start >= 0 && start <= count, "InPlaceBuffer start out of range")
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// The values from `start` on, moved out into an array of their number.
    func take(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "InPlaceBuffer start out of range")
        let taken = count - start
        guard taken > 0 else { return [] }
        count = start
        // Appended one by one, not made with `init(unsafeUninitializedCapacity:)`:
        // that one allocates in a standard library function compiled for every
        // element type, which looks the array's type up at run time (some 440
        // instructions an array), and `moveInitialize` into it moved a node in
        // some 200 instructions, five times what this loop takes;
        // `append(contentsOf:)` is compiled for `Element` here, and reserves
        // `taken` from `underestimatedCount`.
        var values: [Element] = []
        values.append(contentsOf: MovedElements(base: base + start, count: taken))
        return values
    }
}
