/// A strict JSON parser (RFC 8259) over UTF-8 bytes that records line and
/// column of every value. Foundation's parser reports neither, and the user
/// needs both to fix a hand-edited snapshot.
///
/// Nesting is bounded by `maxDepth`, so hostile input cannot exhaust the stack.
/// Its lexing and its object and array steps are shared: `parse` builds a
/// value tree with them (configuration, the recorder's protocol), and
/// `AXSnapshotJSONDecoder` builds the snapshot model with them directly, so
/// both accept and refuse the same text with the same messages.
///
/// - Complexity: O(n) in the number of bytes.
package struct JSONParser {
    package struct Failure: Error, Sendable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    package static let maxDepth = 512

    /// Thrown when more objects are array items than `maxObjectItems`.
    struct ObjectItemLimit: Error {}

    /// The text, borrowed for the parser's life: a parser is only made
    /// inside `withParser`, so the bytes outlive it. Read through a buffer,
    /// every byte access is one load; through an `Array`, each also checked
    /// the bounds and reloaded the array's header (a fifth of the JSON
    /// read's instructions, callgrind).
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var line = 1
    var lineStart = 0
    /// How many objects that are array items have been started; a snapshot's
    /// elements are all such objects, so bounding them bounds what is built.
    private(set) var objectItems = 0
    /// The most objects as array items the parser starts before it throws
    /// `ObjectItemLimit`, before building the one past the limit.
    let maxObjectItems: Int

    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try withParser(bytes) { parser in
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            if parser.pos < parser.bytes.count {
                throw parser.failure("unexpected text after the end of the JSON value")
            }
            return value
        }
    }

    /// Runs `body` with a parser at the start of `bytes`. The parser must
    /// not outlive `body`: it borrows the bytes.
    static func withParser<R>(_ bytes: [UInt8], maxObjectItems: Int = .max,
                              _ body: (inout JSONParser) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maxObjectItems: maxObjectItems)
            return try body(&parser)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxObjectItems: Int) {
        self.bytes = bytes
        self.maxObjectItems = maxObjectItems
        // A UTF-8 byte-order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3; lineStart = 3 }
    }

    var column: Int { pos - lineStart + 1 }

    func failure(_ message: String) -> Failure {
        Failure(line: line, column: column, message: message)
    }

    /// The usual cases take a comparison or two here: a token with no
    /// whitespace before it, or one space before it (after `:` and `,` in
    /// most files).
    @inline(__always)
    mutating func skipWhitespace() {
        if pos < bytes.count, bytes[pos] > 0x20 { return }
        if pos + 1 < bytes.count, bytes[pos] == 0x20, bytes[pos + 1] > 0x20 { pos += 1; return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0D: pos += 1
            case 0x0A: pos += 1; line += 1; lineStart = pos
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard pos < bytes.count else { throw failure("unexpected end of file, expected a value") }
        let (l, c) = (line, column)
        func make(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, line: l, column: c) }
        switch bytes[pos] {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            return make(.object(try parseObject(depth: depth + 1)))
        case UInt8(ascii: "["):
            try checkDepth(depth)
            return make(.array(try parseArray(depth: depth + 1)))
        case UInt8(ascii: "\""):
            return make(.string(try parseString()))
        case UInt8(ascii: "t"): try expectWord("true"); return make(.bool(true))
        case UInt8(ascii: "f"): try expectWord("false"); return make(.bool(false))
        case UInt8(ascii: "n"): try expectWord("null"); return make(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return make(.number(try parseNumber()))
        default:
            throw failure("expected a value, found \(describeByte(bytes[pos]))")
        }
    }

    /// Input quoted in a message: at most 40 characters, control characters
    /// escaped, so that the message stays one line whatever the input holds.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for (n, scalar) in s.unicodeScalars.enumerated() {
            if n == 40 { out += "…"; break }
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Refuses an object or array opened at `depth` when that is too deep.
    @inline(__always)
    func checkDepth(_ depth: Int) throws {
        guard depth < Self.maxDepth else { throw tooDeep() }
    }

    @inline(never)
    private func tooDeep() -> Failure { failure("nesting deeper than \(Self.maxDepth) levels") }

    /// What a value starting with `byte` is, in the words of a type error.
    static func typeName(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }

    func describeByte(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    mutating func expectWord(_ word: String) throws {
        let w = Array(word.utf8)
        guard pos + w.count <= bytes.count, Array(bytes[pos..<pos + w.count]) == w else {
            throw failure("expected a value, found \(describeByte(bytes[pos]))")
        }
        pos += w.count
    }

    private mutating func parseObject(depth: Int) throws -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        guard openObject() else { return members }
        repeat {
            let key = try memberKey()
            members.append((key, try parseValue(depth: depth)))
        } while try nextMember()
        return members
    }

    private mutating func parseArray(depth: Int) throws -> [JSONValue] {
        var items: [JSONValue] = []
        guard openArray() else { return items }
        repeat {
            try startItem()
            items.append(try parseValue(depth: depth))
        } while try nextItem()
        return items
    }

    /// Steps over the `{` at `pos`: true when a member follows, false when the
    /// object is empty (its `}` taken too).
    @inline(__always)
    mutating func openObject() -> Bool {
        pos += 1
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return false }
        return true
    }

    /// A member's key and the `:` after it; `pos` is then at its value.
    mutating func memberKey() throws -> String {
        skipWhitespace()
        guard pos < bytes.count else { throw failure("unexpected end of file inside an object") }
        guard bytes[pos] == UInt8(ascii: "\"") else { throw failure("expected a string key, found \(describeByte(bytes[pos]))") }
        let key = try parseString()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw failure("expected ':' after key \(Self.quoted(key))") }
        pos += 1
        skipWhitespace()
        return key
    }

    /// `memberKey`, for a caller that knows the keys it wants: the index of the
    /// key among `keys`, nil for any other key. A key written plainly is
    /// compared on its bytes, with no `String` made of it; one with escapes or
    /// other characters is decoded and compared as `memberKey` gives it.
    /// What is rare is kept out of line, so the usual key takes one short call.
    mutating func memberKey(among keys: JSONKeys) throws -> Int? {
        skipWhitespace()
        let start = pos + 1
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\""),
              let (index, end) = keys.name(at: start, in: bytes, before: UInt8(ascii: "\"")) else {
            return try otherMemberKey(among: keys)
        }
        try stepPastColon(afterKey: start..<end)
        return index
    }

    /// `memberKey(among:)` at anything but a wanted key written plainly: nil
    /// for a plain other key, else `memberKey`'s key (and its errors) looked up.
    @inline(never)
    private mutating func otherMemberKey(among keys: JSONKeys) throws -> Int? {
        guard pos < bytes.count else { throw failure("unexpected end of file inside an object") }
        guard bytes[pos] == UInt8(ascii: "\"") else { throw failure("expected a string key, found \(describeByte(bytes[pos]))") }
        let start = pos + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20, bytes[end] < 0x80 {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
            return keys.index(of: try memberKey())
        }
        try stepPastColon(afterKey: start..<end)
        return nil
    }

    /// From the closing quote of the plain key at `key` to the member's value:
    /// past the quote, the `:` and the whitespace around it.
    @inline(__always)
    private mutating func stepPastColon(afterKey key: Range<Int>) throws {
        pos = key.upperBound + 1
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw noColon(key: key) }
        pos += 1
        skipWhitespace()
    }

    /// What `memberKey(among:)` throws where no `:` follows the plain key at `key`.
    @inline(never)
    private func noColon(key: Range<Int>) -> Failure {
        failure("expected ':' after key \(Self.quoted(String(decoding: bytes[key], as: UTF8.self)))")
    }

    /// At a value: when it is a string spelling one of `names` with no escape,
    /// steps over it and gives the name's index; otherwise stays where it is.
    mutating func plainString(among names: JSONKeys) -> Int? {
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\""),
              let (index, end) = names.name(at: pos + 1, in: bytes, before: UInt8(ascii: "\"")) else { return nil }
        pos = end + 1
        return index
    }

    /// After a member's value: true when another member follows, false at the object's `}`.
    /// Inlined, with its errors made apart: a call cost as much as the step, once a member.
    @inline(__always)
    mutating func nextMember() throws -> Bool {
        skipWhitespace()
        if pos < bytes.count {
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; return true }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; return false }
        }
        throw notASeparator(inside: "an object", closing: "}")
    }

    /// What `nextMember` or `nextItem` throws where no `,` or closing byte follows.
    @inline(never)
    private func notASeparator(inside container: String, closing: Character) -> Failure {
        guard pos < bytes.count else { return failure("unexpected end of file inside \(container)") }
        return failure("expected ',' or '\(closing)' in \(container), found \(describeByte(bytes[pos]))")
    }

    /// At the first item of an array (after `openArray`): when the array is
    /// four plain numbers and its `]`, with at most one space before and after
    /// each (a frame as writers print it), reads them; otherwise gives nil with
    /// nothing read, and the item-by-item steps read the array, errors and all.
    /// A plain number is an optional `-`, digits with no leading zero, an
    /// optional fraction and no exponent, 15 digits at most: exact as a
    /// Double, divided once by an exact power of ten, as `parseNumber` makes
    /// it. A frame is in every element, and its four numbers are short: the
    /// position is kept in a local throughout, where the steps stored it in
    /// `self` at every byte.
    mutating func fourNumbers() -> (Double, Double, Double, Double)? {
        let count = bytes.count
        var at = pos
        var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
        for k in 0..<4 {
            if at < count, bytes[at] == 0x20 { at += 1 }
            guard at < count else { return nil }
            let negative = bytes[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            let intStart = at
            var mantissa = 0
            while at < count, case let digit = bytes[at] &- 0x30, digit < 10 {
                mantissa = mantissa &* 10 &+ Int(digit)
                at += 1
            }
            let intDigits = at - intStart
            guard intDigits == 1 || (intDigits > 1 && bytes[intStart] != UInt8(ascii: "0")) else { return nil }
            var fractionDigits = 0
            if at < count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                let fractionStart = at
                while at < count, case let digit = bytes[at] &- 0x30, digit < 10 {
                    mantissa = mantissa &* 10 &+ Int(digit)
                    at += 1
                }
                fractionDigits = at - fractionStart
                guard fractionDigits > 0 else { return nil }
            }
            guard intDigits + fractionDigits <= 15 else { return nil }
            if at < count, bytes[at] == 0x20 { at += 1 }
            guard at < count, bytes[at] == (k == 3 ? UInt8(ascii: "]") : UInt8(ascii: ",")) else { return nil }
            at += 1
            let number = Self.value(digits: mantissa, fractionDigits: fractionDigits, negative: negative)
            switch k {
            case 0: numbers.0 = number
            case 1: numbers.1 = number
            case 2: numbers.2 = number
            default: numbers.3 = number
            }
        }
        pos = at
        return numbers
    }

    /// Steps over the `[` at `pos`: true when an item follows, false when the
    /// array is empty (its `]` taken too).
    @inline(__always)
    mutating func openArray() -> Bool {
        pos += 1
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return false }
        return true
    }

    /// Steps to an array item (after `openArray` or `nextItem`), counting it
    /// when it is an object.
    @inline(__always)
    mutating func startItem() throws {
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "{") {
            objectItems += 1
            if objectItems > maxObjectItems { throw ObjectItemLimit() }
        }
    }

    /// After an item: true when another item follows, false at the array's `]`.
    @inline(__always)
    mutating func nextItem() throws -> Bool {
        skipWhitespace()
        if pos < bytes.count {
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; return true }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; return false }
        }
        throw notASeparator(inside: "an array", closing: "]")
    }

    /// Inlined: a frame's four numbers are each shorter than a call's saving and restoring.
    @inline(__always)
    mutating func parseNumber() throws -> Double {
        // Scanned with the position in a local, written back once (or before a
        // throw, whose column it gives): through `self` it was stored each byte.
        let start = pos, count = bytes.count
        var at = pos
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        // The digits' value is taken as they are scanned, for the fast path below
        // (wrapping past 18 digits, where it is not used).
        var mantissa = 0
        // RFC 8259: no leading zeros (`012` is not a JSON number).
        let intStart = at
        while at < count, case let digit = bytes[at] &- 0x30, digit < 10 {
            mantissa = mantissa &* 10 &+ Int(digit)
            at += 1
        }
        guard at > intStart else { pos = at; throw failure("expected a digit") }
        if at - intStart > 1, bytes[intStart] == UInt8(ascii: "0") {
            pos = intStart
            throw failure("leading zero in a number")
        }
        let intEnd = at
        var fractionDigits = 0
        if at < count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            let fractionStart = at
            while at < count, case let digit = bytes[at] &- 0x30, digit < 10 {
                mantissa = mantissa &* 10 &+ Int(digit)
                at += 1
            }
            fractionDigits = at - fractionStart
            guard fractionDigits > 0 else { pos = at; throw failure("expected a digit after '.'") }
        }
        var exponent = false
        if at < count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            exponent = true
            at += 1
            if at < count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            let exponentStart = at
            while at < count, bytes[at] &- 0x30 < 10 { at += 1 }
            guard at > exponentStart else { pos = at; throw failure("expected a digit in the exponent") }
        }
        pos = at
        // At most 15 digits and no exponent (frames, mostly): the digits are exact as a
        // Double, and so is 10^k for k ≤ 22, so one division rounds once, to the value
        // `Double(String)` gives, without a String per number. A whole number needs none.
        if !exponent, intEnd - intStart + fractionDigits <= 15 {
            return Self.value(digits: mantissa, fractionDigits: fractionDigits, negative: negative)
        }
        guard let value = Self.value(ofNumber: bytes, start..<pos) else { throw failure("number out of range") }
        return value
    }

    /// The value of a plain number (no exponent, at most 15 digits), from its
    /// digits taken as one integer and how many of them follow the point.
    @inline(__always)
    static func value(digits: Int, fractionDigits: Int, negative: Bool) -> Double {
        var magnitude = Double(digits)
        if fractionDigits > 0 {
            var scale = 1.0
            for _ in 0..<fractionDigits { scale *= 10 }
            magnitude /= scale
        }
        return negative ? -magnitude : magnitude
    }

    /// The value of a JSON number already checked against the grammar, at
    /// `range` of `bytes`; nil when it is out of range.
    static func value(ofNumber bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Inlined: a string is short, and its value's call (`string`) is the one
    /// it needs; what is rare (escapes, errors) is out of line.
    @inline(__always)
    mutating func parseString() throws -> String {
        pos += 1
        // Fast path for the usual string, with no escape: one scan to the
        // closing quote, then one String from the bytes; ASCII needs no
        // validation of its own. Anything else — an escape, a control
        // character, the end of input — goes on in `parseEscapedString` from
        // where the scan stopped, so errors and positions are unchanged.
        let start = pos
        var ascii = skipPlainWords()
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            if b >= 0x80 { ascii = false }
            pos += 1
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") {
            pos += 1
            guard let s = Self.string(bytes, start..<pos - 1, ascii: ascii) else { throw failure("invalid UTF-8 in a string") }
            return s
        }
        return try parseEscapedString(from: start)
    }

    /// The rest of the string that starts at `start`, from `pos`, where its plain
    /// scan stopped: at an escape, a control character or the end of input.
    @inline(never)
    private mutating func parseEscapedString(from start: Int) throws -> String {
        var out: [UInt8] = Array(bytes[start..<pos])
        while true {
            guard pos < bytes.count else { throw failure("unterminated string") }
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                guard let s = out.withUnsafeBufferPointer({ Self.string($0, out.indices, ascii: false) }) else {
                    throw failure("invalid UTF-8 in a string")
                }
                return s
            case UInt8(ascii: "\\"):
                pos += 1
                guard pos < bytes.count else { throw failure("unterminated string") }
                let e = bytes[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                            throw failure("unpaired surrogate in \\u escape")
                        }
                        pos += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw failure("unpaired surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                    UTF8.encode(u) { out.append($0) }
                default:
                    pos -= 1
                    throw failure("invalid escape in a string: expected \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX after '\\', found \(describeByte(e))")
                }
            case 0x00..<0x20:
                throw failure(b == 0x0A ? "unterminated string (line break inside a string)" : "control character in a string")
            default:
                out.append(b)
                pos += 1
            }
        }
    }

    /// Steps `pos` over a string's text, 8-byte words at a time, to its first
    /// quote, backslash or control character, testing a word at once (the
    /// byte tests of "Bit Twiddling Hacks": a byte is 0 in `word ^ pattern`
    /// where it equals the pattern's byte, and below n when `word - n·ones`
    /// borrows into it). A flag above such a byte may be false (a borrow
    /// carries into the byte above), but the lowest flag never is: a borrow
    /// starts at a flagged byte. Where fewer than eight bytes are left, the
    /// caller's byte loop takes over. True when every byte skipped is ASCII.
    @inline(__always)
    mutating func skipPlainWords() -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let (quotes, backslashes, spaces) = (ones &* 0x22, ones &* 0x5C, ones &* 0x20)
        var ascii = true
        let count = bytes.count
        var at = pos
        let raw = UnsafeRawBufferPointer(bytes)
        while at + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let quote = word ^ quotes, backslash = word ^ backslashes
            let flagged = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- spaces) & ~word) & highs
            if flagged != 0 {
                let plain = flagged.trailingZeroBitCount / 8
                if word & highs & ((1 << UInt64(8 * plain)) &- 1) != 0 { ascii = false }
                at += plain
                break
            }
            if word & highs != 0 { ascii = false }
            at += 8
        }
        pos = at
        return ascii
    }

    /// The string `bytes[range]` spells, nil when it is not well-formed UTF-8;
    /// `ascii` when the caller has seen only ASCII there. Made from a buffer, not
    /// an `ArraySlice`, which `String(decoding:)` reaches through generic code.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, ascii: Bool) -> String? {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        // Up to 15 bytes a String keeps its text inline (64-bit platforms); made
        // in place, that text's ASCII is known from one test of its two words,
        // where `String(decoding:)` scans it again and goes through three calls.
        if ascii, text.count <= 15 {
            return String(unsafeUninitializedCapacity: text.count) { out in
                _ = out.initialize(fromContentsOf: text)
                return text.count
            }
        }
        guard ascii || SnapshotReader.isValidUTF8(text) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard pos + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw failure("expected four hex digits after \\u")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }
}
