/// Values moved out of memory one by one as they are iterated: each is
/// taken from its slot (the slot is left uninitialized) and handed over,
/// never copied, so an array appending them retains and releases nothing.
///
/// Only for `InPlaceBuffer.take`, which owns the slots and forgets them
/// before iterating; every slot is read exactly once, and an iteration must
/// run to its end (`Array.append(contentsOf:)` does) or the rest leak.
struct MovedElements<Element>: Sequence {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    var underestimatedCount: Int { count }

    struct Iterator: IteratorProtocol {
        let base: UnsafeMutablePointer<Element>
        let count: Int
        var taken = 0

        mutating func next() -> Element? {
            guard taken < count else { return nil }
            defer { taken += 1 }
            return (base + taken).move()
        }
    }

    func makeIterator() -> Iterator { Iterator(base: base, count: count) }
}
