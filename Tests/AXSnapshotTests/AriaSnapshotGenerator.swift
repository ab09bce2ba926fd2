import AXTestSupport

/// Seeded Playwright ARIA snapshots for the reader's tests: roles known and
/// unknown, quoted names with escapes, `/regex/` names, attributes, `/url:`
/// and `/placeholder:` properties, inline text (plain, quoted, patterns,
/// continued on the next lines), block scalars, quoted keys and non-ASCII
/// text; with `malformed`, lines that a reader must refuse are mixed in.
enum AriaSnapshotGenerator {
    static let roles = ["button", "link", "heading", "img", "textbox", "checkbox", "switch", "combobox", "option",
                        "listitem", "list", "listbox", "treeitem", "tree", "cell", "row", "table", "group", "text",
                        "paragraph", "generic", "banner", "navigation", "main", "region", "dialog", "tab", "tablist",
                        "progressbar", "slider", "status", "alert", "Button", "LINK", "customrole", "menuitem", "code"]
    static let words = ["Sign in", "Docs", "Ünïcode", "日本語", "café", "a  b", " lead", "trail ", "x: y", "#hash",
                        "Time 10:30", "\u{200B}zero", "soft\u{AD}hy", "emoji 🎉", "مرحبا", "e\u{301}", "tab\there", "q\"uote",
                        "back\\slash", "", "Price $5", "a'b", "100%", "- dash", "[x]", "{y}"]
    static let patterns = ["/Time \\d+:\\d+/", "/colou?r/", "/a|b/", "/[0-9]+ items/", "/(foo)+bar/", "/x{2,3}/",
                           "/\\/path\\//", "/é+/", "/\\u{1F600}/", "/.*/", "//"]
    static let attributes = ["[level=2]", "[level=1]", "[level=-1]", "[level=1001]", "[checked]", "[checked=mixed]", "[checked=false]",
                             "[pressed]", "[pressed=mixed]", "[disabled]", "[expanded]", "[expanded=false]", "[selected]",
                             "[active]", "[invalid]", "[invalid=spelling]", "[aria-hidden]", "[ref=e5]", "[cursor=pointer]",
                             "[box=1,2,30,40]", "[level= 3 ]", "[level=2.0]", "[checked=true]", "[level=0]",
                             "[level=0003]", "[box=-1.5,2e1,3,4]", "[invalid=grammar]", "[expanded=true]", "[ref = e12 ]"]
    /// Attributes Playwright refuses.
    static let refused = ["[box=1,2]", "[bogus]", "[ref]", "[selected=maybe]", "[level=x]", "[checked=é]", "[Level=2]",
                          "[aria-hidden=false]", "[level=]", "[x", "[=1]"]

    static func pick<T>(_ items: [T], _ rng: inout SeededGenerator) -> T { items[Int(rng.next() % UInt64(items.count))] }
    static func chance(_ percent: UInt64, _ rng: inout SeededGenerator) -> Bool { rng.next() % 100 < percent }

    /// A double-quoted YAML string of `text`, with some characters escaped.
    static func quoted(_ text: String, _ rng: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += chance(50, &rng) ? "\\t" : "\t"
            default:
                if !scalar.isASCII, chance(20, &rng) {
                    out += scalar.value > 0xFFFF
                        ? "\\U" + String(scalar.value, radix: 16).leftPadded(8)
                        : "\\u" + String(scalar.value, radix: 16).leftPadded(4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        if chance(3, &rng) { out += pick(["\\n", "\\x41", "\\_", "\\q", "\\u12", "\\/"], &rng) }
        return chance(2, &rng) ? out : out + "\""
    }

    static func key(_ rng: inout SeededGenerator, malformed: Bool = false) -> String {
        var key = pick(roles, &rng)
        if chance(60, &rng) { key += " " + (chance(15, &rng) ? pick(patterns, &rng) : quoted(pick(words, &rng), &rng)) }
        var n = 0
        while n < 3, chance(35, &rng) {
            key += " " + (malformed && chance(30, &rng) ? pick(refused, &rng) : pick(attributes, &rng))
            n += 1
        }
        return key
    }

    static func inlineValue(_ rng: inout SeededGenerator) -> String {
        switch rng.next() % 6 {
        case 0: return "'" + pick(words, &rng).replacingOccurrences(of: "'", with: "''") + "'"
        case 1: return quoted(pick(words, &rng), &rng)
        case 2: return pick(patterns, &rng)
        default:
            let word = pick(words, &rng)
            // A plain value may not hold `: ` or start with what YAML reads otherwise.
            return word.isEmpty || word.contains(": ") || word.hasPrefix(" ") || word.hasPrefix("#") || word.hasPrefix("-")
                || word.hasPrefix("[") || word.hasPrefix("{") || word.contains("\"") ? "plain text" : word
        }
    }

    static func malformedLine(_ rng: inout SeededGenerator) -> String {
        pick(["-", "- ", "-button", "\tbutton", "- 123", "- button \"x\" junk", "- button: a: b", "- /", "- button [",
              "- [x]", "- button \"unterminated", "- 'single", "- heading /regex", "stray text", "- button: \"x\" y",
              "- text: |x", "- text: | junk", "- 'button \"a\"' extra", "- button:x", "- link \"a\" \"b\""], &rng)
    }

    /// One snapshot of up to ~40 items.
    static func snapshot(_ rng: inout SeededGenerator, malformed: Bool) -> String {
        var lines: [String] = []
        if chance(10, &rng) { lines.append(pick(["---", "# comment", "", "  "], &rng)) }
        // The indentation of each open item that may take children.
        var depth = 0
        let count = 1 + Int(rng.next() % 40)
        let step = chance(80, &rng) ? 2 : 4
        for _ in 0..<count {
            if depth > 0, chance(30, &rng) { depth -= 1 + Int(rng.next() % UInt64(depth)) }
            let pad = String(repeating: " ", count: depth * step)
            if malformed, chance(4, &rng) {
                lines.append(pad + malformedLine(&rng))
                continue
            }
            let crlf = chance(3, &rng) ? "\r" : ""
            switch rng.next() % 12 {
            case 0:
                lines.append(pad + "- /url: " + pick(["/docs", "https://example.com/a?b=c", "\"/q\""], &rng) + crlf)
            case 1:
                lines.append(pad + "- /placeholder: " + inlineValue(&rng) + crlf)
            case 2:
                // A block scalar value.
                lines.append(pad + "- " + key(&rng) + ": " + pick(["|", ">", "|-", ">+", "|2", ">-"], &rng))
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    lines.append(chance(15, &rng) ? "" : pad + String(repeating: " ", count: step) + pick(words, &rng) + crlf)
                }
            case 3:
                // A key YAML quoted, or a key written as a block.
                if chance(70, &rng) {
                    lines.append(pad + "- '" + key(&rng).replacingOccurrences(of: "'", with: "''") + "'" + (chance(50, &rng) ? ":" : ""))
                } else {
                    lines.append(pad + "- |")
                    lines.append(pad + String(repeating: " ", count: step) + key(&rng))
                }
            case 4:
                // A plain value continued on the next line.
                lines.append(pad + "- " + key(&rng) + ": first part" + crlf)
                lines.append(pad + String(repeating: " ", count: step + 2) + pick(["second part", "more 日本", "ends: here"], &rng))
            case 5, 6, 7:
                lines.append(pad + "- " + key(&rng) + ":" + crlf)
                depth += 1
            default:
                let tail = chance(50, &rng) ? ": " + inlineValue(&rng) : ""
                let comment = chance(5, &rng) ? " # note" : ""
                lines.append(pad + "- " + key(&rng, malformed: malformed) + tail + comment + crlf)
            }
        }
        return lines.joined(separator: "\n") + (chance(80, &rng) ? "\n" : "")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - utf8.count)) + self
    }
}
