extension String {
    /// The string on one line: line breaks and other control characters
    /// become spaces.
    ///
    /// A label is user data and may hold a newline; in a line-based report it
    /// would start a line of its own — a forged `Axdiff-Errors: 0` trailer, say.
    /// On a terminal, an ESC or BEL in it would be obeyed (a new window title,
    /// colours, a line overwritten after a CR): every line axdiff prints with
    /// text from a snapshot, a commit or a note goes through here.
    package var oneLine: String {
        // Almost every piece of text in a note (labels, spoken orders of a
        // few hundred labels) has nothing to replace; rebuilding it scalar by
        // scalar with a Unicode property lookup each was 6 % of a backfill
        // (callgrind). A byte scan finds that, and the string is returned as
        // it is: the same scalars, so the same bytes.
        if utf8.withContiguousStorageIfAvailable(Self.isOneLine) == true { return self }
        return oneLineByScalars
    }

    /// Text of several lines (a note as stored) for a terminal: each line `oneLine`, the
    /// line feeds kept; tabs are kept too (they move the cursor, never the line).
    ///
    /// A note's lines almost never hold anything to replace: a byte scan that lets line feeds
    /// and tabs through finds that, and the text is returned as it is. Splitting it into lines
    /// first (`Character` by `Character`) and joining them again was 835 instructions a byte,
    /// 28.5 M of `axdiff show` for a 34 KB note. Without a CR (the scan rejects it) a line feed
    /// and a tab are each a `Character` of their own, so the general path would give the same bytes.
    package var escapedForTerminal: String {
        if utf8.withContiguousStorageIfAvailable({ Self.isOneLine($0, keepingLineFeedsAndTabs: true) }) == true { return self }
        return split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).oneLine }.joined(separator: "\t") }
            .joined(separator: "\n")
    }

    /// `oneLine` the general way, one scalar at a time.
    var oneLineByScalars: String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                scalars.append(" ")
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Whether valid UTF-8 `bytes` hold no scalar that `oneLineByScalars`
    /// replaces. Those are exactly the controls (Cc: U+0000–U+001F,
    /// U+007F–U+009F, a set Unicode's stability policy fixes), U+2028 (the
    /// only Zl) and U+2029 (the only Zp); a test checks this against the
    /// property for every scalar. In UTF-8: bytes below 0x20, 0x7F,
    /// C2 80–C2 9F, E2 80 A8 and E2 80 A9.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func isOneLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isOneLine(bytes, keepingLineFeedsAndTabs: false)
    }

    /// `isOneLine`, or with `keepingLineFeedsAndTabs` whether `escapedForTerminal` would
    /// replace nothing: the same, with line feeds (0x0A) and tabs (0x09) let through.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func isOneLine(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineFeedsAndTabs: Bool) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 {
                    if !(keepingLineFeedsAndTabs && (b == 0x0A || b == 0x09)) { return false }
                } else if b == 0x7F { return false }
            } else if b == 0xC2 {
                if i + 1 < n, bytes[i + 1] < 0xA0 { return false }
            } else if b == 0xE2 {
                if i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return false }
            }
            i += 1
        }
        return true
    }
}
