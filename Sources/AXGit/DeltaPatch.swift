/// git's delta format: the source's size, the result's size (both little-endian base-128),
/// then instructions — copy a range of the source, or insert the bytes that follow.
enum DeltaPatch {
    /// The two sizes at the start of `delta`, and where the instructions begin; nil when cut short.
    static func header(_ delta: [UInt8]) -> (source: Int, result: Int, start: Int)? {
        var position = 0
        guard let source = varint(delta, &position), let result = varint(delta, &position) else { return nil }
        return (source, result, position)
    }

    /// `delta` applied to `base`; nil when the delta does not fit the base or does not add up
    /// to the size it announces.
    ///
    /// - Complexity: O(size of the result + size of the delta).
    static func apply(_ delta: [UInt8], to base: [UInt8]) -> [UInt8]? {
        guard let (sourceSize, size, start) = header(delta), sourceSize == base.count else { return nil }
        var ok = true
        let result = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { out, count in
            count = 0
            delta.withUnsafeBufferPointer { d in
                base.withUnsafeBufferPointer { b in
                    guard let o = out.baseAddress, let dp = d.baseAddress else { ok = false; return }
                    var i = start
                    while i < d.count {
                        let op = Int(d[i])
                        i += 1
                        if op & 0x80 != 0 {
                            // Copy: which offset and size bytes follow is given by the op's low bits.
                            var offset = 0, length = 0
                            for bit in 0..<4 where op & (1 << bit) != 0 {
                                guard i < d.count else { ok = false; return }
                                offset |= Int(d[i]) << (8 * bit)
                                i += 1
                            }
                            for bit in 0..<3 where op & (0x10 << bit) != 0 {
                                guard i < d.count else { ok = false; return }
                                length |= Int(d[i]) << (8 * bit)
                                i += 1
                            }
                            if length == 0 { length = 0x10000 }
                            guard offset + length <= b.count, count + length <= size, let bp = b.baseAddress else { ok = false; return }
                            // Raw copies (memcpy): the typed `update(from:count:)` copied byte by byte.
                            UnsafeMutableRawPointer(o + count).copyMemory(from: bp + offset, byteCount: length)
                            count += length
                        } else if op != 0 {
                            guard i + op <= d.count, count + op <= size else { ok = false; return }
                            UnsafeMutableRawPointer(o + count).copyMemory(from: dp + i, byteCount: op)
                            count += op
                            i += op
                        } else {
                            ok = false  // reserved
                            return
                        }
                    }
                }
            }
            ok = ok && count == size
            if !ok { count = 0 }
        }
        return ok ? result : nil
    }

    /// A little-endian base-128 number at `position`, at most 9 bytes; nil when cut short or too long.
    private static func varint(_ bytes: [UInt8], _ position: inout Int) -> Int? {
        var value = 0, shift = 0
        while position < bytes.count, shift <= 56 {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
