/// The byte scans of the element-line parser that look at more than one byte
/// at a time or stand on their own: whether a line reads alike as bytes and as
/// `Character`s, where a quoted value's next quote or backslash is, and the
/// short decimal numbers of frames.
extension XCUITestReader.ByteLineParser {
    /// Whether bytes and `Character`s read `text` alike: every ASCII byte is a
    /// `Character` of its own (no combining mark after it, no prepended mark
    /// before it, no CR LF pair), and no non-ASCII `Character` equals an ASCII
    /// one under canonical equivalence (U+037E `;`, U+1FEF `` ` ``, U+212A `K`).
    /// `text` is valid UTF-8, as every reader's input is.
    ///
    /// One pass over the bytes; a grapheme test only at the two ends of each non-ASCII run.
    static func readsAsBytes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        // Most lines are ASCII without a CR: eight bytes at a time say so.
        if let base = text.baseAddress {
            var k = 0
            while k + 8 <= n {
                let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
                // A high bit set, or a byte of `cr` that is zero (a CR in `w`).
                if (w | ((cr &- 0x0101_0101_0101_0101) & ~cr)) & 0x8080_8080_8080_8080 != 0 { break }
                k += 8
            }
            if k + 8 > n {
                while k < n, text[k] < 0x80, text[k] != 0x0D { k += 1 }
                if k == n { return true }
            }
        }
        var p = 0
        while p < n {
            let b = text[p]
            if b < 0x80 {
                if b == 0x0D, p + 1 < n, text[p + 1] == 0x0A { return false }
                p += 1
                continue
            }
            var q = p
            while q < n, text[q] >= 0x80 {
                let c = text[q]
                if c == 0xCD, q + 1 < n, text[q + 1] == 0xBE { return false }
                if c == 0xE1 || c == 0xE2, q + 2 < n,
                   (c == 0xE1 && text[q + 1] == 0xBF && text[q + 2] == 0xAF)
                    || (c == 0xE2 && text[q + 1] == 0x84 && text[q + 2] == 0xAA) {
                    return false
                }
                q += 1
            }
            if p > 0 {
                // The ASCII byte before the run and the run's first scalar.
                var e = p + 1
                while e < q, text[e] & 0xC0 == 0x80 { e += 1 }
                if String(decoding: UnsafeBufferPointer(rebasing: text[(p - 1)..<e]), as: UTF8.self).count == 1 { return false }
            }
            if q < n {
                // The run's last scalar and the ASCII byte after it.
                var s = q - 1
                while s > p, text[s] & 0xC0 == 0x80 { s -= 1 }
                if String(decoding: UnsafeBufferPointer(rebasing: text[s...q]), as: UTF8.self).count == 1 { return false }
            }
            p = q
        }
        return true
    }

    /// The offset of the first `quote` or backslash at or after `from`, or the
    /// end: eight bytes at a time, as most of a quoted value is neither.
    static func quoteOrBackslash(_ text: UnsafeBufferPointer<UInt8>, from: Int, quote: UInt8) -> Int {
        let n = text.count
        var k = from
        if let base = text.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quotes = ones &* UInt64(quote)
            let backslashes = ones &* 0x5C
            while k + 8 <= n {
                let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let a = w ^ quotes
                let b = w ^ backslashes
                // Nonzero exactly when a byte of `a` or `b` is zero: a quote or a backslash
                // is among the eight, and the byte loop below finds which.
                if ((a &- ones) & ~a | (b &- ones) & ~b) & highs != 0 { break }
                k += 8
            }
        }
        while k < n, text[k] != quote, text[k] != 0x5C { k += 1 }
        return k
    }

    /// Whether `b` may be part of a number (`number()` scans these).
    static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// `shortDecimal` of the number at `start`, read in the one pass that finds
    /// its end, and that end; nil when the number is not of that form.
    @inline(__always)
    static func shortNumber(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Double, Int)? {
        let n = text.count
        var k = start
        let negative = k < n && text[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        var mantissa: UInt64 = 0
        let whole = k
        while k < n, case let d = text[k] &- 0x30, d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            k += 1
        }
        var digits = k - whole
        // The power of ten the digits after the point divide by: exact while there are at most 15 digits.
        var scale = 1.0
        if k < n, text[k] == UInt8(ascii: ".") {
            k += 1
            let fraction = k
            while k < n, case let d = text[k] &- 0x30, d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                scale *= 10
                k += 1
            }
            digits += k - fraction
        }
        // A second point, a sign or an exponent after it: the number has another form.
        guard digits > 0, digits <= 15, k == n || !isNumberByte(text[k]) else { return nil }
        let value = Double(mantissa) / scale
        return (negative ? -value : value, k)
    }

    /// Powers of ten a `Double` holds exactly.
    static let exactPowers: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// `-?digits(.digits)?` with at most 15 digits, the way frames print: the
    /// digits as an integer and the power of ten are both exact, so one
    /// division rounds once, to the same `Double` as `Double(String)`. Other
    /// forms (exponents, `+`, more digits) are left to `Double(String)`.
    static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var k = start
        let negative = k < end && text[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = -1
        while k < end {
            let b = text[k]
            if b >= 0x30, b <= 0x39 {
                mantissa = mantissa * 10 + UInt64(b - 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else if b == UInt8(ascii: "."), fraction < 0 {
                fraction = 0
            } else {
                return nil
            }
            guard digits <= 15 else { return nil }
            k += 1
        }
        // `-` or `.` alone is no number; `5.` and `.5` are, as for `Double(String)`.
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / exactPowers[max(fraction, 0)]
        return negative ? -value : value
    }
}
