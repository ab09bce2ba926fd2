/// Escaping for HTML text and attribute values.
///
/// Everything the site shows that comes from a snapshot or a commit — labels,
/// screen names, paths, subjects, authors, branch names — goes through here,
/// so a label such as `<img src=x onerror=alert(1)>` is shown as text and
/// never parsed as markup. Attribute values are always double-quoted by the
/// renderers, and quotes are escaped in both contexts, so one function serves
/// text and attributes alike.
package enum HTMLEscape {
    /// `text` with `& < > " '` as character references and the characters
    /// HTML forbids in documents (C0 controls other than tab, line feed and
    /// carriage return; DEL; noncharacters) as U+FFFD.
    ///
    /// - Complexity: O(n), where n is the length of `text`.
    package static func text(_ text: String) -> String {
        // Most labels need nothing: scan the bytes once before building a copy.
        // Through the bytes in place when the string is native (almost always): the
        // `UTF8View` iterator was the larger part of rendering a commit page (perf).
        let clean = text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: needsWork) }
            ?? !text.utf8.contains(where: needsWork)
        if clean { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{7F}":
                out += "\u{FFFD}"
            default:
                // Noncharacters (U+FDD0–U+FDEF and U+xFFFE/U+xFFFF) are not
                // allowed in HTML documents either.
                let v = scalar.value
                if (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether a byte may need escaping or replacing: markup characters,
    /// controls, and the lead bytes of U+FDD0–U+FDEF and U+xFFFE/U+xFFFF
    /// (0xEF, and 4-byte sequences), checked scalar by scalar.
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
             0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F, 0xEF, 0xF0...0xF4:
            return true
        default:
            return false
        }
    }

    /// An attribute value (to be put between double quotes). Line breaks
    /// become spaces: a value such as a link title should stay on one line.
    package static func attribute(_ value: String) -> String {
        text(value.oneLine)
    }
}

extension String {
    /// The string as HTML text or a double-quoted attribute value.
    var html: String { HTMLEscape.text(self) }
    /// The string on one line, for an attribute value.
    var htmlAttribute: String { HTMLEscape.attribute(self) }
}
