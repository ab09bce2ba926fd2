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
enum AriaBlockScalar {
    /// The header after `|` or `>`.
    struct Style: Equatable {
        var folded: Bool
        enum Chomp { case clip, strip, keep }
        var chomp: Chomp

        /// Reads `|`, `>`, `|-`, `>+`, `|2-` … at `i`; only spaces or a
        /// comment may follow on the line.
        static func parse(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, column: (Int) -> Int) throws -> Style {
            var style = Style(folded: bytes[index] == UInt8(ascii: ">"), chomp: .clip)
            var i = index + 1
            var sawChomp = false, sawIndent = false
            while i < end, bytes[i] != UInt8(ascii: " ") {
                switch bytes[i] {
                case UInt8(ascii: "-") where !sawChomp: style.chomp = .strip; sawChomp = true
                case UInt8(ascii: "+") where !sawChomp: style.chomp = .keep; sawChomp = true
                case UInt8(ascii: "1")...UInt8(ascii: "9") where !sawIndent: sawIndent = true
                default:
                    throw AriaLine.Failure(column: column(i), message: "unexpected \(AriaLine.describe(bytes[i])) in a block scalar header; expected |, >, and - or + ")
                }
                i += 1
            }
            while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
            if i < end, bytes[i] != UInt8(ascii: "#") {
                throw AriaLine.Failure(column: column(i), message: "unexpected \(AriaLine.describe(bytes[i])) after a block scalar header; its text goes on the following lines")
            }
            return style
        }
    }

    /// The block's text: the lines from `start` on that are blank or
    /// indented more than `indent` (the item's dash), with the first
    /// non-blank line's indentation removed from each. Returns the value,
    /// the offset of the first line not taken, and how many lines were taken.
    ///
    /// Read in two passes over the lines, the first finding where the block
    /// ends and the second writing its text into scratch room decoded once
    /// (an array of each line's range and an array of the text cost about
    /// as much as the rest).
    ///
    /// With `collapsing`, a value that is not a pattern (`AriaPattern.isPattern`)
    /// comes with its whitespace collapsed (`normalizedWhitespace`), and
    /// `collapsed` says so: ASCII text is collapsed from the scratch room,
    /// and no `String` is made of the text as it was.
    ///
    /// - Complexity: O(b) in the bytes taken.
    static func collect(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, indent: Int, style: Style,
                        collapsing: Bool = false) -> (value: String, next: Int, lines: Int, collapsed: Bool) {
        var contentIndent: Int?
        var pos = start
        var taken = 0
        // Lines up to the last that is not blank: trailing blank lines belong
        // to the chomping, not the text.
        var kept = 0
        while pos < bytes.count {
            let line = Line(bytes, at: pos, contentIndent: contentIndent)
            if !line.isBlank {
                if line.spaces <= indent || (contentIndent.map { line.spaces < $0 } ?? false) { break }
                if contentIndent == nil { contentIndent = line.spaces }
            }
            taken += 1
            if !line.isBlank { kept = taken }
            pos = line.next
        }
        let trailing = taken - kept
        // The text is never longer than the lines it is taken from, with a
        // line break after each and the chomping's.
        let capacity = pos - start + trailing + 2
        let (value, collapsed) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { text -> (String, Bool) in
            var n = 0
            var at = start
            var previousEmpty = false
            for number in 0..<kept {
                let line = Line(bytes, at: at, contentIndent: contentIndent)
                let content = line.content
                if number > 0 {
                    text[n] = style.folded && !content.isEmpty && !previousEmpty ? UInt8(ascii: " ") : UInt8(ascii: "\n")
                    n += 1
                }
                for k in content {
                    text[n] = bytes[k]
                    n += 1
                }
                previousEmpty = content.isEmpty
                at = line.next
            }
            let breaks: Int
            switch style.chomp {
            case .strip: breaks = 0
            case .clip: breaks = kept > 0 ? 1 : 0
            case .keep: breaks = trailing + (kept > 0 ? 1 : 0)
            }
            for _ in 0..<breaks {
                text[n] = UInt8(ascii: "\n")
                n += 1
            }
            // The lines start after spaces and end before a line break: whole UTF-8 sequences.
            let written = UnsafeBufferPointer(rebasing: text[..<n])
            // `isPattern` of the text, on its bytes (the slashes are ASCII, kept by decoding).
            let isPattern = n > 1 && written[0] == UInt8(ascii: "/") && written[n - 1] == UInt8(ascii: "/")
            guard collapsing, !isPattern else { return (String(decoding: written, as: UTF8.self), false) }
            if let ascii = normalizedASCII(written) { return (ascii, true) }
            return (normalizedWhitespace(String(decoding: written, as: UTF8.self)), true)
        }
        return (value, pos, taken, collapsed)
    }

    /// One line of a block: its leading spaces, and its text once the
    /// block's indentation is removed (empty for a blank line).
    private struct Line {
        var spaces: Int
        var isBlank: Bool
        var content: Range<Int>
        /// Where the next line starts.
        var next: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int, contentIndent: Int?) {
            let end = AriaYAMLReader.lineEnd(bytes, from: pos)
            var lineEnd = end
            if lineEnd > pos, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            var k = pos
            while k < lineEnd, bytes[k] == UInt8(ascii: " ") { k += 1 }
            spaces = k - pos
            isBlank = k == lineEnd
            let from = isBlank ? lineEnd : pos + (contentIndent ?? spaces)
            content = min(from, lineEnd)..<lineEnd
            next = end < bytes.count ? end + 1 : end
        }
    }

    /// Playwright's `normalizeWhitespace`: runs of whitespace become one
    /// space, the ends are trimmed, and zero-width spaces and soft hyphens go.
    ///
    /// Text with nothing to change (printable ASCII, single inner spaces, the
    /// common case) is returned as it is, without a scalar-by-scalar copy:
    /// every name and text of a snapshot goes through here.
    static func normalizedWhitespace(_ s: String) -> String {
        if isNormalASCII(s) { return s }
        if let stored = s.utf8.withContiguousStorageIfAvailable(normalizedASCII), let ascii = stored { return ascii }
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

    /// `normalizedWhitespace` of ASCII text, byte by byte (decoding and
    /// encoding each scalar cost several times more); nil for other text.
    /// In ASCII the white space is TAB to CR and the space, and there is no
    /// zero-width space or soft hyphen. The text is never longer than
    /// `bytes`: it is written into scratch room of that size (appending
    /// to an array cost more per byte than the rest of the work).
    static func normalizedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { out -> String? in
            var n = 0
            var pendingSpace = false
            for b in bytes {
                if b >= 0x80 { return nil }
                if b == 0x20 || (0x09...0x0D).contains(b) {
                    pendingSpace = n > 0
                    continue
                }
                if pendingSpace {
                    out[n] = 0x20
                    n += 1
                }
                pendingSpace = false
                out[n] = b
                n += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
        }
    }

    /// Printable ASCII with no leading, trailing or doubled space.
    static func isNormalASCII(_ s: String) -> Bool {
        // The bytes in place (iterating `String.UTF8View` costs several times more per byte).
        if let answer = s.utf8.withContiguousStorageIfAvailable({ isNormalASCII($0) }) { return answer }
        return Array(s.utf8).withUnsafeBufferPointer { isNormalASCII($0) }
    }

    /// `isNormalASCII` of bytes, where `excluded` (0: none) is not allowed
    /// either. Read eight bytes at a time (a byte at a time costs some eleven
    /// instructions for every byte of every name), the last eight
    /// overlapping the ones before when the count is not a multiple: each
    /// test below sets a byte's high bit where the byte fails it, and only
    /// the spaces' test is exact byte by byte, which the adjacency check needs.
    static func isNormalASCII(_ bytes: UnsafeBufferPointer<UInt8>, excluding excluded: UInt8 = 0) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        var previousSpace = true
        guard bytes.count >= 8 else {
            for b in bytes {
                if b == 0x20 {
                    if previousSpace { return false }
                    previousSpace = true
                } else if b < 0x21 || b > 0x7E || b == excluded {
                    return false
                } else {
                    previousSpace = false
                }
            }
            return !previousSpace
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var k = 0
        while true {
            // The last word read may overlap the one before: its tests hold
            // again, and the pair across the seam is inside it.
            let at = min(k, bytes.count - 8)
            let w = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            // Some byte below 0x20 (a borrow starts only at one), above 0x7E
            // (a carry starts only at 0xFF, itself above), or the excluded one.
            let below = (w &- ones &* 0x20) & ~w & highs
            let above = ((w &+ ones) | w) & highs
            let other = w ^ (ones &* UInt64(excluded))
            let isExcluded = (other &- ones) & ~other & highs
            if below | above | isExcluded != 0 { return false }
            // The spaces exactly: the high bit of each byte that is 0x20.
            let x = w ^ (ones &* 0x20)
            let spaces = ~(((x & lows) &+ lows) | x | lows)
            if spaces & (spaces << 8) != 0 || (at == k && previousSpace && spaces & 0x80 != 0) { return false }
            previousSpace = spaces >> 63 != 0
            k = at + 8
            if k == bytes.count { return !previousSpace }
        }
    }
}
