extension String {
    /// The string as a relative URI reference: every byte outside the
    /// unreserved set and `/` percent-encoded, so that a path with spaces,
    /// `#`, `%` or non-ASCII letters stays one path (and `C:x` no scheme).
    var uriPathEncoded: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The string as Markdown text that renders literally, in a table cell or
    /// a list item: on one line, HTML special characters as entities, and
    /// Markdown punctuation backslash-escaped.
    var markdownEscaped: String {
        var out = ""
        for character in oneLine {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!":
                out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// The string as XML 1.0 character data, or as an attribute value:
    /// markup characters as entities; in attributes, line breaks and tabs as
    /// character references, which attribute normalization would otherwise
    /// turn into spaces; characters XML 1.0 cannot hold at all as U+FFFD.
    func xmlEscaped(attribute: Bool) -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n" where !attribute: out += "\n"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\u{00}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
