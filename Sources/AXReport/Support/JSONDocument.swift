/// A JSON value to write as a whole: sorted keys, 2-space indent, integers
/// only, strings escaped as RFC 8259 asks (non-ASCII stays UTF-8). The JSON
/// and SARIF reports, which can run to megabytes, skip the tree and write
/// their members straight into a `JSONWriter`, in the same layout.
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

    /// `rendered` as UTF-8 bytes, written by `JSONWriter`.
    var renderedBytes: [UInt8] {
        var json = JSONWriter()
        write(to: &json)
        return json.finish()
    }

    /// The document as the next value of `json`, in a document written
    /// with the writer (a SARIF run's rules).
    func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .int(let value): json.int(value)
        case .string(let value): json.string(value)
        case .array(let items):
            json.beginArray()
            for item in items { item.write(to: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            // Code-point order, as Python's sort_keys and jq -S use.
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for key in keys {
                json.key(escaping: key)
                members[key]!.write(to: &json)
            }
            json.endObject()
        }
    }
}
