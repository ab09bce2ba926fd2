@testable import AXGit
import AXTestSupport

extension ObjectID {
    /// A random id from a seeded generator; `firstByte`, when given, is its first byte (which
    /// places its note in that fan-out directory).
    static func seeded(_ rng: inout SeededGenerator, firstByte: UInt8? = nil) -> ObjectID {
        var bytes: [UInt8] = []
        for _ in 0..<3 { withUnsafeBytes(of: rng.next()) { bytes += $0 } }
        if let firstByte { bytes[0] = firstByte }
        return ObjectID(bytes: bytes.prefix(ObjectID.byteCount)) ?? .zero
    }
}
