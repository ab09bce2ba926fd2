/// A message or a window line as it is written: UTF-8 bytes in one growing
/// buffer, made a `String` once at the end.
///
/// Appending to a `String` piece by piece checks its form and capacity at
/// each piece; an order change's window line of seven names cost about 6,000
/// instructions that way, most of an order change's text (callgrind).
struct MessageText {
    private var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        // A native string lends its bytes; appending its `utf8` view as a
        // sequence went a byte at a time. A small string (most names in a
        // window) lends none, but `withUTF8` spills it to the stack at once.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var small = text
            small.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// A separator or other fixed text: its bytes are in the binary, where a
    /// small `String` lends none and is spilled to the stack first.
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `number` in decimal, as `String(number)` writes it.
    mutating func append(_ number: Int) {
        append(String(number))
    }

    /// `text` between double quotes.
    mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        append(text)
        bytes.append(UInt8(ascii: "\""))
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
