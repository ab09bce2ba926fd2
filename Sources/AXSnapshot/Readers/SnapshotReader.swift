import Foundation

/// Reads a snapshot file of any supported format, detected from its content.
public enum SnapshotReader {
    /// Readers in the order they are tried; the most specific sniff first.
    static let readers: [any SnapshotFormatReader.Type] = [
        AXSnapshotJSONReader.self,
        UIAutomatorReader.self,
        AriaYAMLReader.self,
        XCUITestReader.self,
    ]

    /// Reads `bytes` as a snapshot. `file` names the file in errors.
    ///
    /// - Throws: `SnapshotError` for empty, binary, non-UTF-8 or malformed input, and for
    ///   input that may hold more than `maxElements` elements (`maxSnapshotElements`).
    public static func read(_ bytes: [UInt8], file: String, maxElements: Int = defaultMaxElements) throws -> Snapshot {
        try read(bytes, file: file, memo: nil, maxElements: maxElements).snapshot
    }

    /// `read`, taking what recurs unchanged from the read that left `memo`
    /// (nil: none), and the memo this read leaves (nil when it is not
    /// axsnapshot JSON that the one-pass scanner read). The snapshot, or the
    /// error, is the one `read(_:file:)` gives; see `ReadMemo`.
    package static func read(_ bytes: [UInt8], file: String, memo: ReadMemo?,
                             maxElements: Int = defaultMaxElements) throws -> (snapshot: Snapshot, memo: ReadMemo?) {
        var result = try readFormat(bytes, file: file, memo: memo, maxElements: maxElements)
        PathFacts.complete(&result.snapshot, path: file)
        return result
    }

    /// `read`, before what the path says is added (`PathFacts`).
    static func readFormat(_ bytes: [UInt8], file: String, memo: ReadMemo?,
                           maxElements: Int = defaultMaxElements) throws -> (snapshot: Snapshot, memo: ReadMemo?) {
        guard !bytes.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        if let nul = firstNUL(bytes) {
            let (line, column) = position(of: nul, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "NUL byte: this is binary data, not a snapshot")
        }
        try checkElementBound(bytes, file: file, limit: maxElements)
        if let dump = try readUIAutomatorDump(bytes, file: file) {
            return (dump, nil)
        }
        if let json = try readJSON(bytes, file: file, memo: memo) {
            return json
        }
        return try readText(bytes, file: file, memo: memo)
    }

    /// The general path, for bytes that are not empty and hold no NUL: the bytes decoded as
    /// text, and read by the first reader whose sniff takes it (the fast paths above give what
    /// this gives).
    static func readText(_ bytes: [UInt8], file: String, memo: ReadMemo?) throws -> (snapshot: Snapshot, memo: ReadMemo?) {
        guard let text = decodeUTF8(bytes) else {
            let bad = firstInvalidUTF8(bytes)
            let (line, column) = position(of: bad, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "invalid UTF-8, expected a text snapshot")
        }
        let head = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard !head.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        for reader in readers where reader.sniff(head) {
            if ObjectIdentifier(reader) == ObjectIdentifier(AXSnapshotJSONReader.self) {
                let (snapshot, json) = try AXSnapshotJSONReader.read(utf8: bytes, file: file, screen: screenName(for: file),
                                                                     previous: memo?.json)
                return (snapshot, json.map(ReadMemo.init))
            }
            return (try reader.read(text, file: file, screen: screenName(for: file)), nil)
        }
        let tried = readers.map { $0.format.rawValue }.joined(separator: ", ")
        throw SnapshotError(file: file, line: 1, column: 1, message: "not a snapshot in any known format (tried \(tried))")
    }

    /// The default screen name: the file's base name without its extensions
    /// (`Snapshots/Checkout.aria.yml` → `Checkout`).
    /// A generic file name (`aria.yml`, `index.json`) takes the nearest
    /// meaningful directory's name instead (`ScreenName`).
    public static func screenName(for file: String) -> String {
        var path = file
        if let name = path.withUTF8(asciiScreenName) { return ScreenName.name(stem: name, path: file) }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? base : ScreenName.name(stem: stem, path: file)
    }

    /// `screenName` of an ASCII path, found on its bytes (splitting by `Character` cost more
    /// than the rest of naming a changed screen); nil for any other path. In ASCII every
    /// character is one byte, so the result is the same.
    private static func asciiScreenName(_ path: UnsafeBufferPointer<UInt8>) -> String? {
        guard path.allSatisfy({ $0 < 0x80 }) else { return nil }
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        // The last segment that is not empty; a path of slashes alone is its own base.
        var end = path.endIndex
        while end > path.startIndex, path[end - 1] == slash { end -= 1 }
        var start = end
        while start > path.startIndex, path[start - 1] != slash { start -= 1 }
        let base = end == path.startIndex ? path[...] : path[start..<end]
        // Its first piece between dots that is not empty; a base of dots alone is its own stem.
        guard let first = base.firstIndex(where: { $0 != dot }) else { return String(decoding: base, as: UTF8.self) }
        let stemEnd = base[first...].firstIndex(of: dot) ?? base.endIndex
        return String(decoding: base[first..<stemEnd], as: UTF8.self)
    }

    /// Reads a uiautomator dump straight from `bytes` when that certainly
    /// gives what the general path below gives; nil otherwise.
    ///
    /// Dumps are the largest snapshots (3.6 MB for 10,000 nodes). Making a
    /// `String` of one copies it, and that copy, on top of the XML parser's
    /// own buffers, pushes the memory a read uses past the point where the
    /// allocator hands it back to the system after each read, only to fault
    /// it in again on the next.
    ///
    /// The general path picks `UIAutomatorReader` when the readers tried
    /// before it are JSON readers (they want `{` or `[`), the bytes are valid
    /// UTF-8, and the text after leading whitespace and byte-order marks
    /// starts with `<?xml` or `<hierarchy`. That is checked on the bytes, more
    /// strictly: only ASCII whitespace and byte-order marks are skipped, and
    /// the byte after the prefix must be ASCII, so that no combining mark can
    /// join the prefix's last character (the general path compares
    /// characters). Whatever fails the check takes the general path, which
    /// also reports every error.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func readUIAutomatorDump(_ bytes: [UInt8], file: String) throws -> Snapshot? {
        guard let position = readers.firstIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(UIAutomatorReader.self) }),
              readers[..<position].allSatisfy({ ObjectIdentifier($0) == ObjectIdentifier(AXSnapshotJSONReader.self) })
        else { return nil }
        return try bytes.withUnsafeBufferPointer { buffer -> Snapshot? in
            guard startsLikeUIAutomatorDump(buffer), isValidUTF8(buffer) else { return nil }
            return try UIAutomatorReader.read(utf8: buffer, file: file, screen: screenName(for: file))
        }
    }

    private static let uiautomatorPrefixes = [Array("<?xml".utf8), Array("<hierarchy".utf8)]

    /// Reads axsnapshot JSON straight from `bytes` when the general path below would take the
    /// JSON reader; nil otherwise.
    ///
    /// Why: the general path makes a `String` of the file to sniff it, a copy the size of the
    /// file that the JSON reader does not need (it reads bytes, and its memo keeps them). The
    /// JSON reader is tried first, and takes text whose first character after whitespace and
    /// byte-order marks is `{` or `[`. That is checked on the bytes, more strictly, as for a
    /// uiautomator dump: only ASCII whitespace and byte-order marks are skipped and the byte
    /// after the bracket must be ASCII (no combining mark joins it); the bytes must be valid
    /// UTF-8, as the general path requires before it sniffs. Whatever fails the check takes
    /// the general path, which also reports every error.
    ///
    /// - Complexity: O(n), where n is the number of bytes, plus the read.
    static func readJSON(_ bytes: [UInt8], file: String, memo: ReadMemo?) throws -> (snapshot: Snapshot, memo: ReadMemo?)? {
        guard ObjectIdentifier(readers[0]) == ObjectIdentifier(AXSnapshotJSONReader.self),
              bytes.withUnsafeBufferPointer({ startsLike(jsonPrefixes, $0) && isValidUTF8($0) }) else { return nil }
        let (snapshot, json) = try AXSnapshotJSONReader.read(utf8: bytes, file: file, screen: screenName(for: file), previous: memo?.json)
        return (snapshot, json.map(ReadMemo.init))
    }

    private static let jsonPrefixes = [Array("{".utf8), Array("[".utf8)]

    /// Whether `bytes`, after ASCII whitespace and UTF-8 byte-order marks,
    /// start with `<?xml` or `<hierarchy` followed by an ASCII byte or the end.
    ///
    /// - Complexity: O(k), where k is the length of the leading whitespace.
    static func startsLikeUIAutomatorDump(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        startsLike(uiautomatorPrefixes, bytes)
    }

    /// Where `bytes` start after ASCII whitespace and UTF-8 byte-order marks.
    ///
    /// - Complexity: O(k), where k is the length of what it skips.
    static func contentStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x20 || (0x09...0x0D).contains(bytes[i]) {
                i += 1
            } else if bytes[i] == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
                i += 3
            } else {
                break
            }
        }
        return i
    }

    /// Whether `bytes`, after ASCII whitespace and UTF-8 byte-order marks, start with one of
    /// `prefixes` followed by an ASCII byte or the end.
    ///
    /// - Complexity: O(k), where k is the length of the leading whitespace.
    private static func startsLike(_ prefixes: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let i = contentStart(bytes)
        return prefixes.contains { prefix in
            let end = i + prefix.count
            return end <= bytes.count && bytes[i..<end].elementsEqual(prefix) && (end == bytes.count || bytes[end] < 0x80)
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode 3.9, table 3-7: no
    /// overlong forms, surrogates or values past U+10FFFF), checked without
    /// making a `String` of them.
    ///
    /// - Complexity: O(n), where n is the number of bytes; runs of ASCII are
    ///   checked eight bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        while i < n {
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { break }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // How many continuation bytes follow, and the range the first of
            // them must be in (narrower after E0, ED, F0 and F4).
            let count: Int, low: UInt8, high: UInt8
            switch lead {
            case 0xC2...0xDF: (count, low, high) = (1, 0x80, 0xBF)
            case 0xE0: (count, low, high) = (2, 0xA0, 0xBF)
            case 0xED: (count, low, high) = (2, 0x80, 0x9F)
            case 0xE1...0xEF: (count, low, high) = (2, 0x80, 0xBF)
            case 0xF0: (count, low, high) = (3, 0x90, 0xBF)
            case 0xF4: (count, low, high) = (3, 0x80, 0x8F)
            case 0xF1...0xF3: (count, low, high) = (3, 0x80, 0xBF)
            default: return false
            }
            guard i + count < n, (low...high).contains(bytes[i + 1]) else { return false }
            var k = 2
            while k <= count {
                guard bytes[i + k] & 0xC0 == 0x80 else { return false }
                k += 1
            }
            i += count + 1
        }
        return true
    }

    /// The offset of the first NUL byte. `memchr` scans a word or a vector at
    /// a time, where a byte-by-byte search is a noticeable part of reading a large file.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Strict UTF-8 decoding: nil when the bytes are not valid UTF-8. The
    /// standard library validates in bulk, far faster than scalar by scalar.
    /// Before the Swift 6 runtime (an app's tests on iOS 17), the repairing
    /// decoder gives the bytes back unchanged exactly when they were valid.
    static func decodeUTF8(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        let repaired = String(decoding: bytes, as: UTF8.self)
        return repaired.utf8.elementsEqual(bytes) ? repaired : nil
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        // Decode prefix by prefix; the failing scalar starts where the valid prefix ends.
        var offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput, .error: return min(offset, max(bytes.count - 1, 0))
            }
        }
    }

    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }
}
