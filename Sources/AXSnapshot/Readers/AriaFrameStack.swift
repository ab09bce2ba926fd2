/// The open items of an ARIA snapshot (`AriaYAMLReader.Frame`), innermost
/// last, each kept where it was opened: read, filled and closed in place.
///
/// An array of frames moved each frame as a whole (some 300 bytes, a call to
/// `memcpy` each time) when it was appended, when the line's item was swapped
/// into it, and when `removeLast` took it out to be closed: a tenth of the
/// reader's instructions.
final class AriaFrameStack {
    private var base: UnsafeMutablePointer<AriaYAMLReader.Frame>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        // What is still open when reading stopped on an error.
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The frame at `index` (0 is the outermost), in place: reading or
    /// setting a field of it copies nothing else.
    subscript(index: Int) -> AriaYAMLReader.Frame {
        unsafeAddress {
            precondition(index >= 0 && index < count, "an open item")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "an open item")
            return base + index
        }
    }

    /// Opens a frame for `item`, moved into it: `item` is left blank (as
    /// `AriaLine(line:)` makes it) for the next line to be read into.
    func push(_ item: inout AriaLine, firstChild: Int, headingLevel: Int?) {
        if count == capacity {
            let grown = UnsafeMutablePointer<AriaYAMLReader.Frame>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        withUnsafeMutablePointer(to: &item) { moved in
            (base + count).initialize(to: AriaYAMLReader.Frame(item: moved.move(), firstChild: firstChild, headingLevel: headingLevel))
            moved.initialize(to: AriaLine(line: 0))
        }
        count += 1
    }

    /// Closes the innermost frame, destroying it where it is.
    func removeLast() {
        precondition(count > 0, "an open item")
        count -= 1
        (base + count).deinitialize(count: 1)
    }
}
