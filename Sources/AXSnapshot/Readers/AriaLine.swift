/// One list item of a Playwright ARIA snapshot (`- role "name" [attr]: text`),
/// as `AriaLine.parse` reads it from one line of the file.
///
/// Only the subset Playwright writes and accepts is understood: a key made of
/// a role word, an optional name (a double-quoted string with backslash
/// escapes, or a `/regex/` kept as its pattern string), `[attr]` /
/// `[attr=value]` flags, then an optional `:` and an inline value (plain,
/// double-quoted or single-quoted YAML scalar). A key that YAML had to quote
/// (`- 'button "Click: me"'`) is unquoted first. Property lines (`- /url: …`)
/// have `isProperty` set and the property name as `roleWord`.
struct AriaLine {
    /// Column of the `-` (number of leading spaces).
    var indent: Int
    /// 1-based line number in the file.
    var line: Int
    var isProperty: Bool
    /// What the role word means (read with it, from its bytes). Its
    /// platform role is the word as written (`roleWord`), or a property's
    /// name (`url`); a property's role is otherwise unused.
    var ariaRole = AriaRole(kind: .structural, role: .container)
    /// The role word is a known one written in another case (`Button`):
    /// its node's platform role is the word in lower case, the known one's.
    /// A flag, not a second `String` of the word: each `String` an item
    /// holds is released again with every frame, though it is mostly empty.
    var roleWordIsOtherCase = false
    var name: String?
    var nameIsRegex: Bool
    /// `name` as Playwright's whitespace collapsing leaves it (printable
    /// ASCII, single inner spaces), seen on its bytes: it is spoken as it is.
    var nameIsNormal = false
    /// What the `[attribute]` flags set, read as they are read.
    var attributes = AriaAttributes()
    /// Whether the key ended in `:` (children or an inline value may follow).
    var hasColon: Bool
    /// The inline value after `: `, unquoted.
    var value: String?
    /// `value` as whitespace collapsing leaves it (see `nameIsNormal`).
    var valueIsNormal = false
    /// False when `value` is seen, on its bytes, not to start with `/`:
    /// then it is no pattern (`AriaPattern.isPattern`), and is not asked.
    var valueMayBePattern = false
    /// True when `value` was a plain (unquoted) scalar, which YAML lets
    /// continue on more-indented lines.
    var valueIsPlain: Bool
    /// Set when the value is a YAML block scalar (`|`, `>-`, …): its text is
    /// on the more-indented lines that follow (see `AriaBlockScalar`).
    var block: AriaBlockScalar.Style? = nil
    /// The block holds the key itself (`- |` then `heading "x"` below).
    var blockIsKey = false
    /// Where a block key starts, for its errors.
    var keyColumn = 0

    /// The role word or property name as written.
    var roleWord: String { ariaRole.platformRole ?? "" }

    /// An item with nothing read into it yet, on `line`. Always inlined, so
    /// an item made blank in place is written there (called, it was built
    /// aside and copied over).
    @inline(__always)
    init(line: Int) {
        indent = 0
        self.line = line
        isProperty = false
        nameIsRegex = false
        hasColon = false
        valueIsPlain = false
    }

    /// The outcome of reading one physical line.
    enum Parsed {
        case blank
        /// An item, read into the line passed to `parse` (an item carried in
        /// the outcome was copied out of it, retaining each of its strings).
        case item
        /// A line that does not start with `- `: the continuation of a plain
        /// value, or an error if nothing can be continued. Holds the trimmed text.
        case continuation(indent: Int, text: String)
    }

    /// A reason the line cannot be read, with a 1-based column.
    struct Failure: Error {
        var column: Int
        var message: String
    }

    /// Reads a key that YAML quoted or wrote as a block (`text`, unquoted)
    /// into `item`; errors point at `column`, where the key starts. Line
    /// breaks in it are spaces, as Playwright's key parser skips them.
    static func readWholeKey(_ text: String, into item: inout AriaLine, column: Int, roleWords: borrowing AriaRoleWords = AriaRole.known) throws {
        let bytes = Array(text.utf8).map { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 ? UInt8(ascii: " ") : $0 }
        try bytes.withUnsafeBufferPointer { inner in
            let innerCursor = Cursor(bytes: inner, start: 0, end: inner.count, fixedColumn: column)
            var k = 0
            while k < inner.count, inner[k] == UInt8(ascii: " ") { k += 1 }
            k = try innerCursor.readKey(into: &item, at: k, roleWords: roleWords)
            while k < inner.count, inner[k] == UInt8(ascii: " ") { k += 1 }
            guard k == inner.count else {
                throw Failure(column: column, message: "unexpected \(describe(inner[k])) in the quoted key; expected a role, a \"name\" and [attributes]")
            }
        }
    }

    /// A plain YAML value may not hold `: ` or end in `:` (YAML reads a
    /// nested mapping there, and Playwright rejects it): the column of the
    /// offending colon, else nil.
    static func nestedMappingColon<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        var k = bytes.startIndex
        while k < bytes.endIndex {
            if bytes[k] == UInt8(ascii: ":"), k + 1 == bytes.endIndex || bytes[k + 1] == UInt8(ascii: " ") { return k }
            k += 1
        }
        return nil
    }

    // MARK: - Line level

    /// Parses the line `bytes[start..<end]` (no line terminator); an item is
    /// read into `item`, made with `init(line:)`. Role words are looked up
    /// in `roleWords` (`AriaRole.known`).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, into item: inout AriaLine,
                      roleWords: borrowing AriaRoleWords) throws -> Parsed {
        var end = end
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var i = start
        // The indentation eight bytes at a time where the buffer holds eight
        // (a byte at a time costs five instructions a space of every line).
        // A line's spaces stop at its end, where a CR or LF (or the end of
        // the buffer) is; `end` bounds them all the same.
        if let base = bytes.baseAddress {
            while i + 8 <= bytes.count {
                let others = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
                if others != 0 {
                    i += others.trailingZeroBitCount / 8
                    break
                }
                i += 8
            }
            i = min(i, end)
        }
        while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
        let indent = i - start
        if i < end, bytes[i] == UInt8(ascii: "\t") {
            throw Failure(column: indent + 1, message: "tab in indentation: indent ARIA snapshot items with spaces")
        }
        if i == end || bytes[i] == UInt8(ascii: "#") { return .blank }
        let cursor = Cursor(bytes: bytes, start: start, end: end)
        if bytes[i] != UInt8(ascii: "-") || (i + 1 < end && bytes[i + 1] != UInt8(ascii: " ")) {
            if i + 3 <= end, indent == 0, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-"),
               bytes[i + 2] == UInt8(ascii: "-"), i + 3 == end || bytes[i + 3] == UInt8(ascii: " ") {
                return .blank // YAML document marker `---`
            }
            return .continuation(indent: indent, text: trimmedString(bytes, from: i, to: end))
        }
        item.indent = indent
        i += 1
        while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
        guard i < end, bytes[i] != UInt8(ascii: "#") else {
            throw Failure(column: cursor.column(of: i), message: "empty list item: expected a role after '- '")
        }

        if bytes[i] == UInt8(ascii: "'") || bytes[i] == UInt8(ascii: "\"") {
            // A key quoted by YAML: unquote it, then read the key inside.
            let keyColumn = cursor.column(of: i)
            let keyText: String, after: Int
            if bytes[i] == UInt8(ascii: "'") {
                (keyText, after) = try cursor.singleQuoted(at: i)
            } else {
                (keyText, after, _) = try cursor.doubleQuoted(at: i)
            }
            try readWholeKey(keyText, into: &item, column: keyColumn, roleWords: roleWords)
            i = after
        } else if bytes[i] == UInt8(ascii: "|") || bytes[i] == UInt8(ascii: ">") {
            // `- |` with the key on the following lines (Playwright's own
            // tests write long keys so): the reader collects the block and
            // hands it to `readWholeKey`.
            item.block = try AriaBlockScalar.Style.parse(bytes, at: i, end: end, column: { cursor.column(of: $0) })
            item.blockIsKey = true
            item.keyColumn = cursor.column(of: i)
            return .item
        } else {
            i = try cursor.readKey(into: &item, at: i, roleWords: roleWords)
        }

        // After the key: end of line, a comment, or ':' and an optional value.
        while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
        if i == end || (bytes[i] == UInt8(ascii: "#") && bytes[i - 1] == UInt8(ascii: " ")) {
            return .item
        }
        guard bytes[i] == UInt8(ascii: ":") else {
            throw Failure(column: cursor.column(of: i),
                          message: "unexpected \(describe(bytes[i])) after \(item.isProperty ? "/" : "")\(item.roleWord.prefix(40)); expected a quoted \"name\", a /regex/, an [attribute] or ':'")
        }
        item.hasColon = true
        i += 1
        while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
        if i == end || bytes[i] == UInt8(ascii: "#") { return .item }
        switch bytes[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let value: String, after: Int, isNormal: Bool
            if bytes[i] == UInt8(ascii: "'") {
                (value, after) = try cursor.singleQuoted(at: i)
                isNormal = isNormalLiteral(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<(after - 1)]), quote: bytes[i])
            } else {
                (value, after, isNormal) = try cursor.doubleQuoted(at: i)
            }
            var k = after
            while k < end, bytes[k] == UInt8(ascii: " ") { k += 1 }
            if k < end, bytes[k] != UInt8(ascii: "#") {
                throw Failure(column: cursor.column(of: k), message: "unexpected \(describe(bytes[k])) after the quoted value")
            }
            item.value = value
            item.valueIsNormal = isNormal
            // Normal text is the bytes between the quotes (the closing quote follows when there are none).
            item.valueMayBePattern = !isNormal || bytes[i + 1] == UInt8(ascii: "/")
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            item.block = try AriaBlockScalar.Style.parse(bytes, at: i, end: end, column: { cursor.column(of: $0) })
        default:
            // Plain scalar: the rest of the line, minus a ` #` comment.
            var k = i
            var stop = end
            while k < end {
                if bytes[k] == UInt8(ascii: "#"), bytes[k - 1] == UInt8(ascii: " ") { stop = k; break }
                k += 1
            }
            var last = stop
            while last > i, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == 0x09 { last -= 1 }
            if let colon = nestedMappingColon(bytes[i..<last]) {
                throw Failure(column: cursor.column(of: colon),
                              message: "nested mappings are not allowed in a plain value (':' here starts one); quote the text")
            }
            if item.isProperty, item.ariaRole.platformRole != "placeholder" {
                // Only a `/placeholder:` value is ever heard (`Builder.close`):
                // any other property's value, checked above, is kept as empty
                // text, which says that there is one (a `/url:` value would
                // be a `String`, mostly allocated, only to be freed).
                item.value = ""
            } else {
                item.value = trimmedString(bytes, from: i, to: stop)
                item.valueMayBePattern = bytes[i] == UInt8(ascii: "/")
                item.valueIsNormal = AriaBlockScalar.isNormalASCII(UnsafeBufferPointer(rebasing: bytes[i..<last]))
            }
            item.valueIsPlain = true
        }
        return .item
    }

    /// `bytes[from..<to]` as text without its trailing spaces and tabs (and,
    /// with `leadingSpaces`, its leading spaces), the `Character`s
    /// `trimTrailingSpaces` removes.
    ///
    /// Trimmed on the bytes when each trimmed run borders ASCII (or nothing):
    /// then every space and tab in it is a `Character` of its own. Next to
    /// other text a space can be part of a bigger character (after a prepended
    /// mark such as U+0600, before a combining mark), so such text is trimmed
    /// by `Character`.
    static func trimmedString(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, leadingSpaces: Bool = false) -> String {
        var end = to
        while end > from, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == 0x09 { end -= 1 }
        var start = from
        if leadingSpaces {
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        }
        let trailingBordersASCII = end == to || end == from || bytes[end - 1] < 0x80
        let leadingBordersASCII = start == from || start == end || bytes[start] < 0x80
        if trailingBordersASCII, leadingBordersASCII {
            return string(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        let text = trimTrailingSpaces(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
        return leadingSpaces ? String(text.drop(while: { $0 == " " })) : text
    }

    /// Whether the text between a quoted scalar's quotes (`raw`) holds no
    /// escape (a backslash in a double-quoted one, `''` in a single-quoted
    /// one: then `raw` is the text) and is printable ASCII with single inner
    /// spaces, as whitespace collapsing leaves it.
    static func isNormalLiteral(_ raw: UnsafeBufferPointer<UInt8>, quote: UInt8) -> Bool {
        AriaBlockScalar.isNormalASCII(raw, excluding: quote == UInt8(ascii: "'") ? quote : UInt8(ascii: "\\"))
    }

    /// The text of `bytes`, as `String(decoding:as:)` makes it. Up to 15
    /// bytes a `String` keeps its text inline (64-bit platforms): made in
    /// place, ASCII text is known from one test of the string's two words,
    /// where `String(decoding:)` scans it again through three calls (some 75
    /// instructions for each of the many short names and values).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            _ = out.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    static func trimTrailingSpaces(_ s: String) -> String {
        var s = Substring(s)
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return String(s)
    }

    /// A property's name (`url` of `- /url:`) as text: the names Playwright
    /// writes are literals, which cost nothing to make or keep (a `String`
    /// decoded from the bytes, even a short one, cost some 240 instructions).
    static func propertyName(_ word: UnsafeBufferPointer<UInt8>) -> String {
        func spells(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == word.count && (0..<word.count).allSatisfy { name.utf8Start[$0] == word[$0] }
        }
        switch word.count {
        case 3 where spells("url"): return "url"
        case 11 where spells("placeholder"): return "placeholder"
        default: return String(decoding: word, as: UTF8.self)
        }
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte == 0x20 ? "space" : "character"
    }

    // MARK: - Cursor

    /// Reads tokens out of `bytes[start..<end]`; `column(of:)` maps a byte
    /// index to a 1-based character column for messages.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let start: Int
        let end: Int
        /// For text that came out of a quoted key: every error points at the key.
        var fixedColumn: Int? = nil

        func column(of index: Int) -> Int {
            if let fixedColumn { return fixedColumn }
            var column = 1
            var k = start
            while k < index, k < end {
                if bytes[k] & 0xC0 != 0x80 { column += 1 }
                k += 1
            }
            return column
        }

        func fail(_ index: Int, _ message: String) -> Failure {
            Failure(column: column(of: index), message: message)
        }

        static func isWordByte(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }

        static func isLetter(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
        }

        /// The index of the first byte at or after `start` that is not a
        /// lower-case ASCII letter, at most `end`: role words and attribute
        /// names are mostly such letters, looked at eight at a time where the
        /// buffer holds eight (a byte at a time, testing each for a word byte,
        /// cost some sixteen instructions a byte). The bytes after the line
        /// (its CR or LF first) are never letters that count: the run stops
        /// at `end` at the latest.
        @inline(__always)
        func lowercaseRunEnd(from start: Int) -> Int {
            var i = start
            guard let base = bytes.baseAddress else { return i }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= bytes.count, i < end {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // Each byte's low seven bits plus 0x1F reach 0x80 from `a`
                // on, plus 0x05 from past `z` on (no carry leaves a byte); a
                // byte with its high bit set is no letter.
                let low = w & ~highs
                let fromA = low &+ ones &* 0x1F
                let pastZ = low &+ ones &* 0x05
                let others = ~(fromA & ~pastZ & ~w) & highs
                if others != 0 {
                    i += others.trailingZeroBitCount / 8
                    return min(i, end)
                }
                i += 8
            }
            return min(i, end)
        }

        /// Reads `role ["name" | /regex/] [attr]…` (or `/property`) starting at
        /// `i`; returns the index after the key.
        func readKey(into item: inout AriaLine, at index: Int, roleWords: borrowing AriaRoleWords) throws -> Int {
            var i = index
            if i < end, bytes[i] == UInt8(ascii: "/") {
                item.isProperty = true
                i += 1
            }
            let roleStart = i
            guard i < end, Self.isLetter(bytes[i]) else {
                throw fail(i, item.isProperty ? "expected a property name after '/'" : "expected a role (a word such as button or text) after '- ', found \(i < end ? AriaLine.describe(bytes[i]) : "end of line")")
            }
            i = lowercaseRunEnd(from: i)
            while i < end, Self.isWordByte(bytes[i]) { i += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[roleStart..<i])
            if item.isProperty {
                item.ariaRole.platformRole = AriaLine.propertyName(word)
                return i
            }
            if let known = roleWords.role(roleStart..<i, in: bytes) {
                item.ariaRole = known
            } else {
                let (role, written) = AriaRole.named(word)
                item.ariaRole = role
                if role.platformRole != written {
                    item.ariaRole.platformRole = written
                    item.roleWordIsOtherCase = true
                }
            }

            var sawName = false, sawAttribute = false
            while true {
                var k = i
                while k < end, bytes[k] == UInt8(ascii: " ") { k += 1 }
                guard k < end, k > i || bytes[k] == UInt8(ascii: ":") || bytes[k] == UInt8(ascii: "[") else { return i }
                switch bytes[k] {
                case UInt8(ascii: "\"") where !sawName && !sawAttribute:
                    let (name, after, isNormal) = try doubleQuoted(at: k)
                    item.name = name
                    item.nameIsNormal = isNormal
                    sawName = true
                    i = after
                case UInt8(ascii: "/") where !sawName && !sawAttribute:
                    let (pattern, after) = try regex(at: k)
                    item.name = pattern
                    item.nameIsRegex = true
                    sawName = true
                    i = after
                case UInt8(ascii: "["):
                    i = try attribute(at: k, into: &item)
                    sawAttribute = true
                default:
                    return i
                }
            }
        }

        /// `[key]` or `[key=value]`, checked and applied on its bytes; its
        /// text is made only for what the bytes do not decide (a refused value
        /// and its message, a box, a level that is not all digits).
        func attribute(at index: Int, into item: inout AriaLine) throws -> Int {
            // `[ref=e5]`, on nearly every line Playwright writes, and
            // `[cursor=pointer]` are read and ignored whatever their value:
            // only their `]` is looked for.
            if let skipped = ignoredAttributeEnd(at: index) { return skipped }
            var i = index + 1
            while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
            let keyStart = i
            i = lowercaseRunEnd(from: i)
            while i < end, Self.isWordByte(bytes[i]) { i += 1 }
            guard i > keyStart else { throw fail(i, "expected an attribute name after '['") }
            let keyEnd = i
            while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
            var valueStart: Int?
            if i < end, bytes[i] == UInt8(ascii: "=") {
                i += 1
                valueStart = i
                while i < end, bytes[i] != UInt8(ascii: "]") { i += 1 }
            }
            let keyText = { String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), as: UTF8.self) }
            guard i < end, bytes[i] == UInt8(ascii: "]") else {
                throw fail(index, "unterminated attribute [\(keyText().prefix(40)): expected ']'")
            }
            let key = AriaAttributes.Key(UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]))
            var word = AriaAttributes.Word.none
            if let valueStart {
                // `trimmedString`'s bytes when each trimmed run borders ASCII; other text is never a word the checks know.
                var last = i
                while last > valueStart, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == 0x09 { last -= 1 }
                var first = valueStart
                while first < last, bytes[first] == UInt8(ascii: " ") { first += 1 }
                let bordersASCII = (last == i || last == valueStart || bytes[last - 1] < 0x80)
                    && (first == valueStart || first == last || bytes[first] < 0x80)
                word = bordersASCII ? AriaAttributes.Word(UnsafeBufferPointer(rebasing: bytes[first..<last])) : .other
            }
            if item.attributes.add(key, word) { return i + 1 }
            let keyString = keyText()
            let value = valueStart.map { AriaLine.trimmedString(bytes, from: $0, to: i, leadingSpaces: true) }
            if let problem = AriaAttribute.problem(key: keyString, value: value) {
                throw fail(keyStart, problem)
            }
            item.attributes.add(key: keyString, value: value)
            return i + 1
        }

        /// The index after `[ref=…]` or `[cursor=…]` written without spaces
        /// before the `=` and closed on the line at `index`, else nil: their
        /// value, whatever it is, is not kept (`AriaAttributes.add`).
        func ignoredAttributeEnd(at index: Int) -> Int? {
            // Byte by byte after a first byte that rules most others out (a
            // comparison with each name as a whole cost some 100 instructions
            // an attribute that is neither).
            let k = index + 1
            let valueStart: Int
            if k + 4 <= end, bytes[k] == UInt8(ascii: "r"),
               bytes[k + 1] == UInt8(ascii: "e"), bytes[k + 2] == UInt8(ascii: "f"), bytes[k + 3] == UInt8(ascii: "=") {
                valueStart = k + 4
            } else if k + 7 <= end, bytes[k] == UInt8(ascii: "c"), bytes[k + 1] == UInt8(ascii: "u"), bytes[k + 2] == UInt8(ascii: "r"),
                      bytes[k + 3] == UInt8(ascii: "s"), bytes[k + 4] == UInt8(ascii: "o"), bytes[k + 5] == UInt8(ascii: "r"),
                      bytes[k + 6] == UInt8(ascii: "=") {
                valueStart = k + 7
            } else {
                return nil
            }
            // A byte at a time: a ref's value is a few bytes (`e123`), fewer
            // than a call to `memchr` costs.
            var close = valueStart
            while close < end, bytes[close] != UInt8(ascii: "]") { close += 1 }
            return close < end ? close + 1 : nil
        }

        /// `/pattern/`, with `\/` and `[…]` classes not ending it; returns the
        /// pattern text between the slashes, verbatim (never compiled).
        func regex(at index: Int) throws -> (String, Int) {
            var i = index + 1
            var inClass = false
            while i < end {
                let b = bytes[i]
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "[") { inClass = true }
                else if b == UInt8(ascii: "]") { inClass = false }
                else if b == UInt8(ascii: "/"), !inClass {
                    return (String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<i]), as: UTF8.self), i + 1)
                }
                i += 1
            }
            throw fail(index, "unterminated /regex/ name: expected a closing '/'")
        }

        /// A YAML single-quoted scalar: `''` stands for one quote.
        func singleQuoted(at index: Int) throws -> (String, Int) {
            // Most quoted text holds no `''`: its bytes are the string.
            var i = index + 1
            while i < end, bytes[i] != UInt8(ascii: "'") { i += 1 }
            if i < end, i + 1 == end || bytes[i + 1] != UInt8(ascii: "'") {
                return (AriaLine.string(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<i])), i + 1)
            }
            var out = Array(bytes[(index + 1)..<i])
            while i < end {
                if bytes[i] == UInt8(ascii: "'") {
                    if i + 1 < end, bytes[i + 1] == UInt8(ascii: "'") {
                        out.append(UInt8(ascii: "'"))
                        i += 2
                        continue
                    }
                    return (String(decoding: out, as: UTF8.self), i + 1)
                }
                out.append(bytes[i])
                i += 1
            }
            throw fail(index, "unterminated single-quoted string: expected a closing '")
        }

        /// The index of the first `"` at or after `start` when it is before
        /// `end` and the text from `start` up to it is a normal literal
        /// (`isNormalLiteral`: printable ASCII, no backslash, single inner
        /// spaces), else nil; nil too where fewer than eight bytes of the
        /// buffer are left. Found and checked in one pass, eight bytes at a
        /// time: `memchr` for the quote, then a second pass for the check,
        /// cost some 40 instructions more a name.
        ///
        /// Each test sets a byte's high bit where the byte is special; a
        /// borrow or carry can set one more only above a byte that really
        /// is, so the lowest flagged byte is exact. The byte at `end` (a CR
        /// or LF) is special, so a quote past it is never taken.
        @inline(__always)
        func normalQuoteEnd(from start: Int) -> Int? {
            guard let base = bytes.baseAddress else { return nil }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            var k = start
            // The byte before `k` was a space (at the start: a leading space is not normal).
            var previousSpace = true
            while k + 8 <= bytes.count {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
                let q = w ^ (ones &* 0x22)
                let b = w ^ (ones &* 0x5C)
                // A byte above 0x7E (a carry starts only at 0xFF), below 0x20
                // (a borrow starts only there), a quote or a backslash.
                let special = ((w &+ ones) | (w &- ones &* 0x20) | w | ((q &- ones) & ~q) | ((b &- ones) & ~b)) & highs
                // The spaces exactly: the high bit of each byte that is 0x20.
                let x = w ^ (ones &* 0x20)
                let spaces = ~(((x & lows) &+ lows) | x | lows)
                guard special != 0 else {
                    if spaces & (spaces << 8) != 0 || (previousSpace && spaces & 0x80 != 0) { return nil }
                    previousSpace = spaces >> 63 != 0
                    k += 8
                    continue
                }
                // The first special byte ends the text: normal only if it is the closing quote.
                let shift = special.trailingZeroBitCount - 7
                let quote = k + shift / 8
                guard quote < end, bytes[quote] == UInt8(ascii: "\"") else { return nil }
                let inner = spaces & ((UInt64(1) << shift) &- 1)
                if inner & (inner << 8) != 0 || (previousSpace && inner & 0x80 != 0) { return nil }
                // A space before the quote (nothing before it, at `start`, is normal).
                let lastIsSpace = shift == 0 ? previousSpace && k > start : (spaces >> (shift - 1)) & 1 != 0
                return lastIsSpace ? nil : quote
            }
            return nil
        }

        /// A YAML/JSON double-quoted scalar with backslash escapes: its
        /// text, the index after it, and whether the text between the quotes
        /// holds no escape and is as whitespace collapsing leaves it
        /// (`isNormalLiteral`).
        ///
        /// Inlined where a name or value is read: most names hold no escape
        /// and are normal, and their bytes are the string; any other is read
        /// by `generalDoubleQuoted`, a call of its own.
        @inline(__always)
        func doubleQuoted(at index: Int) throws -> (text: String, after: Int, isNormal: Bool) {
            if let quote = normalQuoteEnd(from: index + 1) {
                return (AriaLine.string(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<quote])), quote + 1, true)
            }
            return try generalDoubleQuoted(at: index)
        }

        /// `doubleQuoted` where `normalQuoteEnd` finds no normal text.
        @inline(never)
        func generalDoubleQuoted(at index: Int) throws -> (text: String, after: Int, isNormal: Bool) {
            // Near the buffer's end, or text that is not normal. The first
            // quote found by `memchr` (a byte at a time cost more than the
            // name's `String`); text up to it that is normal holds no
            // backslash, so it is the name (and no second search is made).
            let quote = AriaYAMLReader.firstIndex(of: UInt8(ascii: "\""), in: bytes, from: index + 1, to: end)
            if quote < end {
                let raw = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<quote])
                if AriaLine.isNormalLiteral(raw, quote: UInt8(ascii: "\"")) {
                    return (AriaLine.string(raw), quote + 1, true)
                }
            }
            // Text that is not normal, or holds an escape (and so is not normal either).
            var i = AriaYAMLReader.firstIndex(of: UInt8(ascii: "\\"), in: bytes, from: index + 1, to: quote)
            if i < end, bytes[i] == UInt8(ascii: "\"") {
                return (AriaLine.string(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<i])), i + 1, false)
            }
            var out = Array(bytes[(index + 1)..<i])
            while i < end {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { return (String(decoding: out, as: UTF8.self), i + 1, false) }
                if b != UInt8(ascii: "\\") {
                    out.append(b)
                    i += 1
                    continue
                }
                guard i + 1 < end else { break }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "), UInt8(ascii: "'"):
                    out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"), 0x09: out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "v"): out.append(0x0B)
                case UInt8(ascii: "a"): out.append(0x07)
                case UInt8(ascii: "e"): out.append(0x1B)
                case UInt8(ascii: "0"): out.append(0x00)
                case UInt8(ascii: "N"): appendScalar(0x85, to: &out)
                case UInt8(ascii: "_"): appendScalar(0xA0, to: &out)
                case UInt8(ascii: "L"): appendScalar(0x2028, to: &out)
                case UInt8(ascii: "P"): appendScalar(0x2029, to: &out)
                case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let digits = e == UInt8(ascii: "x") ? 2 : (e == UInt8(ascii: "u") ? 4 : 8)
                    guard var code = hex(at: i, count: digits) else {
                        throw fail(i - 2, "bad escape \\\(Character(Unicode.Scalar(e))): expected \(digits) hex digits")
                    }
                    i += digits
                    // A UTF-16 surrogate pair written as two \u escapes (JSON style).
                    if digits == 4, (0xD800..<0xDC00).contains(code), i + 6 <= end,
                       bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                       let low = hex(at: i + 2, count: 4), (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    appendScalar(code, to: &out)
                default:
                    throw fail(i - 2, "unknown escape \\\(AriaLine.describe(e)) in a double-quoted string")
                }
            }
            throw fail(index, "unterminated double-quoted string: expected a closing \"")
        }

        func hex(at index: Int, count: Int) -> UInt32? {
            guard index + count <= end else { return nil }
            var value: UInt32 = 0
            for k in index..<(index + count) {
                let b = bytes[k]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }

        func appendScalar(_ code: UInt32, to out: inout [UInt8]) {
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }
}
