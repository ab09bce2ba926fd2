/// Reads the canonical axsnapshot JSON (DESIGN §3.1).
///
/// Unknown fields are ignored; an unknown role becomes `other` with the name
/// kept in `platformRole`. Wrong types are errors that point at the value.
public enum AXSnapshotJSONReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.axsnapshot

    public static let fileExtensions = ["json"]

    public static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
        content.first == UInt8(ascii: "{") || content.first == UInt8(ascii: "[")
    }

    /// Decodes the model straight from the bytes (`AXSnapshotJSONDecoder`), every error located.
    public static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        try read(bytes, file: file, screen: screen, maxElements: .max)
    }

    /// The decoder counts what `SnapshotReader.elementBound` counts in JSON — objects that
    /// are array items, elements and any other — as it parses, so no separate pass is needed.
    public static func read(_ bytes: [UInt8], file: String, screen: String, maxElements: Int) throws -> Snapshot {
        try JSONParser.withParser(bytes, maxObjectItems: maxElements) { parser in
            var decoder = AXSnapshotJSONDecoder(parser, file: file)
            return try decoder.snapshot(defaultScreen: screen)
        }
    }
}
