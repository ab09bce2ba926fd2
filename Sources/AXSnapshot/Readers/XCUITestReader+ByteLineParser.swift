/// The element-line parser on UTF-8 bytes: the line's structure (type, commas,
/// keys, quotes, frames) is all ASCII, so it is scanned byte by byte and only a
/// value's own bytes are decoded into a `String`. It reads exactly what
/// `LineParser` reads on `Character`s when `readsAsBytes` holds, which is
/// checked first; a line where it does not hold is left to `LineParser`.
extension XCUITestReader {
    struct ByteLineParser {
        let text: UnsafeBufferPointer<UInt8>
        let file: String
        let line: Int
        let column: Int?
        var i = 0

        init(_ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int?, file: String) {
            self.text = text
            self.file = file
            self.line = line
            self.column = column
        }

        // MARK: - Bytes

        private func string(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: text[from..<to]), as: UTF8.self)
        }

        @inline(__always)
        private func hasPrefix(_ at: Int, _ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard at + count <= text.count else { return false }
            let p = prefix.utf8Start
            for k in 0..<count where text[at + k] != p[k] { return false }
            return true
        }

        /// Whether the two bytes at `at` are `a` and `b`.
        @inline(__always)
        private func has(_ at: Int, _ a: UInt8, _ b: UInt8) -> Bool {
            at + 1 < text.count && text[at] == a && text[at + 1] == b
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

        @inline(__always)
        private static func isLetterOrDigit(_ b: UInt8) -> Bool {
            // Setting bit 5 maps `A`…`Z` onto `a`…`z` (and nothing else onto them).
            b &- 0x30 < 10 || (b | 0x20) &- 0x61 < 26
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
            var element = ElementLine(type: XCUITestElementType.table.type(UnsafeBufferPointer(rebasing: text[i..<end])))
            i = end
            if has(i, 0x20, UInt8(ascii: "(")) {
                let open = i + 2
                var close = open
                while close < n, text[close] != UInt8(ascii: ")") { close += 1 }
                guard close < n else {
                    throw fail(i, "expected ')' closing the qualifier after \"\(LineParser.short(element.type.name))\"")
                }
                i = close + 1
            }
            while i < n {
                guard text[i] == UInt8(ascii: ",") else {
                    throw fail(i, "expected ', ' between attributes of \"\(LineParser.short(element.type.name))\", found \(quote(i, n))")
                }
                i += 1
                skipBlanks()
                if i == n { break } // a dangling comma: nothing more to read
                try attribute(into: &element)
            }
            return consume element
        }

        @inline(__always)
        private mutating func skipBlanks() {
            while i < text.count, text[i] == 0x20 { i += 1 }
        }

        private mutating func attribute(into element: inout ElementLine) throws {
            let n = text.count
            if has(i, UInt8(ascii: "{"), UInt8(ascii: "{")) {
                element.frame = try frame()
                return
            }
            if has(i, UInt8(ascii: "0"), UInt8(ascii: "x")) {
                var end = i + 2
                // ASCII digits inline; a non-ASCII byte may start a fullwidth one.
                while end < n {
                    let b = text[end]
                    if (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) {
                        end += 1
                    } else if b >= 0x80, let next = hexDigitEnd(end) {
                        end = next
                    } else {
                        break
                    }
                }
                i = end
                return
            }
            if let keyEnd = keyEnd(at: i) {
                let keyStart = i
                i = keyEnd + 1
                if i < n, text[i] == 0x20 { i += 1 }
                let kept = keptKey(keyStart, keyEnd)
                if i < n, text[i] == UInt8(ascii: "'") || text[i] == UInt8(ascii: "\"") {
                    let value = try quoted(keyStart, keyEnd, keep: kept != nil)
                    if let kept { kept.store(value, in: &element) }
                } else {
                    let (from, to) = unquoted()
                    // pid and attributes this reader does not use take no `String`.
                    if let kept { kept.store(string(from, to), in: &element) }
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
            let (from, to) = trimmed(i, end)
            element.flags.insert(flag(from, to))
            i = end
        }

        /// The attributes an element line's node keeps.
        private enum Key {
            case identifier, label, title, value, placeholder

            func store(_ value: consuming String, in element: inout ElementLine) {
                switch self {
                case .identifier: element.identifier = value
                case .label: element.label = value
                case .title: element.title = value
                case .value: element.value = value
                case .placeholder: element.placeholder = value
                }
            }
        }

        private func keptKey(_ from: Int, _ to: Int) -> Key? {
            switch to - from {
            case 5: return hasPrefix(from, "label") ? .label : hasPrefix(from, "title") ? .title
                : hasPrefix(from, "value") ? .value : nil
            case 10: return hasPrefix(from, "identifier") ? .identifier : nil
            case 16: return hasPrefix(from, "placeholderValue") ? .placeholder : nil
            default: return nil
            }
        }

        /// The state a trimmed word names (`ElementFlags(word:)`), matched on its bytes.
        private func flag(_ from: Int, _ to: Int) -> ElementFlags {
            switch to - from {
            case 7: return hasPrefix(from, "Focused") ? .focused : []
            case 8: return hasPrefix(from, "Selected") ? .selected : hasPrefix(from, "Disabled") ? .disabled : []
            case 16: return hasPrefix(from, "Keyboard Focused") ? .focused : []
            default: return []
            }
        }

        /// The end of an `identifier:`-style key at `at` (the offset of its colon): lowerCamelCase, then a colon.
        private func keyEnd(at: Int) -> Int? {
            guard at < text.count, text[at] >= 0x61, text[at] <= 0x7A else { return nil }
            var end = at
            while end < text.count, Self.isLetterOrDigit(text[end]) { end += 1 }
            guard end < text.count, text[end] == UInt8(ascii: ":") else { return nil }
            return end
        }

        private static let knownFlagBytes: [[UInt8]] = XCUITestReader.knownFlags.map { Array($0.utf8) }

        /// Does an attribute start here? Used to find where a value ends.
        private func isAttributeStart(_ at: Int) -> Bool {
            if has(at, UInt8(ascii: "{"), UInt8(ascii: "{")) { return true }
            if has(at, UInt8(ascii: "0"), UInt8(ascii: "x")), hexDigitEnd(at + 2) != nil { return true }
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
        private mutating func quoted(_ keyStart: Int, _ keyEnd: Int, keep: Bool) throws -> String {
            let n = text.count
            let q = text[i]
            let open = i
            i += 1
            // Bytes are copied only once an escape is met; else the value is one slice.
            var out: [UInt8] = []
            var escaped = false
            var run = i
            while i < n {
                i = Self.quoteOrBackslash(text, from: i, quote: q)
                guard i < n else { break }
                let c = text[i]
                if c == 0x5C {
                    escaped = true
                    if keep { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i])) }
                    let next = i + 1
                    if next < n, text[next] == UInt8(ascii: "'") || text[next] == UInt8(ascii: "\"") || text[next] == 0x5C {
                        if keep { out.append(text[next]) }
                        i = next + 1
                    } else {
                        if keep { out.append(c) }
                        i = next
                    }
                    run = i
                    continue
                }
                if c == q, isValueEnd(i + 1) {
                    let value: String
                    if !keep {
                        value = ""
                    } else if escaped {
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
            throw fail(open, "expected a closing \(Character(Unicode.Scalar(q))) for \(LineParser.short(string(keyStart, keyEnd))): \(quote(open, n))")
        }

        /// An unquoted value (`value: 3`, `value: Sessiometer. 2 acc...`): up to
        /// the next attribute or the end of the line.
        private mutating func unquoted() -> (Int, Int) {
            let start = i
            while i < text.count {
                if text[i] == UInt8(ascii: ","), isValueEnd(i) { break }
                i += 1
            }
            return trimmed(start, i)
        }

        /// The bytes between `from` and `to` without leading and trailing blanks.
        private func trimmed(_ from: Int, _ to: Int) -> (Int, Int) {
            func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
            var a = from
            var b = to
            while a < b, blank(text[a]) { a += 1 }
            while b > a, blank(text[b - 1]) { b -= 1 }
            return (a, b)
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
        @inline(__always)
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
        @inline(__always)
        private mutating func expect(_ c: UInt8) -> Bool {
            skipBlanks()
            guard i < text.count, text[i] == c else { return false }
            i += 1
            return true
        }

        /// A finite decimal number: `-12`, `0.5`, `1e3`.
        @inline(__always)
        private mutating func number() -> Double? {
            if let (value, end) = Self.shortNumber(text, i) {
                i = end
                return value
            }
            return longNumber()
        }

        /// `number()` of a number `shortNumber` does not read.
        private mutating func longNumber() -> Double? {
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

    }

    /// Parses one element line: on its bytes when they read as its `Character`s, else on the `Character`s.
    static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int?, file: String) throws -> ElementLine {
        if ByteLineParser.readsAsBytes(bytes) {
            var parser = ByteLineParser(bytes, line: line, column: column, file: file)
            return try parser.parse()
        }
        var parser = LineParser(String(decoding: bytes, as: UTF8.self), line: line, column: column, file: file)
        return try parser.parse()
    }

    /// `parseLine` of a line's text held in a `String` (a label joined over lines).
    static func parseLine(_ text: String, line: Int, column: Int?, file: String) throws -> ElementLine {
        var text = text
        return try text.withUTF8 { try parseLine($0, line: line, column: column, file: file) }
    }
}
