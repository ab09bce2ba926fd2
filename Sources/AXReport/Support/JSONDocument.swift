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
        var out = ""
        write(to: &out, indent: 0)
        out.append("\n")
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(String(value))
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append("[]"); return }
            out.append("[")
            for (i, item) in items.enumerated() {
                out.append(i == 0 ? "\n" : ",\n")
                out.append(String(repeating: " ", count: indent + 2))
                item.write(to: &out, indent: indent + 2)
            }
            out.append("\n" + String(repeating: " ", count: indent) + "]")
        case .object(let members):
            guard !members.isEmpty else { out.append("{}"); return }
            out.append("{")
            // Code-point order, as Python's sort_keys and jq -S use.
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (i, key) in keys.enumerated() {
                out.append(i == 0 ? "\n" : ",\n")
                out.append(String(repeating: " ", count: indent + 2))
                Self.writeString(key, to: &out)
                out.append(": ")
                members[key]!.write(to: &out, indent: indent + 2)
            }
            out.append("\n" + String(repeating: " ", count: indent) + "}")
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            // Valid JSON, but line terminators in JavaScript source: escaped so
            // the output can be pasted into a script safely.
            case "\u{2028}", "\u{2029}", "\u{00}"..."\u{1F}", "\u{7F}":
                out.append(Self.unicodeEscape(scalar.value))
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
