/// Reads a snapshot file of any supported format, detected from its content.
public enum SnapshotReader {
    /// Readers in the order they are tried; the most specific sniff first.
    public static var readers: [any SnapshotFormatReader.Type] = [
        AXSnapshotJSONReader.self,
        UIAutomatorReader.self,
        AriaYAMLReader.self,
        XCUITestReader.self,
    ]

    /// Reads `bytes` as a snapshot. `file` names the file in errors.
    ///
    /// - Throws: `SnapshotError` for empty, binary, non-UTF-8 or malformed input.
    public static func read(_ bytes: [UInt8], file: String) throws -> Snapshot {
        guard !bytes.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = position(of: nul, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "NUL byte: this is binary data, not a snapshot")
        }
        guard let text = decodeUTF8(bytes) else {
            let bad = firstInvalidUTF8(bytes)
            let (line, column) = position(of: bad, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "invalid UTF-8, expected a text snapshot")
        }
        let head = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard !head.isEmpty else { throw SnapshotError(file: file, message: "empty file, expected a snapshot") }
        for reader in readers where reader.sniff(head) {
            return try reader.read(text, file: file, screen: screenName(for: file))
        }
        let tried = readers.map { $0.format.rawValue }.joined(separator: ", ")
        throw SnapshotError(file: file, line: 1, column: 1, message: "not a snapshot in any known format (tried \(tried))")
    }

    /// The default screen name: the file's base name without its extensions
    /// (`Snapshots/Checkout.aria.yml` → `Checkout`).
    public static func screenName(for file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? base : stem
    }

    /// Strict UTF-8 decoding: nil when the bytes are not valid UTF-8. The
    /// standard library validates in bulk, far faster than scalar by scalar.
    static func decodeUTF8(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)
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
