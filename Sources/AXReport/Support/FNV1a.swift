/// FNV-1a, 64 bits: a small hash that is the same in every process.
///
/// Swift's `Hasher` is seeded per process, so it cannot name a finding across
/// runs; SARIF fingerprints must match between yesterday's run and today's.
enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes as 16 lowercase hex digits.
    ///
    /// - Complexity: O(n), where n is the length of `text` in bytes.
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
