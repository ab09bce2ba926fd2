import CLibgit2

/// SHA-1 (FIPS 180-4) over bytes, for the one hash libgit2 does not expose: the checksum
/// that ends a pack file (`PackWriter`). Object ids are hashed the same way, so a batch's
/// ids are known before anything is written.
///
/// Plain SHA-1, without collision detection: it names objects axdiff wrote itself (notes
/// and notes trees), and libgit2's indexer re-hashes every object of a pack as it indexes it.
struct SHA1 {
    /// Whether the processor hashes SHA-1 itself (x86 SHA extensions): about four times as
    /// fast as the rounds below, and hashing was a fifth of writing 5,000 notes (perf).
    static let hardware = axdiff_sha1_hardware() != 0

    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// `hardware`, unless told to use the rounds below (the tests compare the two).
    private let usesHardware: Bool

    init(software: Bool = false) {
        usesHardware = Self.hardware && !software
        pending.reserveCapacity(64)
    }

    /// The 20-byte digest of `bytes`.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var sha = SHA1()
        sha.update(bytes)
        return sha.finish()
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// - Complexity: O(n); whole 64-byte blocks are hashed in place, without copying.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { hashBlock($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - offset) / 64
        if whole > 0, usesHardware, let base = bytes.baseAddress {
            withUnsafeMutableBytes(of: &h) { state in
                axdiff_sha1_blocks(state.baseAddress?.assumingMemoryBound(to: UInt32.self),
                                   base.assumingMemoryBound(to: UInt8.self) + offset, whole)
            }
            offset += 64 * whole
        }
        while bytes.count - offset >= 64 {
            block(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
            offset += 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    /// The digest; the hasher is spent afterwards.
    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        update(tail)
        length = saved
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in [h.0, h.1, h.2, h.3, h.4] {
            for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return out
    }

    /// One 64-byte block, by the processor when it can.
    private mutating func hashBlock(_ p: UnsafeRawBufferPointer) {
        guard usesHardware, let base = p.baseAddress else { return block(p) }
        withUnsafeMutableBytes(of: &h) { state in
            axdiff_sha1_blocks(state.baseAddress?.assumingMemoryBound(to: UInt32.self), base.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// One 64-byte block. The message schedule is a 16-word ring on the stack and the four
    /// rounds are separate loops with the state in locals: a heap array per block, a `switch`
    /// per step and closures capturing the state made this the largest cost of writing notes.
    private mutating func block(_ p: UnsafeRawBufferPointer) {
        guard let base = p.baseAddress else { return }
        var (a, b, c, d, e) = h
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { ring in
            guard let w = ring.baseAddress else { return }
            for i in 0..<16 { w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
            for i in 0..<80 {
                let x: UInt32
                if i < 16 {
                    x = w[i]
                } else {
                    let m = w[(i &+ 13) & 15] ^ w[(i &+ 8) & 15] ^ w[(i &+ 2) & 15] ^ w[i & 15]
                    x = m << 1 | m >> 31
                    w[i & 15] = x
                }
                let f: UInt32, k: UInt32
                if i < 20 { f = d ^ (b & (c ^ d)); k = 0x5A82_7999 }
                else if i < 40 { f = b ^ c ^ d; k = 0x6ED9_EBA1 }
                else if i < 60 { f = (b & c) | (d & (b | c)); k = 0x8F1B_BCDC }
                else { f = b ^ c ^ d; k = 0xCA62_C1D6 }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ x
                e = d; d = c; c = b << 30 | b >> 2; b = a; a = t
            }
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}
