/// The bytes of an SVG being written: text and numbers appended to one
/// buffer (DESIGN §14), with no `String` built per coordinate.
struct SVGBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    static func += (lhs: inout SVGBytes, rhs: String) { lhs.bytes.append(contentsOf: rhs.utf8) }

    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ other: SVGBytes) { bytes.append(contentsOf: other.bytes) }

    var isEmpty: Bool { bytes.isEmpty }

    /// A coordinate to a tenth without a trailing `.0`: the bytes of `WireframeSVG.n`.
    ///
    /// The digits are put together in a buffer on the stack and appended at
    /// once: a byte-by-byte append checks the array's uniqueness and
    /// capacity per digit, which was a tenth of a site build's instructions.
    mutating func number(_ v: Double) {
        guard v.isFinite, abs(v) < 1e15 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let tenths = Int((v * 10).rounded())
        let magnitude = tenths.magnitude
        let rest = magnitude % 10
        // A tenth goes after the whole part: written from the end, it goes first.
        append(digitsOf: magnitude / 10, negative: tenths < 0, tenth: rest == 0 ? nil : UInt8(truncatingIfNeeded: rest))
    }

    mutating func integer(_ value: UInt) {
        append(digitsOf: value, negative: false, tenth: nil)
    }

    /// `-`, the digits of `whole`, and `.` and `tenth`: written backwards into 24 bytes on the stack, appended once.
    private mutating func append(digitsOf whole: UInt, negative: Bool, tenth: UInt8?) {
        if !negative, tenth == nil, whole < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { out in
            var i = out.count
            if let tenth {
                i -= 1; out[i] = UInt8(ascii: "0") &+ tenth
                i -= 1; out[i] = UInt8(ascii: ".")
            }
            var v = whole
            repeat {
                i -= 1
                out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            if negative {
                i -= 1
                out[i] = UInt8(ascii: "-")
            }
            // A typed buffer: the array copies it in one go.
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: out[i...]))
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
