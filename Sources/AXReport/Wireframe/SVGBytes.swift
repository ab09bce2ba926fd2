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

    /// A short run of text and numbers put together on the stack and
    /// appended in one copy: a box's path or a number's `<text>` is a dozen
    /// small pieces, each of which would otherwise be an append of its own.
    ///
    /// A line holds `Line.capacity` bytes, more than the longest the
    /// renderers write (a box: four numbers of at most 19 bytes and 7 letters).
    mutating func line(_ build: (inout Line) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Line.capacity) { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = Line(base: base)
            build(&line)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: line.count))
        }
    }

    struct Line {
        static let capacity = 256
        fileprivate let base: UnsafeMutablePointer<UInt8>
        fileprivate(set) var count = 0

        fileprivate init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

        mutating func add(_ text: StaticString) {
            text.withUTF8Buffer { source in
                guard count + source.count <= Self.capacity else { return }
                for byte in source {
                    base[count] = byte
                    count += 1
                }
            }
        }

        /// The bytes of `SVGBytes.number`.
        mutating func number(_ v: Double) {
            guard v.isFinite, abs(v) < 1e15 else {
                add("0")
                return
            }
            let tenths = Int((v * 10).rounded())
            let magnitude = tenths.magnitude
            if tenths < 0 { add("-") }
            integer(magnitude / 10)
            let rest = magnitude % 10
            if rest != 0, count + 2 <= Self.capacity {
                base[count] = UInt8(ascii: ".")
                base[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
                count += 2
            }
        }

        mutating func integer(_ value: UInt) {
            var length = 1, v = value
            while v >= 10 { v /= 10; length += 1 }
            guard count + length <= Self.capacity else { return }
            v = value
            var j = count + length - 1
            repeat {
                base[j] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
                j -= 1
            } while v > 0
            count += length
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
