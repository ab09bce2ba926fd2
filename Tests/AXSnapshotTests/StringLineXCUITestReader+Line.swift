@testable import AXSnapshot

/// The line level of the XCUITest reader: splitting the text into lines,
/// undoing an lldb `po` string literal, and parsing one element line such as
/// `Button, 0x…, {{20.0, 59.0}, {55.0, 40.0}}, identifier: 'x', label: 'Menu', value: 3, Selected`.
extension StringLineXCUITestReader {
    /// One physical (or, inside a `po` literal, decoded) line, its indentation measured.
    struct RawLine {
        /// 1-based line in the file.
        var number: Int
        /// Columns of leading blanks (a tab counts 4) plus 1 for a tree marker (`→`, `↳`).
        var indent: Int
        /// The line started with a tree marker.
        var marked: Bool
        /// The text after the indentation and marker, trailing blanks removed.
        var rest: String
        /// 1-based column of `rest` in the physical line; nil for decoded literal lines.
        var restColumn: Int?
        /// Byte offset of `rest` in the scanned bytes.
        var restOffset: Int
    }

    /// What one element line says.
    struct ElementLine {
        var type: String
        var qualifier: String?
        var address: String?
        var frame: Frame?
        var identifier: String?
        var label: String?
        var title: String?
        var value: String?
        var placeholder: String?
        var flags: Set<String> = []
    }

    // MARK: - Lines

    /// Splits UTF-8 bytes into lines. `lineNumbers[i]` is the file line of the
    /// i-th line (for decoded literals); nil means the i-th line is line i + 1.
    ///
    /// - Complexity: O(n) in the number of bytes; no line's indentation is copied.
    static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>, lineNumbers: [Int]? = nil) -> [RawLine] {
        guard let base = bytes.baseAddress else {
            return [RawLine(number: lineNumbers?.first ?? 1, indent: 0, marked: false, rest: "", restColumn: 1, restOffset: 0)]
        }
        let count = bytes.count
        var lines: [RawLine] = []
        var start = 0
        // A byte-order mark is not text.
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { start = 3 }
        var index = 0
        while true {
            // One pass per line: the indentation, then the text up to the newline.
            var i = start
            var indent = 0
            // Deep dumps are mostly blanks: skip eight spaces at a time.
            while i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                indent += 8
                i += 8
            }
            while i < count {
                let b = base[i]
                if b == 0x20 { indent += 1 } else if b == 0x09 { indent += 4 } else { break }
                i += 1
            }
            let blanks = i - start
            var end = i
            while end < count, base[end] != 0x0A { end += 1 }
            let number = lineNumbers.map { index < $0.count ? $0[index] : ($0.last ?? 1) } ?? index + 1
            lines.append(measure(bytes, indentEnd: i, blanks: blanks, indent: indent, end: end,
                                 number: number, columns: lineNumbers == nil))
            index += 1
            if end >= count { break }
            start = end + 1
        }
        return lines
    }

    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>, indentEnd: Int, blanks: Int, indent: Int, end: Int,
                                number: Int, columns: Bool) -> RawLine {
        var i = indentEnd
        var indent = indent
        var chars = blanks
        var marked = false
        // → U+2192, ↳ U+21B3, ↪ U+21AA (query chains), optionally followed by U+FE0E.
        if i + 2 < end, bytes[i] == 0xE2, bytes[i + 1] == 0x86, [0x92, 0xB3, 0xAA].contains(bytes[i + 2]) {
            i += 3
            marked = true
            indent += 1
            chars += 1
            if i + 2 < end, bytes[i] == 0xEF, bytes[i + 1] == 0xB8, bytes[i + 2] == 0x8E { i += 3 }
        }
        var last = end
        while last > i, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 || bytes[last - 1] == 0x0D { last -= 1 }
        let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<last]), as: UTF8.self)
        return RawLine(number: number, indent: indent, marked: marked, rest: rest,
                       restColumn: columns ? chars + 1 : nil, restOffset: i)
    }

    // MARK: - One element line

    /// States XCUITest prints as bare words; used to tell where an unquoted value ends.
    static let knownFlags: Set<String> = [
        "Selected", "Disabled", "Keyboard Focused", "Focused", "Main Window", "Enabled",
        "Hittable", "Not Hittable", "Hidden",
    ]

    /// Parses the text of an element line (after indentation and marker).
    struct LineParser {
        let text: Substring
        let file: String
        let line: Int
        let column: Int?
        var i: Substring.Index

        init(_ raw: RawLine, file: String) {
            self.text = Substring(raw.rest)
            self.file = file
            self.line = raw.number
            self.column = raw.restColumn
            self.i = text.startIndex
        }

        func fail(_ at: Substring.Index, _ message: String) -> SnapshotError {
            let col = column.map { $0 + text.distance(from: text.startIndex, to: at) }
            return SnapshotError(file: file, line: line, column: col, message: message)
        }

        static let elementExample = "an element line such as `Button, 0x…, {{x, y}, {w, h}}, label: '…'`"

        mutating func parse() throws -> ElementLine {
            guard let first = text.first, first.isASCII, first.isUppercase else {
                throw fail(i, "expected \(Self.elementExample), found \(Self.quote(text))")
            }
            var end = i
            while end < text.endIndex, text[end].isASCII, text[end].isLetter || text[end].isNumber { end = text.index(after: end) }
            var element = ElementLine(type: String(text[i..<end]))
            i = end
            if text[i...].hasPrefix(" (") {
                let open = text.index(i, offsetBy: 2)
                guard let close = text[open...].firstIndex(of: ")") else {
                    throw fail(i, "expected ')' closing the qualifier after \"\(Self.short(element.type))\"")
                }
                element.qualifier = String(text[open..<close])
                i = text.index(after: close)
            }
            while i < text.endIndex {
                guard text[i] == "," else {
                    throw fail(i, "expected ', ' between attributes of \"\(Self.short(element.type))\", found \(Self.quote(text[i...]))")
                }
                i = text.index(after: i)
                skipBlanks()
                if i == text.endIndex { break } // a dangling comma: nothing more to read
                try attribute(into: &element)
            }
            return element
        }

        mutating func skipBlanks() {
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
        }

        mutating func attribute(into element: inout ElementLine) throws {
            let rest = text[i...]
            if rest.hasPrefix("{{") {
                element.frame = try frame()
                return
            }
            if rest.hasPrefix("0x") {
                var end = text.index(i, offsetBy: 2)
                while end < text.endIndex, text[end].isHexDigit { end = text.index(after: end) }
                element.address = String(text[i..<end])
                i = end
                return
            }
            if let key = Self.key(at: rest) {
                i = text.index(i, offsetBy: key.count + 1)
                if i < text.endIndex, text[i] == " " { i = text.index(after: i) }
                let value: String
                if i < text.endIndex, text[i] == "'" || text[i] == "\"" {
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
            guard let c = text[i...].first, c.isLetter else {
                throw fail(i, "expected an attribute such as identifier: '…', label: '…', value: …, a frame {{x, y}, {w, h}} or a state such as Selected, found \(Self.quote(rest))")
            }
            // A state word (`Selected`, `Keyboard Focused`, …); unknown ones are ignored.
            var end = i
            while end < text.endIndex, text[end] != "," { end = text.index(after: end) }
            element.flags.insert(StringLineXCUITestReader.trimBlanks(text[i..<end]))
            i = end
        }

        /// `identifier:`-style key at the start of `s`: lowerCamelCase, then a colon.
        static func key(at s: Substring) -> String? {
            guard let first = s.first, first.isASCII, first.isLowercase else { return nil }
            var end = s.startIndex
            while end < s.endIndex, s[end].isASCII, s[end].isLetter || s[end].isNumber { end = s.index(after: end) }
            guard end < s.endIndex, s[end] == ":" else { return nil }
            return String(s[s.startIndex..<end])
        }

        /// Does an attribute start here? Used to find where a value ends.
        static func isAttributeStart(_ s: Substring) -> Bool {
            if s.hasPrefix("{{") { return true }
            if s.hasPrefix("0x"), s.dropFirst(2).first?.isHexDigit == true { return true }
            if key(at: s) != nil { return true }
            for flag in StringLineXCUITestReader.knownFlags where s.hasPrefix(flag) {
                let after = s.dropFirst(flag.count)
                if after.isEmpty || after.first == "," { return true }
            }
            return false
        }

        /// Where a value ends: `, ` followed by an attribute, or the end of the line.
        static func isValueEnd(_ s: Substring) -> Bool {
            if s.allSatisfy({ $0 == " " }) { return true }
            guard s.hasPrefix(",") else { return false }
            return isAttributeStart(s.dropFirst().drop(while: { $0 == " " }))
        }

        /// A quoted value. A backslash escapes the next quote or backslash; a
        /// quote that is not followed by the end of the line or by the next
        /// attribute is part of the text (`'Don't Allow'`).
        mutating func quoted(key: String) throws -> String {
            let q = text[i]
            let open = i
            i = text.index(after: i)
            var out = ""
            while i < text.endIndex {
                let c = text[i]
                if c == "\\" {
                    let next = text.index(after: i)
                    if next < text.endIndex, text[next] == "'" || text[next] == "\"" || text[next] == "\\" {
                        out.append(text[next])
                        i = text.index(after: next)
                        continue
                    }
                    out.append(c)
                    i = next
                    continue
                }
                if c == q {
                    let after = text.index(after: i)
                    if Self.isValueEnd(text[after...]) {
                        i = after
                        return out
                    }
                }
                out.append(c)
                i = text.index(after: i)
            }
            throw fail(open, "expected a closing \(q) for \(Self.short(key)): \(Self.quote(text[open...]))")
        }

        /// An unquoted value (`value: 3`, `value: Sessiometer. 2 acc...`): up to
        /// the next attribute or the end of the line.
        mutating func unquoted() -> String {
            let start = i
            while i < text.endIndex {
                if text[i] == ",", Self.isValueEnd(text[i...]) { break }
                i = text.index(after: i)
            }
            return StringLineXCUITestReader.trimBlanks(text[start..<i])
        }

        /// `{{x, y}, {w, h}}`.
        mutating func frame() throws -> Frame {
            let start = i
            func failFrame() -> SnapshotError {
                // Quote up to the closing "}}", else to the end of the line.
                var end = text.endIndex
                if let close = text[start...].firstRange(of: "}}") { end = close.upperBound }
                return fail(start, "expected a frame {{x, y}, {w, h}}, found \(Self.quote(text[start..<end]))")
            }
            i = text.index(i, offsetBy: 2)
            guard let (x, y) = pair(), expect("}"), expect(","), expect("{"), let (w, h) = pair(), expect("}"), expect("}") else {
                throw failFrame()
            }
            guard w >= 0, h >= 0 else {
                throw fail(start, "expected a non-negative width and height in the frame \(Self.quote(text[start..<i]))")
            }
            return Frame(x: x, y: y, width: w, height: h, unit: .points)
        }

        /// `a, b` with blanks around.
        mutating func pair() -> (Double, Double)? {
            skipBlanks()
            guard let a = number() else { return nil }
            skipBlanks()
            guard expect(",") else { return nil }
            skipBlanks()
            guard let b = number() else { return nil }
            skipBlanks()
            return (a, b)
        }

        /// Consumes `c` (after blanks) when it is next.
        mutating func expect(_ c: Character) -> Bool {
            skipBlanks()
            guard i < text.endIndex, text[i] == c else { return false }
            i = text.index(after: i)
            return true
        }

        /// A finite decimal number: `-12`, `0.5`, `1e3`.
        mutating func number() -> Double? {
            let start = i
            while i < text.endIndex, let a = text[i].asciiValue,
                  (a >= 0x30 && a <= 0x39) || a == UInt8(ascii: ".") || a == UInt8(ascii: "-") || a == UInt8(ascii: "+")
                    || a == UInt8(ascii: "e") || a == UInt8(ascii: "E") {
                i = text.index(after: i)
            }
            guard start < i, let d = Double(String(text[start..<i])), d.isFinite else {
                i = start
                return nil
            }
            return d
        }

        /// A type or key name in a message: at most 40 characters (they are
        /// letters and digits, unbounded in length).
        static func short(_ name: String) -> String {
            name.count > 40 ? name.prefix(40) + "…" : name
        }

        /// A short quotation of input for messages.
        /// Control characters (a lone CR, ESC, …) are escaped so that the
        /// message stays one line and cannot drive the terminal.
        static func quote(_ s: Substring) -> String {
            if s.isEmpty { return "the end of the line" }
            var shown = ""
            for (n, scalar) in s.unicodeScalars.enumerated() {
                if n == 40 { shown += "…"; break }
                switch scalar.value {
                case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                    shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: shown.unicodeScalars.append(scalar)
                }
            }
            return "'" + shown + "'"
        }
    }

    /// Without leading and trailing blanks.
    static func trimBlanks(_ s: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !blank($0) }), let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return String(s[first...last])
    }
}
