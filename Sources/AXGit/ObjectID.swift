import CLibgit2

/// A git object id (SHA-1): 20 bytes, written as 40 lowercase hex digits.
///
/// Stored as three big-endian integers so that hashing and comparison are a few
/// machine instructions, and `<` orders ids exactly like their hex strings.
package struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    private let high: UInt64   // bytes 0..<8
    private let middle: UInt64 // bytes 8..<16
    private let low: UInt32    // bytes 16..<20

    /// The number of bytes in an id.
    package static let byteCount = 20

    /// The all-zero id git uses for "no object".
    package static let zero = ObjectID(high: 0, middle: 0, low: 0)

    private init(high: UInt64, middle: UInt64, low: UInt32) {
        self.high = high
        self.middle = middle
        self.low = low
    }

    /// An id from exactly 20 raw bytes; nil for any other length.
    package init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == Self.byteCount else { return nil }
        if let id = bytes.withContiguousStorageIfAvailable({ Self(raw: UnsafeRawBufferPointer($0)) }) {
            self = id
            return
        }
        var h: UInt64 = 0, m: UInt64 = 0, l: UInt32 = 0
        for (index, byte) in bytes.enumerated() {
            switch index {
            case 0..<8: h = h << 8 | UInt64(byte)
            case 8..<16: m = m << 8 | UInt64(byte)
            default: l = l << 8 | UInt32(byte)
            }
        }
        self.init(high: h, middle: m, low: l)
    }

    /// An id from 40 hex digits (either case); nil for anything else.
    package init?<S: StringProtocol>(hex: S) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 2 * Self.byteCount else { return nil }
        var bytes = [UInt8](repeating: 0, count: Self.byteCount)
        for index in 0..<Self.byteCount {
            guard let hi = Self.nibble(utf8[2 * index]), let lo = Self.nibble(utf8[2 * index + 1]) else {
                return nil
            }
            bytes[index] = hi << 4 | lo
        }
        self.init(bytes: bytes)
    }

    /// The 20 raw bytes.
    package var bytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(Self.byteCount)
        append(to: &out)
        return out
    }

    /// Appends the 20 raw bytes to `out` (no array of its own: trees and pack indexes hold many ids).
    func append(to out: inout [UInt8]) {
        // Three big-endian words at once: byte by byte, this was a tenth of encoding a notes tree.
        withUnsafeBytes(of: high.bigEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: middle.bigEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: low.bigEndian) { out.append(contentsOf: $0) }
    }

    /// The first byte, which picks a pack index's fan-out slot.
    var firstByte: Int { Int(high >> 56) }

    /// The 40 lowercase hex digits.
    package var hex: String {
        // Written straight into the string's storage, nibble by nibble from the three words
        // (a note's path and every message name commits by their hex).
        String(unsafeUninitializedCapacity: 2 * Self.byteCount) { out in
            func put(_ word: UInt64, bits: Int, at start: Int) {
                for i in 0..<bits / 4 {
                    let nibble = UInt8(truncatingIfNeeded: word >> UInt64(bits - 4 - 4 * i)) & 0x0f
                    out[start + i] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
                }
            }
            put(high, bits: 64, at: 0)
            put(middle, bits: 64, at: 16)
            put(UInt64(low), bits: 32, at: 32)
            return 2 * Self.byteCount
        }
    }

    /// The first `length` hex digits (7 by default), for messages.
    package func abbreviated(_ length: Int = 7) -> String {
        String(hex.prefix(max(0, min(length, 2 * Self.byteCount))))
    }

    package var isZero: Bool { self == .zero }

    package var description: String { hex }

    package static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

// MARK: - Bridging to libgit2 (internal: no C type leaves this module)

extension ObjectID {
    init(_ oid: git_oid) {
        // Three big-endian loads: through an array and a byte loop, ids read from libgit2
        // (every tree entry a commit's diff visits) cost an allocation and a few hundred
        // instructions each (callgrind).
        self = withUnsafeBytes(of: oid.id) { Self(raw: $0) }
    }

    /// The id in the first 20 bytes of `raw` (the caller checked there are 20).
    private init(raw: UnsafeRawBufferPointer) {
        self.init(high: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                  middle: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                  low: UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    /// The libgit2 representation, for passing to C.
    var oid: git_oid {
        var out = git_oid()
        withUnsafeMutableBytes(of: &out.id) { buffer in
            buffer.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            buffer.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
            buffer.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
        }
        return out
    }
}
