/// What a screen reader would say for a `/regex/` in a Playwright ARIA
/// snapshot: the pattern's literal text, with `…` for each part that matches
/// varying text (`/Time \d+:\d+/` → `Time …:…`).
///
/// Playwright writes its `.aria.yml` baselines with numbers, times and sizes
/// turned into patterns, so most real baselines hold some. The page speaks
/// one concrete text; the baseline only knows its fixed parts. Patterns are
/// never compiled (they come from untrusted files, and compiling invites
/// catastrophic backtracking): this reads the pattern text once, left to
/// right, and two baselines compare by this text.
enum AriaPattern {
    /// The ellipsis standing for one varying part.
    static let gap: Character = "…"

    /// The literal reading of `pattern` (the text between the slashes).
    ///
    /// Escaped characters (`\.`, `\/`, `\(`) are literal; character classes,
    /// `.`, class escapes (`\d`, `\w`, `\s`), groups and anything quantified
    /// (`u?` in `colou?r`) are one varying part each, and adjacent parts are
    /// one `…`; anchors and word boundaries say nothing. A pattern with a
    /// top-level `|` has no fixed text: it reads as `…`.
    ///
    /// - Complexity: O(n) in the length of the pattern.
    static func spoken(_ pattern: String) -> String {
        let chars = Array(pattern)
        var out: [Character] = []
        // Where the last atom began in `out`, and whether it was literal:
        // a quantifier turns a literal atom into a varying part.
        var lastAtom: Int?
        func addGap() {
            if out.last != gap { out.append(gap) }
            lastAtom = out.count - 1
        }
        func addLiteral(_ c: Character) {
            out.append(c)
            lastAtom = out.count - 1
        }
        var i = 0
        var depth = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\":
                guard i + 1 < chars.count else { addLiteral("\\"); i += 1; continue }
                let e = chars[i + 1]
                i += 2
                switch e {
                case "b", "B": lastAtom = nil  // a word boundary is silent
                case "d", "D", "w", "W", "s", "S", "0"..."9", "k": addGap()
                case "x", "u", "p", "P", "c":
                    // \xHH, \uHHHH, \u{…}, \p{…}: one unknown character each.
                    if i < chars.count, chars[i] == "{" {
                        while i < chars.count, chars[i] != "}" { i += 1 }
                        i += 1
                    } else {
                        var n = e == "x" ? 2 : (e == "c" ? 1 : 4)
                        while n > 0, i < chars.count, chars[i].isHexDigit || e == "c" { i += 1; n -= 1 }
                    }
                    addGap()
                case "t", "n", "r", "f", "v": addLiteral(" ")
                default: addLiteral(e)
                }
            case "[":
                i += 1
                if i < chars.count, chars[i] == "^" { i += 1 }
                if i < chars.count, chars[i] == "]" { i += 1 }
                while i < chars.count, chars[i] != "]" {
                    i += chars[i] == "\\" ? 2 : 1
                }
                i += 1
                addGap()
            case "(":
                // A group is one varying part however simple it is inside:
                // skip to its closing parenthesis (classes and escapes inside
                // do not count).
                depth = 1
                i += 1
                while i < chars.count, depth > 0 {
                    switch chars[i] {
                    case "\\": i += 1
                    case "[":
                        i += 1
                        while i < chars.count, chars[i] != "]" { i += chars[i] == "\\" ? 2 : 1 }
                    case "(": depth += 1
                    case ")": depth -= 1
                    default: break
                    }
                    i += 1
                }
                addGap()
            case ".":
                i += 1
                addGap()
            case "^", "$":
                i += 1
                lastAtom = nil
            case "|":
                return String(gap)
            case "*", "+", "?", "{":
                if c == "{", !isQuantifier(chars, at: i) {
                    addLiteral(c)
                    i += 1
                    continue
                }
                i = skipQuantifier(chars, at: i)
                if let start = lastAtom {
                    out.removeSubrange(start...)
                    addGap()
                }
            default:
                addLiteral(c)
                i += 1
            }
        }
        return String(out)
    }

    /// Whether `{` at `i` starts `{n}`, `{n,}` or `{n,m}`.
    static func isQuantifier(_ chars: [Character], at i: Int) -> Bool {
        var k = i + 1
        var digits = 0
        while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1; digits += 1 }
        guard digits > 0, k < chars.count else { return false }
        if chars[k] == "}" { return true }
        guard chars[k] == "," else { return false }
        k += 1
        while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
        return k < chars.count && chars[k] == "}"
    }

    /// The index after the quantifier at `i` (and a lazy or possessive mark).
    static func skipQuantifier(_ chars: [Character], at i: Int) -> Int {
        var k = i
        if chars[k] == "{" {
            while k < chars.count, chars[k] != "}" { k += 1 }
        }
        k += 1
        if k < chars.count, chars[k] == "?" || chars[k] == "+" { k += 1 }
        return k
    }

    /// Whether a YAML text value is a pattern, as Playwright decides
    /// (`valueOrRegex`): it starts and ends with `/` and is longer than one.
    static func isPattern(_ value: String) -> Bool {
        value.utf8.count > 1 && value.utf8.first == UInt8(ascii: "/") && value.utf8.last == UInt8(ascii: "/")
    }

    /// A text value as spoken: a pattern literalized, other text as it is.
    static func spokenValue(_ value: String) -> String {
        guard isPattern(value) else { return value }
        return spoken(String(value.dropFirst().dropLast()))
    }
}
