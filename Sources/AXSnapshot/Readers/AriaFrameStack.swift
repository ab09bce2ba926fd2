/// The open items of an ARIA snapshot (`AriaYAMLReader.Frame`), innermost
/// last, each kept where it was opened: read, filled and closed in place.
///
/// An array of frames moved each frame as a whole (some 300 bytes, a call to
/// `memcpy` each time) when it was appended, when the line's item was swapped
/// into it, and when `removeLast` took it out to be closed: a tenth of the
/// reader's instructions.
typealias AriaFrameStack = InPlaceBuffer<AriaYAMLReader.Frame>

extension InPlaceBuffer where Element == AriaYAMLReader.Frame {
    convenience init() {
        self.init(capacity: 16)
    }

    /// Opens a frame for `item`, moved into it: `item` is left blank (as
    /// `AriaLine(line:)` makes it) for the next line to be read into.
    func push(_ item: inout AriaLine, firstChild: Int, headingLevel: Int?) {
        append { slot in
            withUnsafeMutablePointer(to: &item) { moved in
                slot.initialize(to: AriaYAMLReader.Frame(item: moved.move(), firstChild: firstChild, headingLevel: headingLevel))
                moved.initialize(to: AriaLine(line: 0))
            }
        }
    }
}
