/// JSON written as it is produced, into one growing buffer: 2-space indent,
/// one member or item a line, `[]` and `{}` when empty, integers only,
/// strings escaped as `ReportBytes.appendJSONQuoted` does — the layout of
/// Python's `json.dumps(indent=2, ensure_ascii=False)`.
///
/// A report writes its members straight into the buffer, with no tree to
/// build and free first. The writer handles commas, line breaks and
/// indentation; the caller writes an object's keys in code-point order
/// (reports have sorted keys) and balances every `begin` with its `end`.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("errors"); json.int(1)
/// json.key("remarks"); json.beginArray(); json.endArray()
/// json.endObject()
/// json.finish() // {\n  "errors": 1,\n  "remarks": []\n}\n
/// ```
struct JSONWriter {
    private var out: ReportBytes
    /// How many containers are open.
    private var depth = 0
    /// Whether the innermost open container has no member or item yet.
    private var empty = true
    /// Whether a key was just written, so its value follows on the same line.
    private var afterKey = false

    init(capacity: Int = 4_096) {
        out = ReportBytes(capacity: capacity)
    }

    /// The document, ending with a line feed.
    mutating func finish() -> [UInt8] {
        out.append(byte: UInt8(ascii: "\n"))
        return out.bytes
    }

    // MARK: Containers

    mutating func beginObject() {
        begin(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        end(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        begin(UInt8(ascii: "["))
    }

    mutating func endArray() {
        end(UInt8(ascii: "]"))
    }

    /// The key of the next member of the open object: a name written in the
    /// code, plain ASCII that JSON needs no escape for, copied as it is.
    /// Escaping every key cost about 7 % of a large report; a key and its
    /// line break are a few bytes, which are appended one at a time: a
    /// byte costs about 7 instructions where copying a run cost about 90
    /// (callgrind).
    mutating func key(_ name: StaticString) {
        startMember()
        out.append(byte: UInt8(ascii: "\""))
        name.withUTF8Buffer { raw in
            assert(raw.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
                   "a key written in the code needs no escape")
            for byte in raw { out.append(byte: byte) }
        }
        out.append(byte: UInt8(ascii: "\""))
        out.append(byte: UInt8(ascii: ":"))
        out.append(byte: UInt8(ascii: " "))
        afterKey = true
    }

    /// The key of the next member, taken from data (a document's keys, a
    /// count's reason): escaped.
    mutating func key(escaping name: String) {
        startMember()
        out.appendJSONQuoted(name)
        out.append(byte: UInt8(ascii: ":"))
        out.append(byte: UInt8(ascii: " "))
        afterKey = true
    }

    // MARK: Values

    /// A string, or null when absent.
    mutating func string(_ value: String?) {
        startValue()
        guard let value else { return out.append("null") }
        out.appendJSONQuoted(value)
    }

    /// An integer, or null when absent.
    mutating func int(_ value: Int?) {
        startValue()
        guard let value else { return out.append("null") }
        out.append(value)
    }

    mutating func bool(_ value: Bool) {
        startValue()
        out.append(value ? "true" : "false")
    }

    mutating func null() {
        startValue()
        out.append("null")
    }

    /// An array of strings.
    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    // MARK: Layout

    private mutating func begin(_ bracket: UInt8) {
        startValue()
        out.append(byte: bracket)
        depth += 1
        empty = true
    }

    private mutating func end(_ bracket: UInt8) {
        depth -= 1
        if !empty { lineBreak() }
        out.append(byte: bracket)
        // The container just closed is a member of the one around it.
        empty = false
    }

    /// Before a value: nothing after a key or at the top level, else what
    /// starts an array's item.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if depth > 0 {
            startMember()
        }
    }

    /// A comma after the previous member or item, and a line break.
    private mutating func startMember() {
        if !empty { out.append(byte: UInt8(ascii: ",")) }
        empty = false
        lineBreak()
    }

    /// A line feed and the indentation of the open container's members, a
    /// byte at a time (see `key(_:)`).
    private mutating func lineBreak() {
        out.append(byte: UInt8(ascii: "\n"))
        for _ in 0..<depth {
            out.append(byte: UInt8(ascii: " "))
            out.append(byte: UInt8(ascii: " "))
        }
    }
}
