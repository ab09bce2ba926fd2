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
        // In ASCII without a CR LF pair every `Character` is one byte, so
        // the bytes read alike and skip grapheme breaking; any other
        // pattern is read by `Character`, as a combining mark after `\` or
        // `[` makes it a different character.
        if let stored = pattern.utf8.withContiguousStorageIfAvailable(spokenIfPlainASCII), let spoken = stored { return spoken }
        // A string whose bytes are not stored together.
        if let spoken = Array(pattern.utf8).withUnsafeBufferPointer(spokenIfPlainASCII) { return spoken }
        return spoken(units: Array(pattern))
    }

    /// `spoken` of a pattern's bytes when every byte is ASCII and no CR is
    /// followed by LF (each byte is then a `Character`), else nil.
    static func spokenIfPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Eight bytes at a time up to a word holding a CR (there the pairs are
        // looked at byte by byte): a byte at a time costs ten instructions each.
        var k = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while k + 8 <= bytes.count {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
                if w & highs != 0 { return nil }
                let cr = w ^ (ones &* 0x0D)
                if (cr &- ones) & ~cr & highs != 0 { break }
                k += 8
            }
        }
        var previous: UInt8 = k > 0 ? bytes[k - 1] : 0
        while k < bytes.count {
            let b = bytes[k]
            if b >= 0x80 || (previous == 0x0D && b == 0x0A) { return nil }
            previous = b
            k += 1
        }
        return spokenASCII(bytes)
    }

    /// `spoken(units:)` read on ASCII bytes, each a `Character`, written
    /// straight into UTF-8 (a gap as the three bytes of U+2026): read by the
    /// generic `spoken(units:)` over a mapped view, into an array of units
    /// converted at the end, a pattern costs some 2,600 instructions, most
    /// of a baseline's patterned line. The steps are those of
    /// `spoken(units:)`, which reads any other pattern; keep the two alike.
    static func spokenASCII(_ chars: UnsafeBufferPointer<UInt8>) -> String {
        let count = chars.count
        // Each unit read writes at most one unit out: a byte, or a gap's three.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * count + 3) { out in
            var n = 0
            // Where the last atom began in `out` (-1: none).
            var lastAtom = -1
            // The input is ASCII, so only a gap ends in 0xA6.
            func addGap() {
                if n == 0 || out[n - 1] != 0xA6 {
                    out[n] = 0xE2
                    out[n + 1] = 0x80
                    out[n + 2] = 0xA6
                    n += 3
                }
                lastAtom = n - 3
            }
            func addLiteral(_ c: UInt8) {
                out[n] = c
                lastAtom = n
                n += 1
            }
            func isHexDigit(_ b: UInt8) -> Bool {
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
            }
            var i = 0
            while i < count {
                let c = chars[i]
                switch c {
                case UInt8(ascii: "\\"):
                    guard i + 1 < count else { addLiteral(c); i += 1; continue }
                    let e = chars[i + 1]
                    i += 2
                    switch e {
                    case UInt8(ascii: "b"), UInt8(ascii: "B"): lastAtom = -1  // a word boundary is silent
                    case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "s"),
                         UInt8(ascii: "S"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "k"):
                        addGap()
                    case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "c"):
                        if i < count, chars[i] == UInt8(ascii: "{") {
                            while i < count, chars[i] != UInt8(ascii: "}") { i += 1 }
                            i += 1
                        } else {
                            var left = e == UInt8(ascii: "x") ? 2 : (e == UInt8(ascii: "c") ? 1 : 4)
                            while left > 0, i < count, isHexDigit(chars[i]) || e == UInt8(ascii: "c") { i += 1; left -= 1 }
                        }
                        addGap()
                    case UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "f"), UInt8(ascii: "v"):
                        addLiteral(UInt8(ascii: " "))
                    default: addLiteral(e)
                    }
                case UInt8(ascii: "["):
                    i += 1
                    if i < count, chars[i] == UInt8(ascii: "^") { i += 1 }
                    if i < count, chars[i] == UInt8(ascii: "]") { i += 1 }
                    while i < count, chars[i] != UInt8(ascii: "]") {
                        i += chars[i] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    i += 1
                    addGap()
                case UInt8(ascii: "("):
                    var depth = 1
                    i += 1
                    while i < count, depth > 0 {
                        switch chars[i] {
                        case UInt8(ascii: "\\"): i += 1
                        case UInt8(ascii: "["):
                            i += 1
                            while i < count, chars[i] != UInt8(ascii: "]") { i += chars[i] == UInt8(ascii: "\\") ? 2 : 1 }
                        case UInt8(ascii: "("): depth += 1
                        case UInt8(ascii: ")"): depth -= 1
                        default: break
                        }
                        i += 1
                    }
                    addGap()
                case UInt8(ascii: "."):
                    i += 1
                    addGap()
                case UInt8(ascii: "^"), UInt8(ascii: "$"):
                    i += 1
                    lastAtom = -1
                case UInt8(ascii: "|"):
                    return String(AriaPattern.gap)
                case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    if c == UInt8(ascii: "{"), !isQuantifierASCII(chars, at: i) {
                        addLiteral(c)
                        i += 1
                        continue
                    }
                    // `skipQuantifier`.
                    var k = i
                    if chars[k] == UInt8(ascii: "{") {
                        while k < count, chars[k] != UInt8(ascii: "}") { k += 1 }
                    }
                    k += 1
                    if k < count, chars[k] == UInt8(ascii: "?") || chars[k] == UInt8(ascii: "+") { k += 1 }
                    i = k
                    if lastAtom >= 0 {
                        n = lastAtom
                        addGap()
                    }
                default:
                    addLiteral(c)
                    i += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
        }
    }

    /// `isQuantifier` on ASCII bytes.
    static func isQuantifierASCII(_ chars: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var k = i + 1
        var digits = 0
        while k < chars.count, isDigit(chars[k]) { k += 1; digits += 1 }
        guard digits > 0, k < chars.count else { return false }
        if chars[k] == UInt8(ascii: "}") { return true }
        guard chars[k] == UInt8(ascii: ",") else { return false }
        k += 1
        while k < chars.count, isDigit(chars[k]) { k += 1 }
        return k < chars.count && chars[k] == UInt8(ascii: "}")
    }

    /// `spoken` over the pattern's characters (`chars` is indexed from 0);
    /// a plain ASCII pattern is read on its bytes (`spokenASCII`).
    static func spoken<Units: RandomAccessCollection>(units chars: Units) -> String
    where Units.Element: PatternUnit, Units.Index == Int {
        typealias Unit = Units.Element
        precondition(chars.startIndex == 0, "units indexed from 0")
        let gap = Unit.gap
        var out: [Unit] = []
        out.reserveCapacity(chars.count + 1)
        // Where the last atom began in `out`, and whether it was literal:
        // a quantifier turns a literal atom into a varying part.
        var lastAtom: Int?
        func addGap() {
            if out.last != gap { out.append(gap) }
            lastAtom = out.count - 1
        }
        func addLiteral(_ c: Unit) {
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
                return String(AriaPattern.gap)
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
        return Unit.string(out)
    }

    /// Whether `{` at `i` starts `{n}`, `{n,}` or `{n,m}`.
    static func isQuantifier<Units: RandomAccessCollection>(_ chars: Units, at i: Int) -> Bool
    where Units.Element: PatternUnit, Units.Index == Int {
        var k = i + 1
        var digits = 0
        while k < chars.count, chars[k].isASCIIDigit { k += 1; digits += 1 }
        guard digits > 0, k < chars.count else { return false }
        if chars[k] == "}" { return true }
        guard chars[k] == "," else { return false }
        k += 1
        while k < chars.count, chars[k].isASCIIDigit { k += 1 }
        return k < chars.count && chars[k] == "}"
    }

    /// The index after the quantifier at `i` (and a lazy or possessive mark).
    static func skipQuantifier<Units: RandomAccessCollection>(_ chars: Units, at i: Int) -> Int
    where Units.Element: PatternUnit, Units.Index == Int {
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
        // Subscripted at its ends (`first` and `last` of the view are
        // generic, some 25 instructions each for every value).
        let utf8 = value.utf8
        return utf8.count > 1 && utf8[utf8.startIndex] == UInt8(ascii: "/") && utf8[utf8.index(before: utf8.endIndex)] == UInt8(ascii: "/")
    }

    /// A text value as spoken: a pattern literalized, other text as it is.
    static func spokenValue(_ value: String) -> String {
        guard isPattern(value) else { return value }
        // A plain ASCII pattern is read from the value's own bytes, between its slashes.
        if let stored = value.utf8.withContiguousStorageIfAvailable({ spokenIfPlainASCII(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }),
           let spoken = stored {
            return spoken
        }
        // Between the slashes. Each slash is a character of its own when
        // ASCII (or nothing) lies inside it: then the bytes between are the
        // pattern; a combining mark after the first slash, or a prepended mark
        // before the last, belongs to that slash's character.
        let utf8 = Array(value.utf8)
        let n = utf8.count
        if n == 2 || (utf8[1] < 0x80 && utf8[n - 2] < 0x80) {
            return spoken(String(decoding: utf8[1..<(n - 1)], as: UTF8.self))
        }
        return spoken(String(value.dropFirst().dropLast()))
    }
}

/// What `AriaPattern.spoken(units:)` reads a pattern in: its `Character`s.
protocol PatternUnit: Comparable, ExpressibleByUnicodeScalarLiteral {
    /// The ellipsis standing for one varying part.
    static var gap: Self { get }
    var isHexDigit: Bool { get }
    /// 0 to 9 in ASCII (a quantifier's bounds).
    var isASCIIDigit: Bool { get }
    static func string(_ units: [Self]) -> String
}

extension Character: PatternUnit {
    static var gap: Character { AriaPattern.gap }
    var isASCIIDigit: Bool { isASCII && isNumber }
    static func string(_ units: [Character]) -> String { String(units) }
}
