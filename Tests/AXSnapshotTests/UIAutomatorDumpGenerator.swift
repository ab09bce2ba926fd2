import AXTestSupport

/// Random uiautomator dumps for `UIAutomatorOracleTests`: nested `<node>`s
/// with uiautomator's attributes and others, in any order, values with
/// entity and character references, literal tabs and line breaks, non-ASCII
/// text (combining marks, the Kelvin sign that Swift holds equal to "K",
/// U+2028), namespaces; and `broken`, the same made malformed.
struct UIAutomatorDumpGenerator {
    /// Keep adding nodes until the dump has this many bytes.
    var minimumBytes = 0
    /// Only what reads: bounds well-formed, prefixes declared (a large dump
    /// would otherwise stop at its first bad node).
    var valid = false

    static let keys = ["index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked", "clickable",
                       "enabled", "focusable", "focused", "scrollable", "long-clickable", "password", "selected",
                       "visible-to-user", "bounds", "NAF", "importantForAccessibility", "important-for-accessibility",
                       "hint", "drawing-order", "display-id"]
    static let classes = ["android.widget.TextView", "android.widget.Button", "android.widget.FrameLayout",
                          "android.widget.LinearLayout", "android.widget.EditText", "android.widget.ImageView",
                          "androidx.recyclerview.widget.RecyclerView", "android.widget.CheckBox", "android.widget.Switch",
                          "android.view.View", "android.widget.TabWidget", "android.widget.SeekBar", "",
                          "com.example.\u{212A}View", "com.example.KView", "com.example.Caf\u{E9}Layout", "com.example.Cafe\u{301}Layout"]
    static let words = ["Save", "Cancel", "OK", "Caf\u{E9}", "Cafe\u{301}", "\u{65E5}\u{672C}\u{8A9E}", "\u{1F600}", "\u{212A}",
                        "a\u{2028}b", "  spaced  ", "", "Line one", "x", "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629}", "\u{A0}nbsp\u{A0}"]
    static let references = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#10;", "&#x9;", "&#13;", "&#32;", "&#x20AC;",
                             "&#128512;", "&#xA0;", "&#x2028;", "&#38;", "&#x26;"]

    private var budget = 0

    mutating func dump<R: RandomNumberGenerator>(_ rng: inout R) -> [UInt8] {
        var out = ""
        switch rng.next() % 5 {
        case 0: out += "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        case 1: out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        case 2: out += "\u{FEFF}<?xml version='1.0' ?>\r\n"
        default: break
        }
        let wrapped = rng.next() % 6 == 0
        out += valid || rng.next() % 8 == 0 ? "<hierarchy xmlns:a=\"http://example.com/a\" rotation=\"0\">" : "<hierarchy rotation=\"\(rng.next() % 4)\">"
        if wrapped { out += "<window>" }
        budget = 1 + Int(rng.next() % 30)
        repeat {
            node(&out, depth: 0, &rng)
            budget = max(budget, 1)
        } while out.utf8.count < minimumBytes
        if wrapped { out += "</window>" }
        out += "</hierarchy>"
        if rng.next() % 3 == 0 { out += "\n" }
        return Array(out.utf8)
    }

    private mutating func node<R: RandomNumberGenerator>(_ out: inout String, depth: Int, _ rng: inout R) {
        budget -= 1
        out += depth > 0 && rng.next() % 3 == 0 ? "\n" + String(repeating: "  ", count: depth) : ""
        out += "<node"
        var keys = Self.keys.shuffled(using: &rng).prefix(Int(rng.next() % UInt64(Self.keys.count + 1)))
        if rng.next() % 4 != 0, !keys.contains("class") { keys.append("class") }
        for key in keys {
            out += rng.next() % 2 == 0 ? " " : (rng.next() % 2 == 0 ? "\n\t" : "  ")
            let quote = rng.next() % 5 == 0 ? "'" : "\""
            out += key + "=" + quote + value(for: key, &rng, quote: quote) + quote
        }
        if rng.next() % 12 == 0 { out += " a:text=\"prefixed\"" }
        if rng.next() % 12 == 0 { out += " unknown-key=\"\(value(for: "text", &rng, quote: "\""))\"" }
        let children = depth < 8 && budget > 0 ? Int(rng.next() % 4) : 0
        if children == 0, rng.next() % 2 == 0 {
            out += " />"
            return
        }
        out += ">"
        if rng.next() % 10 == 0 { out += "some text &amp; more" }
        if rng.next() % 15 == 0 { out += "<!-- a comment -->" }
        if rng.next() % 20 == 0 { out += "<![CDATA[<raw>]]>" }
        for _ in 0..<children where budget > 0 { node(&out, depth: depth + 1, &rng) }
        out += "</node>"
    }

    private func value<R: RandomNumberGenerator>(for key: String, _ rng: inout R, quote: String) -> String {
        switch key {
        case "class": return Self.classes[Int(rng.next() % UInt64(Self.classes.count))]
        case "bounds":
            switch valid ? 9 : rng.next() % 10 {
            case 0: return ""
            case 1: return ["[0,0][1]", "[a,b][c,d]", "[1,2][3,4] ", "[-5,10][20,5]", "[1234567890,0][1,1]", "[0,0][1,1]&#10;"][Int(rng.next() % 6)]
            default:
                let x = Int(rng.next() % 1080), y = Int(rng.next() % 2400)
                return "[\(x),\(y)][\(x + Int(rng.next() % 500)),\(y + Int(rng.next() % 300))]"
            }
        case "checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable",
             "password", "selected", "visible-to-user", "NAF":
            return ["true", "false", "true", "false", "True", " true", "tru&#101;", ""][Int(rng.next() % 8)]
        case "importantForAccessibility", "important-for-accessibility":
            return ["yes", "no", "auto", "false", "noHideDescendants", "n&#111;"][Int(rng.next() % 6)]
        default:
            var s = ""
            for _ in 0..<Int(rng.next() % 5) {
                switch rng.next() % 6 {
                case 0: s += Self.references[Int(rng.next() % UInt64(Self.references.count))]
                case 1: s += ["\t", "\n", "\r\n", " ", "  "][Int(rng.next() % 5)]
                case 2: s += quote == "\"" ? "'" : "&quot;"
                default: s += Self.words[Int(rng.next() % UInt64(Self.words.count))]
                }
            }
            return s
        }
    }

    /// `dump` made malformed in one place (anywhere, or within 64 bytes of
    /// `near`): cut short, a byte dropped, or something inserted that XML
    /// refuses or reads differently.
    static func broken<R: RandomNumberGenerator>(_ dump: [UInt8], _ rng: inout R, near: Int? = nil) -> [UInt8] {
        var bytes = dump
        guard !bytes.isEmpty else { return bytes }
        var at: Int
        if let near, near < bytes.count {
            at = max(0, min(bytes.count - 1, near - 64 + Int(rng.next() % 128)))
        } else {
            at = Int(rng.next() % UInt64(bytes.count))
        }
        // Not inside a UTF-8 sequence, unless on purpose below.
        while at > 0, bytes[at] & 0xC0 == 0x80 { at -= 1 }
        let insertions = ["<", "&", "\"", "'", ">", "/", "=", " ", "x", "\u{1}", "&bogus;", "&#0;", "&#xD800;", "&#;", "</x>",
                          "<node>", "</node>", "<hierarchy>", " text=\"dup\"", "]]>", "<!-- -->", "<!--", "<![CDATA[",
                          "<1>", "&amp", "\u{FFFE}", "\u{7F}", "\u{85}"]
        switch rng.next() % 4 {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(contentsOf: Array(insertions[Int(rng.next() % UInt64(insertions.count))].utf8), at: at)
        default: bytes.replaceSubrange(at..<min(bytes.count, at + 1 + Int(rng.next() % 8)), with: [UInt8](repeating: bytes[at], count: 2))
        }
        return bytes
    }
}
