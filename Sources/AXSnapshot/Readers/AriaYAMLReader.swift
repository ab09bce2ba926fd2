#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// is needed: each line is one `- key[: value]` item (see `AriaLine`), plus
/// plain values continued on more-indented lines and block scalars (`|`,
/// `>`; see `AriaBlockScalar`). What Playwright rejects fails here too, with
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
public enum AriaYAMLReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.ariaYAML

    /// Items nested deeper than this are refused with an error.
    public static let maxDepth = 1000

    /// True when the first line that is not blank, a comment or `---` is a
    /// list item whose key starts with a lower-case role word (`- banner:`,
    /// `- text: …`, `- 'button "Click: me"'`).
    public static let fileExtensions = ["yml", "yaml"]

    public static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
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

    public static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        try read(bytes, file: file, screen: screen, maxElements: .max)
    }

    /// The bound `SnapshotReader.elementBound` sets on a snapshot like this is its number
    /// of lines that start with `-` after their spaces, which the reader counts as it reads
    /// them: that pass over the bytes is saved. Where the bound counts something else (the
    /// lines of text that starts with a comment, say), the bytes are counted first.
    public static func read(_ bytes: [UInt8], file: String, screen: String, maxElements: Int) throws -> Snapshot {
        let elements = try bytes.withUnsafeBufferPointer { text in
            guard SnapshotReader.boundCountsListItems(text) else {
                try SnapshotReader.checkElementBound(bytes, file: file, limit: maxElements)
                return try readElements(text, file: file)
            }
            return try readElements(text, file: file, maxElements: maxElements)
        }
        return Snapshot(screen: screen, platform: .web, elements: elements, format: .ariaYAML)
    }

    /// The index of the first line feed at or after `start`, else the end.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(of: 0x0A, in: bytes, from: start, to: bytes.count)
    }

    /// The index of the first `byte` in `bytes[start..<end]`, else `end`:
    /// found by `memchr`, a word or a vector at a time.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, start < end,
              let hit = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The tree of `bytes`, a line at a time. The lines that start with `-` after their
    /// spaces are counted (those a block scalar takes too), and the reader throws
    /// `SnapshotReader.elementLimitError` once more than `maxElements` are, before building
    /// the item on the line past the limit. A reader that stops at an error sooner has not
    /// counted them all: `SnapshotReader.readFormat` then counts the whole file.
    static func readElements(_ bytes: UnsafeBufferPointer<UInt8>, file: String, maxElements: Int = .max) throws -> [Node] {
        var builder = Builder(file: file, bytes: bytes.count)
        let roleWords = AriaRole.known
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var line = 1
        // One item for every line: only an item line fills it, and pushing it
        // swaps a blank one back (making a blank one for each line cost more).
        var item = AriaLine(line: line)
        var listItems = 0
        func countListItems(_ count: Int = 1) throws {
            listItems += count
            if listItems > maxElements { throw SnapshotReader.elementLimitError(file: file, limit: maxElements) }
        }
        while start <= bytes.count {
            let end = lineEnd(bytes, from: start)
            item.line = line
            let parsed: AriaLine.Parsed
            do {
                parsed = try AriaLine.parse(bytes, start: start, end: end, into: &item, roleWords: roleWords)
            } catch let f as AriaLine.Failure {
                throw SnapshotError(file: file, line: line, column: f.column, message: f.message)
            }
            switch parsed {
            case .blank:
                // A YAML document marker `---` starts with `-`.
                if start < end, bytes[start] == UInt8(ascii: "-") { try countListItems() }
            case .continuation(let indent, let text):
                // `-text` continuing a plain value starts with `-`.
                if bytes[start + indent] == UInt8(ascii: "-") { try countListItems() }
                try builder.continueValue(indent: indent, text: text, line: line)
            case .item:
                try countListItems()
                guard let style = item.block else {
                    try builder.push(&item)
                    break
                }
                // The block's text is on the lines that follow.
                let blockStart = end < bytes.count ? end + 1 : end
                let block = AriaBlockScalar.collect(bytes, from: blockStart, indent: item.indent, style: style,
                                                    collapsing: !item.blockIsKey)
                // The block's lines that start with `-` count as the bound counts them.
                try countListItems(SnapshotReader.listItems(bytes, from: blockStart, to: block.next, stoppingAbove: maxElements))
                if item.blockIsKey {
                    do {
                        try AriaLine.readWholeKey(block.value, into: &item, column: item.keyColumn, roleWords: roleWords)
                    } catch let f as AriaLine.Failure {
                        throw SnapshotError(file: file, line: line, column: f.column, message: f.message)
                    }
                } else {
                    // Collapsed once (unless a pattern): collapsing it again where it is spoken changes nothing.
                    item.value = block.value
                    item.valueIsNormal = block.collapsed
                    item.valueMayBePattern = true
                }
                try builder.push(&item)
                if end == bytes.count { return builder.finish() }
                start = block.next
                line += 1 + block.lines
                continue
            }
            if end == bytes.count { break }
            start = end + 1
            line += 1
        }
        return builder.finish()
    }
}
