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
    mutating func number(_ v: Double) {
        guard v.isFinite, abs(v) < 1e15 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let tenths = Int((v * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        integer(magnitude / 10)
        if magnitude % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }

    mutating func integer(_ value: UInt) {
        // Digits least significant first, then turned round in place.
        let start = bytes.count
        var v = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        // Swapped by index: reversing `bytes[start...]` would copy the whole buffer.
        var (i, j) = (start, bytes.count - 1)
        while i < j {
            bytes.swapAt(i, j)
            i += 1
            j -= 1
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
