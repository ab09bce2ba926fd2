/// A DevTools command as JSON text: the values `CDPConnection.send` is given (strings,
/// booleans, integers, doubles, and dictionaries and arrays of them) written as
/// `JSONSerialization` wrote them, keys sorted so a command's bytes do not vary.
enum CDPMessage {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func json(_ value: Any) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(value, into: &out)
        return out
    }

    private static func write(_ value: Any, into out: inout [UInt8]) throws {
        switch value {
        case let text as String:
            writeString(text, into: &out)
        case let flag as Bool:
            out += (flag ? "true" : "false").utf8
        case let number as Int:
            out += String(number).utf8
        case let number as Double where number.isFinite:
            out += (number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)").utf8
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(object[key] as Any, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (i, element) in array.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        default:
            throw Unsupported(description: "a DevTools command cannot hold \(type(of: value))")
        }
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += #"\""#.utf8
            case UInt8(ascii: "\\"): out += #"\\"#.utf8
            case UInt8(ascii: "/"): out += #"\/"#.utf8
            case 0x08: out += #"\b"#.utf8
            case 0x0C: out += #"\f"#.utf8
            case 0x0A: out += #"\n"#.utf8
            case 0x0D: out += #"\r"#.utf8
            case 0x09: out += #"\t"#.utf8
            case 0..<0x20: out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
