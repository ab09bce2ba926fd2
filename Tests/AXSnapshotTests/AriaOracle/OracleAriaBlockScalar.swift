@testable import AXSnapshot

/// A YAML block scalar in a Playwright ARIA snapshot (`- text: |` followed
/// by more-indented lines), as Playwright's own templates write long text.
///
/// ```
/// - paragraph: |
///     Line 1
///     Line 2
/// ```
///
/// Playwright reads the value with a YAML parser and then collapses its
/// whitespace (`normalizeWhitespace`), so what is spoken is the lines joined
/// by spaces; a value that is `/…/` after chomping is a pattern.
enum OracleAriaBlockScalar {
    /// The header after `|` or `>`.
    struct Style: Equatable {
        var folded: Bool
        enum Chomp { case clip, strip, keep }
        var chomp: Chomp

        /// Reads `|`, `>`, `|-`, `>+`, `|2-` … at `i`; only spaces or a
        /// comment may follow on the line.
        static func parse(_ bytes: [UInt8], at index: Int, end: Int, column: (Int) -> Int) throws -> Style {
            var style = Style(folded: bytes[index] == UInt8(ascii: ">"), chomp: .clip)
            var i = index + 1
            var sawChomp = false, sawIndent = false
            while i < end, bytes[i] != UInt8(ascii: " ") {
                switch bytes[i] {
                case UInt8(ascii: "-") where !sawChomp: style.chomp = .strip; sawChomp = true
                case UInt8(ascii: "+") where !sawChomp: style.chomp = .keep; sawChomp = true
                case UInt8(ascii: "1")...UInt8(ascii: "9") where !sawIndent: sawIndent = true
                default:
                    throw OracleAriaLine.Failure(column: column(i), message: "unexpected \(OracleAriaLine.describe(bytes[i])) in a block scalar header; expected |, >, and - or + ")
                }
                i += 1
            }
            while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
            if i < end, bytes[i] != UInt8(ascii: "#") {
                throw OracleAriaLine.Failure(column: column(i), message: "unexpected \(OracleAriaLine.describe(bytes[i])) after a block scalar header; its text goes on the following lines")
            }
            return style
        }
    }

    /// The block's text: the lines from `start` on that are blank or
    /// indented more than `indent` (the item's dash), with the first
    /// non-blank line's indentation removed from each. Returns the value,
    /// the offset of the first line not taken, and how many lines were taken.
    ///
    /// - Complexity: O(b) in the bytes taken.
    static func collect(_ bytes: [UInt8], from start: Int, indent: Int, style: Style) -> (value: String, next: Int, lines: Int) {
        var lines: [Substring] = []
        var contentIndent: Int?
        var pos = start
        var taken = 0
        while pos < bytes.count {
            var end = pos
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > pos, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            var k = pos
            while k < lineEnd, bytes[k] == UInt8(ascii: " ") { k += 1 }
            let spaces = k - pos
            let blank = k == lineEnd
            if !blank {
                if spaces <= indent || (contentIndent.map { spaces < $0 } ?? false) { break }
                if contentIndent == nil { contentIndent = spaces }
            }
            let from = blank ? lineEnd : pos + (contentIndent ?? spaces)
            lines.append(Substring(decoding: bytes[min(from, lineEnd)..<lineEnd], as: UTF8.self))
            taken += 1
            pos = end < bytes.count ? end + 1 : end
        }
        // Trailing blank lines belong to the chomping, not the text.
        var trailing = 0
        while let last = lines.last, last.isEmpty {
            lines.removeLast()
            trailing += 1
        }
        var text = ""
        for (n, line) in lines.enumerated() {
            if n > 0 {
                text += style.folded && !line.isEmpty && !lines[n - 1].isEmpty ? " " : "\n"
            }
            text += line
        }
        switch style.chomp {
        case .strip: break
        case .clip: if !lines.isEmpty { text += "\n" }
        case .keep: text += String(repeating: "\n", count: trailing + (lines.isEmpty ? 0 : 1))
        }
        return (text, pos, taken)
    }

    /// Playwright's `normalizeWhitespace`: runs of whitespace become one
    /// space, the ends are trimmed, and zero-width spaces and soft hyphens go.
    ///
    /// Text with nothing to change (printable ASCII, single inner spaces, the
    /// common case) is returned as it is, without a scalar-by-scalar copy:
    /// every name and text of a snapshot goes through here.
    static func normalizedWhitespace(_ s: String) -> String {
        if isNormalASCII(s) { return s }
        // Into bytes: appending to a String's scalar view copied the string
        // each time in a debug build (quadratic in a long block).
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            if scalar == "\u{200B}" || scalar == "\u{AD}" { continue }
            // White_Space in ASCII is TAB to CR and the space: no property lookup for them.
            if scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20) }
            pendingSpace = false
            UTF8.encode(scalar) { out.append($0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Printable ASCII with no leading, trailing or doubled space.
    static func isNormalASCII(_ s: String) -> Bool {
        // The bytes in place (iterating `String.UTF8View` costs several times more per byte).
        if let answer = s.utf8.withContiguousStorageIfAvailable(isNormalASCII) { return answer }
        return Array(s.utf8).withUnsafeBufferPointer(isNormalASCII)
    }

    static func isNormalASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousSpace = true
        for b in bytes {
            if b == 0x20 {
                if previousSpace { return false }
                previousSpace = true
            } else if b < 0x21 || b > 0x7E {
                return false
            } else {
                previousSpace = false
            }
        }
        return !previousSpace || bytes.isEmpty
    }
}
