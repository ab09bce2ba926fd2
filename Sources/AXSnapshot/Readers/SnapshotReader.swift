#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a snapshot file of any supported format, detected from its content.
public enum SnapshotReader {
    /// Every format axdiff reads, registered once: the file extensions, the
    /// formats named in help and the detection all derive from this list.
    ///
    /// Detection tries the readers in this order and takes the first whose
    /// sniff claims the content. Only one order matters: an ARIA snapshot may
    /// begin with a comment that also reads as an XCUITest line, so the ARIA
    /// reader comes before the XCUITest one (whose sniff takes any text with
    /// one element-like line). JSON and XML claim their first byte.
    public static let readers: [any SnapshotFormatReader.Type] = [
        AXSnapshotJSONReader.self,
        UIAutomatorReader.self,
        AriaYAMLReader.self,
        XCUITestReader.self,
    ]

    /// The file-name extensions of every registered format, in the order of `readers`.
    public static var fileExtensions: [String] { readers.flatMap { $0.fileExtensions } }

    /// The names of every registered format, in the order of `readers`, for help texts and errors.
    public static var formatNames: [String] { readers.map { $0.format.rawValue } }

    /// Reads `bytes` as a snapshot. `file` names the file in errors.
    ///
    /// - Throws: `SnapshotError` for empty, binary, non-UTF-8 or malformed input, and for
    ///   input that may hold more than `maxElements` elements (`maxSnapshotElements`).
    public static func read(_ bytes: [UInt8], file: String, maxElements: Int = defaultMaxElements) throws -> Snapshot {
        var snapshot = try readFormat(bytes, file: file, maxElements: maxElements)
        PathFacts.complete(&snapshot, path: file)
        return snapshot
    }

    /// `read`, before what the path says is added (`PathFacts`): the checks every
    /// format shares, then the first registered reader whose sniff claims the bytes.
    static func readFormat(_ bytes: [UInt8], file: String, maxElements: Int = defaultMaxElements) throws -> Snapshot {
        guard !bytes.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        if let nul = firstNUL(bytes) {
            let (line, column) = position(of: nul, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "NUL byte: this is binary data, not a snapshot")
        }
        do {
            return try readText(bytes, file: file, maxElements: maxElements)
        } catch {
            // Too many elements outranks every problem of the text, wherever each is: a
            // reader that counts as it builds stops at the first problem it meets, so the
            // count of the whole file decides, once something is wrong.
            try checkElementBound(bytes, file: file, limit: maxElements)
            throw error
        }
    }

    /// `readFormat` of bytes with no NUL: the text checks, then the reader, which bounds the elements.
    private static func readText(_ bytes: [UInt8], file: String, maxElements: Int) throws -> Snapshot {
        guard bytes.withUnsafeBufferPointer(isValidUTF8) else {
            let bad = firstInvalidUTF8(bytes)
            let (line, column) = position(of: bad, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "invalid UTF-8, expected a text snapshot")
        }
        let content = bytes[textStart(bytes)...]
        guard !content.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        guard let reader = readers.first(where: { $0.sniff(content) }) else {
            let tried = formatNames.joined(separator: ", ")
            throw SnapshotError(file: file, line: 1, column: 1, message: "not a snapshot in any known format (tried \(tried))")
        }
        return try reader.read(bytes, file: file, screen: screenName(for: file), maxElements: maxElements)
    }

    /// Where the text of well-formed UTF-8 `bytes` starts: after whitespace
    /// (any Unicode white space, as a person sees it, so a file that begins with
    /// a no-break space is still recognised) and byte-order marks.
    ///
    /// - Complexity: O(k), where k is the length of what it skips.
    static func textStart(_ bytes: [UInt8]) -> Int {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                guard lead == 0x20 || (0x09...0x0D).contains(lead) else { return i }
                i += 1
                continue
            }
            // The scalar's length from its lead byte; the bytes are well-formed.
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard i + length <= bytes.count else { return i }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
            guard let scalar = Unicode.Scalar(value), scalar == "\u{FEFF}" || scalar.properties.isWhitespace else { return i }
            i += length
        }
        return i
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
