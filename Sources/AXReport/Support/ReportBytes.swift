/// A report as it is written: UTF-8 in one growing buffer.
///
/// Text is copied a run of bytes at a time, and the escapes the reports need
/// (`oneLine`, `markdownEscaped`, `xmlEscaped`) are written here byte by byte
/// into the buffer, the runs between two characters to escape copied whole —
/// the same bytes the `String` properties of those names give, without a
/// `String` per piece or a `Character` at a time. JSON strings are escaped
/// here the same way, for `JSONWriter`.
struct ReportBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Plain text

    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// The bytes of `slice`, copied whole.
    mutating func append(bytes more: ArraySlice<UInt8>) {
        bytes.append(contentsOf: more)
    }

    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// `number` in decimal, as `String(number)` writes it, without a `String`.
    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits come least significant first; they are swapped into place.
        var low = bytes.count
        var rest = number.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `text` and a line feed.
    mutating func appendLine(_ text: String = "") {
        append(text)
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Escapes

    /// `text.oneLine`: controls (C0, DEL, C1), U+2028 and U+2029 as spaces, a
    /// CR LF as one space.
    mutating func appendOneLine(_ text: String) {
        Self.withUTF8(text) { source in
            var start = 0, i = 0
            let n = source.count
            while i < n {
                let b = source[i]
                let width: Int
                if b < 0x20 || b == 0x7F {
                    // A CR LF is one line break: one space.
                    width = b == 0x0D && i + 1 < n && source[i + 1] == 0x0A ? 2 : 1
                } else if b == 0xC2, i + 1 < n, source[i + 1] < 0xA0 {
                    width = 2
                } else if b == 0xE2, i + 2 < n, source[i + 1] == 0x80, source[i + 2] == 0xA8 || source[i + 2] == 0xA9 {
                    width = 3
                } else {
                    i += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<i]))
                bytes.append(UInt8(ascii: " "))
                i += width
                start = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<n]))
        }
    }

    /// `text.markdownEscaped`: on one line, `&` `<` `>` as entities, Markdown
    /// punctuation backslash-escaped.
    ///
    /// The `String` property escapes a `Character` that is one of these
    /// alone; a punctuation byte next to a non-ASCII scalar may belong to a
    /// larger one (`*` and a combining accent), which it leaves as it is. So
    /// a punctuation byte between two ASCII bytes is escaped here, and any
    /// other text holding one is escaped the `Character` way.
    mutating func appendMarkdownEscaped(_ text: String) {
        let line = text.oneLine
        let done = Self.withUTF8(line) { source -> Bool in
            let n = source.count
            var i = 0
            // First: is every punctuation byte between ASCII bytes?
            while i < n {
                if Self.markdownEscape(source[i]) != nil,
                   (i > 0 && source[i - 1] >= 0x80) || (i + 1 < n && source[i + 1] >= 0x80) {
                    return false
                }
                i += 1
            }
            var start = 0
            i = 0
            while i < n {
                guard let escape = Self.markdownEscape(source[i]) else {
                    i += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<i]))
                if escape.isEmpty {
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(source[i])
                } else {
                    append(escape)
                }
                i += 1
                start = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<n]))
            return true
        }
        if !done { append(line.markdownEscaped) }
    }

    /// What a byte of Markdown text becomes: an entity, "" for a backslash
    /// before it, or nil when it stays as it is.
    private static func markdownEscape(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "!"):
            return ""
        default: return nil
        }
    }

    /// `text.xmlEscaped(attribute:)`: markup characters as entities; in an
    /// attribute, line breaks and tabs as character references; characters
    /// XML 1.0 cannot hold as U+FFFD.
    mutating func appendXMLEscaped(_ text: String, attribute: Bool) {
        Self.withUTF8(text) { appendXMLEscaped(buffer: $0, attribute: attribute) }
    }

    /// `appendXMLEscaped(_:attribute:)` of text already written as UTF-8.
    mutating func appendXMLEscaped(utf8 text: ArraySlice<UInt8>, attribute: Bool) {
        text.withUnsafeBufferPointer { appendXMLEscaped(buffer: $0, attribute: attribute) }
    }

    private mutating func appendXMLEscaped(buffer source: UnsafeBufferPointer<UInt8>, attribute: Bool) {
        var start = 0, i = 0
        let n = source.count
        while i < n {
            let b = source[i]
            let escape: String
            var width = 1
            switch b {
            case 0x0A where !attribute:
                i += 1
                continue
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case UInt8(ascii: "\"") where attribute: escape = "&quot;"
            case UInt8(ascii: "'") where attribute: escape = "&apos;"
            case 0x0A: escape = "&#10;"
            case 0x0D: escape = "&#13;"
            case 0x09: escape = "&#9;"
            case 0x00..<0x20: escape = "\u{FFFD}"
            case 0xEF where i + 2 < n && source[i + 1] == 0xBF && (source[i + 2] == 0xBE || source[i + 2] == 0xBF):
                // U+FFFE, U+FFFF.
                escape = "\u{FFFD}"
                width = 3
            default:
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<i]))
            append(escape)
            i += width
            start = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<n]))
    }

    /// `text` as a JSON string, quoted. Escaped: `"`, `\\`, the C0 controls
    /// and DEL, and U+2028 and U+2029 (valid JSON, but line terminators in
    /// JavaScript source: escaped so the output can be pasted into a script
    /// safely); non-ASCII stays UTF-8, and `/` is not escaped.
    mutating func appendJSONQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // A native string lends its bytes; any other is made contiguous first.
        if text.utf8.withContiguousStorageIfAvailable({ appendJSONEscaped(buffer: $0) }) == nil {
            Self.withUTF8(text) { appendJSONEscaped(buffer: $0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `appendJSONQuoted(_:)` between the quotes.
    private mutating func appendJSONEscaped(buffer source: UnsafeBufferPointer<UInt8>) {
        var start = 0, i = 0
        let n = source.count
        let plain = Self.jsonPlain
        while i < n {
            let b = source[i]
            if plain[Int(b)] {
                i += 1
                continue
            }
            let width: Int
            if b != 0xE2 {
                width = 1
            } else if i + 2 < n, source[i + 1] == 0x80, source[i + 2] == 0xA8 || source[i + 2] == 0xA9 {
                width = 3
            } else {
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<i]))
            appendJSONEscape(width == 1 ? UInt32(b) : 0x2028 + UInt32(source[i + 2] - 0xA8))
            i += width
            start = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<n]))
    }

    /// For each byte, whether a JSON string holds it as it is: printable
    /// ASCII but `"` and `\`, and the bytes of other characters but 0xE2,
    /// which may start U+2028 or U+2029. One load a byte, where testing the
    /// five cases took twice the instructions (callgrind).
    private static let jsonPlain: [Bool] = (0..<256).map { (b: Int) -> Bool in
        b >= 0x80 ? b != 0xE2 : b >= 0x20 && b != 0x7F && b != 0x22 && b != 0x5C
    }

    /// The JSON escape of one character: the short form where JSON has one,
    /// else `\u` and four lower-case hex digits.
    private mutating func appendJSONEscape(_ scalar: UInt32) {
        bytes.append(UInt8(ascii: "\\"))
        switch scalar {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(UInt8(ascii: "u"))
            for shift: UInt32 in [12, 8, 4, 0] {
                let digit = UInt8((scalar >> shift) & 0xF)
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
    }

    /// `body` with the UTF-8 of `text`, contiguous.
    private static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = text
        return text.withUTF8(body)
    }
}
