#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SnapshotReader {
    /// The default for `maxSnapshotElements`: the most elements a snapshot may hold to be
    /// read. Reading and comparing a snapshot takes a few hundred bytes an element
    /// (RELIABILITY.md, "Memory per snapshot"), so 250,000 elements stay near 100 MB, where
    /// the 16 MiB byte limit alone let 5 million empty elements take 1.4–1.9 GB.
    public static let defaultMaxElements = 250_000

    /// Throws when `bytes` may hold more than `limit` elements, before anything is built.
    static func checkElementBound(_ bytes: [UInt8], file: String, limit: Int) throws {
        let count = bytes.withUnsafeBufferPointer { elementBound($0, stoppingAbove: limit) }
        guard count <= limit else { throw elementLimitError(file: file, limit: limit) }
    }

    /// The error of a snapshot with more than `limit` elements, whichever check finds it.
    static func elementLimitError(file: String, limit: Int) -> SnapshotError {
        SnapshotError(file: file, message: "more than the \(limit)-element limit (maxSnapshotElements); not read, "
            + "to bound the memory one snapshot takes")
    }

    /// At least the number of elements `bytes` hold as a snapshot, counted without building
    /// anything, stopping once past `limit`:
    /// - axsnapshot JSON (`{` or `[` first): objects that are array items (`{` after `[` or
    ///   `,`, outside strings) — every element is one, a frame or the root never is;
    /// - uiautomator XML (`<` first): `<node` tags;
    /// - ARIA YAML (`-` first): lines that start with `-` after their indentation (list
    ///   items; a paragraph's continuation lines are not elements);
    /// - other text (XCUITest): lines, since each element takes a line of its own.
    ///
    /// - Complexity: O(n), where n is the number of bytes; no allocation.
    static func elementBound(_ bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        let i = contentStart(bytes)
        guard i < bytes.count else { return 0 }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return jsonArrayItemObjects(bytes, from: i, stoppingAbove: limit)
        case UInt8(ascii: "<"): return occurrences(of: Array("<node".utf8), in: bytes, stoppingAbove: limit)
        case UInt8(ascii: "-"): return listItems(bytes, from: i, to: bytes.count, stoppingAbove: limit)
        default: return occurrences(of: [0x0A], in: bytes, stoppingAbove: limit) + 1
        }
    }

    /// Whether `elementBound` counts the lines of `bytes` (its last case): a reader
    /// that splits them into lines has that count without another pass.
    static func boundCountsLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let i = contentStart(bytes)
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "-"): return false
        default: return true
        }
    }

    /// Whether `elementBound` counts the list items of `bytes` (its ARIA case): each line
    /// that starts with `-` after its spaces, so a reader that splits the bytes into lines
    /// has the count without another pass. (The first `-` counts even after a tab, a CR or
    /// a byte-order mark on its line, where `AriaYAMLReader` finds no item but an error, as
    /// nothing comes before for the line to continue; then `readFormat` counts the whole file.)
    static func boundCountsListItems(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let i = contentStart(bytes)
        return i < bytes.count && bytes[i] == UInt8(ascii: "-")
    }

    private static func jsonArrayItemObjects(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAbove limit: Int) -> Int {
        var count = 0
        var inString = false
        var escaped = false
        var previous: UInt8 = 0
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                    previous = b
                }
                continue
            }
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{") where previous == UInt8(ascii: "[") || previous == UInt8(ascii: ","):
                count += 1
                if count > limit { return count }
            default: break
            }
            previous = b
        }
        return count
    }

    /// The lines of `bytes[start..<end]` that start with `-` after their spaces, `start`
    /// taken as a line's start, stopping once past `limit`.
    static func listItems(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, stoppingAbove limit: Int) -> Int {
        var count = 0
        var atLineStart = true
        var i = start
        while i < end {
            let b = bytes[i]
            i += 1
            if b == 0x0A {
                atLineStart = true
            } else if atLineStart, b != 0x20 {
                atLineStart = false
                if b == UInt8(ascii: "-") {
                    count += 1
                    if count > limit { return count }
                }
            }
        }
        return count
    }

    private static func occurrences(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        guard let base = bytes.baseAddress, let first = needle.first else { return 0 }
        var count = 0
        var offset = 0
        // `memchr` finds each candidate first byte a word or a vector at a time.
        while offset < bytes.count, count <= limit {
            guard let hit = memchr(base + offset, Int32(first), bytes.count - offset) else { break }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + needle.count <= bytes.count, memcmp(base + at, needle, needle.count) == 0 {
                count += 1
                offset = at + needle.count
            } else {
                offset = at + 1
            }
        }
        return count
    }
}
