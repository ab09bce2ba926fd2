@testable import AXSnapshot

/// The ARIA reader as it was before it read its lines on bytes in one pass
/// (these files, `Oracle` before each type): kept as the oracle the reader
/// must match, `Snapshot` for `Snapshot` and error for error
/// (`AriaReaderOracleTests`).
///
/// Reads Playwright ARIA snapshots (DESIGN §3.3): the YAML subset that
/// `locator.ariaSnapshot()` writes and `toMatchAriaSnapshot` accepts.
///
/// ```
/// - banner:
///   - heading "Sign in" [level=1]
///   - link "Docs":
///     - /url: /docs
///   - textbox "Email" [invalid]: not-an-email
/// ```
///
/// Indentation gives the tree; the reader keeps a stack of open items keyed
/// on their indentation (never recursion), so hostile depth cannot exhaust
/// the stack, and it rejects nesting deeper than `maxDepth`. No general YAML
/// is needed: each line is one `- key[: value]` item (see `OracleAriaLine`), plus
/// plain values continued on more-indented lines and block scalars (`|`,
/// `>`; see `OracleAriaBlockScalar`). What Playwright rejects fails here too, with
/// the line and column: attributes it does not know or values it refuses
/// (`AriaAttribute`), items nested under an item without `:` or with a text
/// value, a plain value holding `: `.
///
/// Stops follow a screen reader on the web: a control, link, heading, image or
/// progress bar is one stop with its whole subtree (`- link "Docs":` holding
/// only `/url:` is one stop); a list item, cell, group or text-like node is
/// one stop when it carries only text and a container when its children hold
/// stops; landmarks, lists, tables and rows are containers. `/url:` and other
/// properties are not spoken (`/placeholder:` becomes the hint); `[ref=eN]`
/// and `[cursor=pointer]` are ignored (refs are renumbered on every snapshot,
/// so they are no stable id). What is heard beyond that (hidden subtrees,
/// focus, headings holding links, combo boxes, `/regex/` names) is decided
/// where an item is finished (`Builder.finish`).
enum OracleAriaYAMLReader: SnapshotFormatReader {
    static let format = SnapshotFormat.ariaYAML

    /// Items nested deeper than this are refused with an error.
    static let maxDepth = 1000

    /// True when the first line that is not blank, a comment or `---` is a
    /// list item whose key starts with a lower-case role word (`- banner:`,
    /// `- text: …`, `- 'button "Click: me"'`).
    static let fileExtensions = ["yml", "yaml"]

    static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
        let utf8 = content
        var i = utf8.startIndex
        var linesSeen = 0
        while i < utf8.endIndex, linesSeen < 64 {
            linesSeen += 1
            var lineEnd = i
            while lineEnd < utf8.endIndex, utf8[lineEnd] != UInt8(ascii: "\n") { lineEnd = utf8.index(after: lineEnd) }
            var k = i
            while k < lineEnd, utf8[k] == UInt8(ascii: " ") || utf8[k] == UInt8(ascii: "\r") || utf8[k] == UInt8(ascii: "\t") {
                k = utf8.index(after: k)
            }
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if k == lineEnd || utf8[k] == UInt8(ascii: "#") { i = next; continue }
            let line = Array(utf8[k..<lineEnd].prefix(80))
            if line.starts(with: Array("---".utf8)), line.dropFirst(3).allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { i = next; continue }
            guard line.count >= 3, line[0] == UInt8(ascii: "-"), line[1] == UInt8(ascii: " ") else { return false }
            var j = 2
            while j < line.count, line[j] == UInt8(ascii: " ") { j += 1 }
            if j < line.count, line[j] == UInt8(ascii: "'") || line[j] == UInt8(ascii: "\"") { j += 1 }
            // A property first (`- /children: deep-equal`, Playwright's own templates).
            if j < line.count, line[j] == UInt8(ascii: "/") { j += 1 }
            // A key written as a block scalar (`- |`, the key on the lines below).
            if j < line.count, line[j] == UInt8(ascii: "|") || line[j] == UInt8(ascii: ">"),
               line[(j + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x2D || $0 == 0x2B }) { return true }
            let wordStart = j
            while j < line.count, line[j] >= UInt8(ascii: "a"), line[j] <= UInt8(ascii: "z") { j += 1 }
            guard j > wordStart else { return false }
            if j == line.count { return true }
            let after = line[j]
            return after == UInt8(ascii: " ") || after == UInt8(ascii: ":") || after == UInt8(ascii: "[")
                || after == UInt8(ascii: "\r") || after == UInt8(ascii: "'") || after == UInt8(ascii: "\"")
                || after == UInt8(ascii: "-")
        }
        return false
    }

    static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        var builder = Builder(file: file)
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var line = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let parsed: OracleAriaLine.Parsed
            do {
                parsed = try OracleAriaLine.parse(bytes, start: start, end: end, line: line)
            } catch let f as OracleAriaLine.Failure {
                throw SnapshotError(file: file, line: line, column: f.column, message: f.message)
            }
            // Only a block's item is taken out of `parsed` (binding it copies the item).
            if let style = parsed.block, case .item(var item) = parsed {
                // The block's text is on the lines that follow.
                let block = OracleAriaBlockScalar.collect(bytes, from: end < bytes.count ? end + 1 : end, indent: item.indent, style: style)
                if item.blockIsKey {
                    do {
                        try OracleAriaLine.readWholeKey(block.value, into: &item, column: item.keyColumn)
                    } catch let f as OracleAriaLine.Failure {
                        throw SnapshotError(file: file, line: line, column: f.column, message: f.message)
                    }
                } else {
                    item.value = OracleAriaPattern.isPattern(block.value) ? block.value : OracleAriaBlockScalar.normalizedWhitespace(block.value)
                }
                try builder.add(.item(item), line: line)
                if end == bytes.count { break }
                start = block.next
                line += 1 + block.lines
                continue
            }
            try builder.add(parsed, line: line)
            if end == bytes.count { break }
            start = end + 1
            line += 1
        }
        return Snapshot(screen: screen, platform: .web, elements: builder.finish(), format: .ariaYAML)
    }
}
