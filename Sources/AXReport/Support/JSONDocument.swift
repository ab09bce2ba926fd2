/// A JSON value to write, and its writer: sorted keys, 2-space indent,
/// integers only, strings escaped as RFC 8259 asks (non-ASCII stays UTF-8).
///
/// Foundation's `JSONSerialization` escapes `/`, and its key order and number
/// formatting have differed between platforms; reports must be the same bytes
/// everywhere, so they write JSON themselves.
indirect enum JSONDocument: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    /// A string, or null when absent.
    static func nullable(_ value: String?) -> JSONDocument {
        value.map(JSONDocument.string) ?? .null
    }

    /// The document pretty-printed, ending with a newline.
    ///
    /// - Complexity: O(n + k log k), where n is the size of the output and k
    ///   the number of keys of the largest object.
    var rendered: String {
        String(decoding: renderedBytes, as: UTF8.self)
    }

    /// `rendered` as UTF-8 bytes: the document is written into one growing
    /// buffer, strings copied a run of bytes at a time (appending to a
    /// `String` one escaped `Unicode.Scalar` at a time was most of the cost
    /// of a large JSON report).
    var renderedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4_096)
        write(to: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(indent + 2, to: &out)
                item.write(to: &out, indent: indent + 2)
            }
            Self.newline(indent, to: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            // Code-point order, as Python's sort_keys and jq -S use.
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (i, key) in keys.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(indent + 2, to: &out)
                Self.writeString(key, to: &out)
                out.append(contentsOf: ": ".utf8)
                members[key]!.write(to: &out, indent: indent + 2)
            }
            Self.newline(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and `indent` spaces.
    private static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// `value` quoted: the bytes between two characters that need escaping
    /// are copied as one run. Escaped: `"`, `\\`, the C0 controls and DEL,
    /// and U+2028 and U+2029 (valid JSON, but line terminators in JavaScript
    /// source: escaped so the output can be pasted into a script safely).
    private static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0, i = 0
            while i < bytes.count {
                let b = bytes[i]
                let width: Int
                if b == 0x22 || b == 0x5C || b < 0x20 || b == 0x7F {
                    width = 1
                } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    width = 3
                } else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                escape(width == 1 ? UInt32(b) : 0x2028 + UInt32(bytes[i + 2] - 0xA8), to: &out)
                i += width
                start = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The JSON escape of one character: the short form where JSON has one,
    /// else `\u` and four lower-case hex digits.
    private static func escape(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch scalar {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            out.append(UInt8(ascii: "u"))
            for shift: UInt32 in [12, 8, 4, 0] {
                let digit = UInt8((scalar >> shift) & 0xF)
                out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
    }
}
