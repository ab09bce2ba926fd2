@testable import AXSnapshot

/// The element-line parser on UTF-8 bytes: the line's structure (type, commas,
/// keys, quotes, frames) is all ASCII, so it is scanned byte by byte and only a
/// value's own bytes are decoded into a `String`. It reads exactly what
/// `LineParser` reads on `Character`s when `readsAsBytes` holds, which is
/// checked first; a line where it does not hold is left to `LineParser`.
extension StringLineXCUITestReader {
    struct ByteLineParser {
        let text: UnsafeBufferPointer<UInt8>
        let file: String
        let line: Int
        let column: Int?
        var i = 0

        init(_ text: UnsafeBufferPointer<UInt8>, _ raw: RawLine, file: String) {
            self.text = text
            self.file = file
            self.line = raw.number
            self.column = raw.restColumn
        }

        /// Whether bytes and `Character`s read `text` alike: every ASCII byte is a
        /// `Character` of its own (no combining mark after it, no prepended mark
        /// before it, no CR LF pair), and no non-ASCII `Character` equals an ASCII
        /// one under canonical equivalence (U+037E `;`, U+1FEF `` ` ``, U+212A `K`).
        /// `text` is valid UTF-8 (it comes from a `String`).
        ///
        /// One pass over the bytes; a grapheme test only at the two ends of each non-ASCII run.
        static func readsAsBytes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            let n = text.count
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

        // MARK: - Bytes

        private func string(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: text[from..<to]), as: UTF8.self)
        }

        private func hasPrefix(_ at: Int, _ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard at + count <= text.count else { return false }
            let p = prefix.utf8Start
            for k in 0..<count where text[at + k] != p[k] { return false }
            return true
        }

        private func hasPrefix(_ at: Int, _ prefix: [UInt8]) -> Bool {
            guard at + prefix.count <= text.count else { return false }
            for k in prefix.indices where text[at + k] != prefix[k] { return false }
            return true
        }

        /// The non-ASCII `Character` at `at` and where it ends: at the next ASCII
        /// byte, as every ASCII byte is a `Character` of its own here.
        private func character(at: Int) -> (Character, Int)? {
            var end = at
            while end < text.count, text[end] >= 0x80 { end += 1 }
            let s = string(at, end)
            guard let c = s.first else { return nil }
            return (c, at + String(c).utf8.count)
        }

        /// Where the hex digit at `at` ends (`Character.isHexDigit`, fullwidth forms included), or nil.
        private func hexDigitEnd(_ at: Int) -> Int? {
            guard at < text.count else { return nil }
            let b = text[at]
            if b < 0x80 {
                let isHex = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
                return isHex ? at + 1 : nil
            }
            guard let (c, end) = character(at: at), c.isHexDigit else { return nil }
            return end
        }

        private static func isLetterOrDigit(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        }

        // MARK: - Errors

        /// The column counts `Character`s, as the message's reader sees them; only an error pays for it.
        func fail(_ at: Int, _ message: String) -> SnapshotError {
            let col = column.map { $0 + string(0, at).count }
            return SnapshotError(file: file, line: line, column: col, message: message)
        }

        private func quote(_ from: Int, _ to: Int) -> String {
            LineParser.quote(Substring(string(from, to)))
        }

        // MARK: - The line

        mutating func parse() throws -> ElementLine {
            let n = text.count
            guard i < n, text[i] >= 0x41, text[i] <= 0x5A else {
                throw fail(i, "expected \(LineParser.elementExample), found \(quote(i, n))")
            }
            var end = i
            while end < n, Self.isLetterOrDigit(text[end]) { end += 1 }
            var element = ElementLine(type: string(i, end))
            i = end
            if hasPrefix(i, " (") {
                let open = i + 2
                var close = open
                while close < n, text[close] != UInt8(ascii: ")") { close += 1 }
                guard close < n else {
                    throw fail(i, "expected ')' closing the qualifier after \"\(LineParser.short(element.type))\"")
                }
                element.qualifier = string(open, close)
                i = close + 1
            }
            while i < n {
                guard text[i] == UInt8(ascii: ",") else {
                    throw fail(i, "expected ', ' between attributes of \"\(LineParser.short(element.type))\", found \(quote(i, n))")
                }
                i += 1
                skipBlanks()
                if i == n { break } // a dangling comma: nothing more to read
                try attribute(into: &element)
            }
            return element
        }

        private mutating func skipBlanks() {
            while i < text.count, text[i] == 0x20 { i += 1 }
        }

        private mutating func attribute(into element: inout ElementLine) throws {
            let n = text.count
            if hasPrefix(i, "{{") {
                element.frame = try frame()
                return
            }
            if hasPrefix(i, "0x") {
                var end = i + 2
                while let next = hexDigitEnd(end) { end = next }
                element.address = string(i, end)
                i = end
                return
            }
            if let keyEnd = keyEnd(at: i) {
                let key = string(i, keyEnd)
                i = keyEnd + 1
                if i < n, text[i] == 0x20 { i += 1 }
                let value: String
                if i < n, text[i] == UInt8(ascii: "'") || text[i] == UInt8(ascii: "\"") {
                    value = try quoted(key: key)
                } else {
                    value = unquoted()
                }
                switch key {
                case "identifier": element.identifier = value
                case "label": element.label = value
                case "title": element.title = value
                case "value": element.value = value
                case "placeholderValue": element.placeholder = value
                default: break // pid and attributes this reader does not use
                }
                return
            }
            let isLetter: Bool
            if i < n, text[i] < 0x80 {
                let b = text[i]
                isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            } else {
                isLetter = i < n && character(at: i)?.0.isLetter == true
            }
            guard isLetter else {
                throw fail(i, "expected an attribute such as identifier: '…', label: '…', value: …, a frame {{x, y}, {w, h}} or a state such as Selected, found \(quote(i, n))")
            }
            // A state word (`Selected`, `Keyboard Focused`, …); unknown ones are ignored.
            var end = i
            while end < n, text[end] != UInt8(ascii: ",") { end += 1 }
            element.flags.insert(trimmed(i, end))
            i = end
        }

        /// The end of an `identifier:`-style key at `at` (the offset of its colon): lowerCamelCase, then a colon.
        private func keyEnd(at: Int) -> Int? {
            guard at < text.count, text[at] >= 0x61, text[at] <= 0x7A else { return nil }
            var end = at
            while end < text.count, Self.isLetterOrDigit(text[end]) { end += 1 }
            guard end < text.count, text[end] == UInt8(ascii: ":") else { return nil }
            return end
        }

        private static let knownFlagBytes: [[UInt8]] = StringLineXCUITestReader.knownFlags.map { Array($0.utf8) }

        /// Does an attribute start here? Used to find where a value ends.
        private func isAttributeStart(_ at: Int) -> Bool {
            if hasPrefix(at, "{{") { return true }
            if hasPrefix(at, "0x"), hexDigitEnd(at + 2) != nil { return true }
            if keyEnd(at: at) != nil { return true }
            for flag in Self.knownFlagBytes where hasPrefix(at, flag) {
                let after = at + flag.count
                if after == text.count || text[after] == UInt8(ascii: ",") { return true }
            }
            return false
        }

        /// Where a value ends: `, ` followed by an attribute, or the end of the line.
        private func isValueEnd(_ at: Int) -> Bool {
            var k = at
            while k < text.count, text[k] == 0x20 { k += 1 }
            if k == text.count { return true }
            guard text[at] == UInt8(ascii: ",") else { return false }
            k = at + 1
            while k < text.count, text[k] == 0x20 { k += 1 }
            return isAttributeStart(k)
        }

        /// A quoted value. A backslash escapes the next quote or backslash; a
        /// quote that is not followed by the end of the line or by the next
        /// attribute is part of the text (`'Don't Allow'`).
        private mutating func quoted(key: String) throws -> String {
            let n = text.count
            let q = text[i]
            let open = i
            i += 1
            // Bytes are copied only once an escape is met; else the value is one slice.
            var out: [UInt8] = []
            var escaped = false
            var run = i
            while i < n {
                let c = text[i]
                if c == 0x5C {
                    escaped = true
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
                    let next = i + 1
                    if next < n, text[next] == UInt8(ascii: "'") || text[next] == UInt8(ascii: "\"") || text[next] == 0x5C {
                        out.append(text[next])
                        i = next + 1
                    } else {
                        out.append(c)
                        i = next
                    }
                    run = i
                    continue
                }
                if c == q, isValueEnd(i + 1) {
                    let value: String
                    if escaped {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
                        value = String(decoding: out, as: UTF8.self)
                    } else {
                        value = string(run, i)
                    }
                    i += 1
                    return value
                }
                i += 1
            }
            throw fail(open, "expected a closing \(Character(Unicode.Scalar(q))) for \(LineParser.short(key)): \(quote(open, n))")
        }

        /// An unquoted value (`value: 3`, `value: Sessiometer. 2 acc...`): up to
        /// the next attribute or the end of the line.
        private mutating func unquoted() -> String {
            let start = i
            while i < text.count {
                if text[i] == UInt8(ascii: ","), isValueEnd(i) { break }
                i += 1
            }
            return trimmed(start, i)
        }

        /// The bytes between `from` and `to` without leading and trailing blanks.
        private func trimmed(_ from: Int, _ to: Int) -> String {
            func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
            var a = from
            var b = to
            while a < b, blank(text[a]) { a += 1 }
            while b > a, blank(text[b - 1]) { b -= 1 }
            return string(a, b)
        }

        /// `{{x, y}, {w, h}}`.
        private mutating func frame() throws -> Frame {
            let start = i
            i += 2
            guard let (x, y) = pair(), expect(UInt8(ascii: "}")), expect(UInt8(ascii: ",")), expect(UInt8(ascii: "{")),
                  let (w, h) = pair(), expect(UInt8(ascii: "}")), expect(UInt8(ascii: "}")) else {
                // Quote up to the closing "}}", else to the end of the line.
                var end = text.count
                var k = start
                while k + 1 < text.count {
                    if text[k] == UInt8(ascii: "}"), text[k + 1] == UInt8(ascii: "}") { end = k + 2; break }
                    k += 1
                }
                throw fail(start, "expected a frame {{x, y}, {w, h}}, found \(quote(start, end))")
            }
            guard w >= 0, h >= 0 else {
                throw fail(start, "expected a non-negative width and height in the frame \(quote(start, i))")
            }
            return Frame(x: x, y: y, width: w, height: h, unit: .points)
        }

        /// `a, b` with blanks around.
        private mutating func pair() -> (Double, Double)? {
            skipBlanks()
            guard let a = number() else { return nil }
            skipBlanks()
            guard expect(UInt8(ascii: ",")) else { return nil }
            skipBlanks()
            guard let b = number() else { return nil }
            skipBlanks()
            return (a, b)
        }

        /// Consumes `c` (after blanks) when it is next.
        private mutating func expect(_ c: UInt8) -> Bool {
            skipBlanks()
            guard i < text.count, text[i] == c else { return false }
            i += 1
            return true
        }

        /// A finite decimal number: `-12`, `0.5`, `1e3`.
        private mutating func number() -> Double? {
            let start = i
            while i < text.count {
                let a = text[i]
                guard (a >= 0x30 && a <= 0x39) || a == UInt8(ascii: ".") || a == UInt8(ascii: "-") || a == UInt8(ascii: "+")
                    || a == UInt8(ascii: "e") || a == UInt8(ascii: "E") else { break }
                i += 1
            }
            if let d = Self.shortDecimal(text, start, i) { return d }
            guard start < i, let d = Double(string(start, i)), d.isFinite else {
                i = start
                return nil
            }
            return d
        }

        /// Powers of ten a `Double` holds exactly.
        private static let exactPowers: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

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

    /// Parses one element line: on its bytes when they read as its `Character`s, else on the `Character`s.
    static func parseLine(_ raw: RawLine, file: String) throws -> ElementLine {
        var rest = raw.rest
        return try rest.withUTF8 { bytes in
            if ByteLineParser.readsAsBytes(bytes) {
                var parser = ByteLineParser(bytes, raw, file: file)
                return try parser.parse()
            }
            var parser = LineParser(raw, file: file)
            return try parser.parse()
        }
    }
}
