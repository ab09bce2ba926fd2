import AXTestSupport

/// Seeded XCUITest `debugDescription` dumps for the oracle tests: element
/// lines of many types at random depths (spaces, tabs, tree markers), quoted
/// and unquoted values with escapes, quotes inside, raw newlines and
/// non-ASCII text, state words, log lines and sections around the tree,
/// pastes that lost their indentation, and the lldb `po` literal form; with
/// `broken`, a few pieces of lines inserted or cut where they do not belong.
struct XCUITestDumpGenerator {
    static let types = [
        "Application", "Window", "Other", "Other", "Cell", "Button", "Button", "StaticText", "StaticText", "TabBar",
        "TextField", "SecureTextField", "SearchField", "CheckBox", "RadioButton", "Switch", "Image", "Link", "Table",
        "MenuBarItem", "PopUpButton", "ActivityIndicator", "Heading", "NavigationBar", "Any", "Foo", "X9", "Keys",
    ]

    static let texts = [
        "Menu", "Don't Allow", "Café", "日本語", "👍🏽 ok", "e\u{301}", "a, Selected", "x', label: 'y", "Line one\nLine two",
        "back\\slash", "say \"hi\"", "", " ", "1", "0", "Sessiometer. 2 acc...", "\u{212A}", "ｆｕｌｌ", "tab\there", "\u{600}x",
        "a,b", "{{1.0, 2.0}, {3.0, 4.0}}", "0x1f", "label: 'z'", "Focused", "\u{A0}",
    ]

    /// Pieces that break a line when dropped into it.
    static let pieces = [
        " (", ")", ", ", ",", "  ", "0x", "{{", "}}", "{", "}", "1.0", "-2", "e3", "label: ", "value: ", "identifier:",
        "'", "\"", "\\", "Selected", "\u{301}", "é", "\u{600}", "\r", "\t", "\u{37E}", "日本", "\n", "\n        ", "→", "Button",
    ]

    static let flags = ["Selected", "Disabled", "Keyboard Focused", "Focused", "Enabled", "Not Hittable", "Hidden", "Main Window", "Odd State"]

    var lines: [String] = []

    mutating func dump(_ rng: inout SeededGenerator) -> String {
        lines = []
        let r = Int.random(in: 0..<10, using: &rng)
        if r < 5 { lines.append("Attributes: Application, 0x600000, pid: 1, label: 'App'") }
        if r < 7 { lines.append("Element subtree:") }
        if r == 8 { lines.append("t =     1.23s Tap \"Menu\" Button") }
        let flat = Int.random(in: 0..<8, using: &rng) == 0
        let tabs = Int.random(in: 0..<6, using: &rng) == 0
        let base = Int.random(in: 0...3, using: &rng)
        var depth = 0
        let deep = Int.random(in: 0..<10, using: &rng) == 0
        var y = 0.0
        for k in 0..<Int.random(in: 1...(deep ? 120 : 40), using: &rng) {
            if k > 0 && !flat {
                if deep { depth += Int.random(in: 0..<5, using: &rng) == 0 ? -1 : 1 } else { depth += Int.random(in: -2...1, using: &rng) }
                depth = max(0, depth)
            }
            let indent = tabs ? String(repeating: "\t", count: base + depth) : String(repeating: " ", count: base + 2 * depth)
            let marker = k == 0 && Bool.random(using: &rng) ? (Bool.random(using: &rng) ? "→" : "↳\u{FE0E}") : ""
            lines.append(indent + marker + element(&rng, y: &y))
            if Int.random(in: 0..<25, using: &rng) == 0 { lines.append("") }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            lines += ["Path to element:", " →Application, 0x600000, pid: 1, label: 'App'", "Query chain:", " →Find: Target Application"]
        }
        var text = lines.joined(separator: Int.random(in: 0..<12, using: &rng) == 0 ? "\r\n" : "\n")
        if Int.random(in: 0..<6, using: &rng) == 0 { text = Self.literal(text, &rng) }
        return text
    }

    private func element(_ rng: inout SeededGenerator, y: inout Double) -> String {
        let type = Self.types[Int.random(in: 0..<Self.types.count, using: &rng)]
        var line = type
        if Int.random(in: 0..<5, using: &rng) == 0 { line += " (Main)" }
        line += ", 0x" + String(Int.random(in: 0x1000...0xFFFF_FFFF, using: &rng), radix: 16)
        if Int.random(in: 0..<8, using: &rng) != 0 {
            y += Double(Int.random(in: 0...4, using: &rng)) * 2.5
            let x = Double(Int.random(in: 0...40, using: &rng)) / 2
            let w = Double(Int.random(in: 0...400, using: &rng)) / 4
            line += ", {{\(x), \(y)}, {\(w), \(Double(Int.random(in: 1...88, using: &rng)) / 2)}}"
        }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let key = ["identifier", "label", "label", "title", "value", "value", "placeholderValue", "pid", "elementType"][Int.random(in: 0..<9, using: &rng)]
            let text = Self.texts[Int.random(in: 0..<Self.texts.count, using: &rng)]
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: line += ", \(key): \(text)"
            case 1: line += ", \(key): \"\(text.replacingOccurrences(of: "\"", with: "\\\""))\""
            default: line += ", \(key): '\(text.replacingOccurrences(of: "'", with: Bool.random(using: &rng) ? "\\'" : "'"))'"
            }
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) where Bool.random(using: &rng) {
            line += ", " + Self.flags[Int.random(in: 0..<Self.flags.count, using: &rng)]
        }
        return line
    }

    /// `text` as lldb's `po` prints it: one Swift string literal.
    static func literal(_ text: String, _ rng: inout SeededGenerator) -> String {
        var out = Bool.random(using: &rng) ? "\"" : "(String) $R0 = \""
        for c in text.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "'": out += Bool.random(using: &rng) ? "\\'" : "'"
            case "\\": out += "\\\\"
            default:
                if c.value > 0x7F, Int.random(in: 0..<4, using: &rng) == 0 {
                    out += "\\u{" + String(c.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + (Int.random(in: 0..<20, using: &rng) == 0 ? "" : "\"")
    }

    /// `text` with one to three pieces inserted, or a stretch cut out, at random places.
    static func broken(_ text: String, _ rng: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let at = Int.random(in: 0...scalars.count, using: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0, at < scalars.count {
                scalars.removeSubrange(at..<min(scalars.count, at + Int.random(in: 1...12, using: &rng)))
            } else {
                scalars.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &rng)].unicodeScalars, at: at)
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }
}
