/// One file format's reader. Readers are pure: bytes in, a `Snapshot` or a
/// `SnapshotError` out; they never crash on bad input.
///
/// A reader declares everything the rest of axdiff knows about its format —
/// its name, its file extensions and how its content starts — and is
/// registered once, in `SnapshotReader.readers`. Adding a format is one new
/// reader file and one line in that list.
public protocol SnapshotFormatReader {
    static var format: SnapshotFormat { get }
    /// The file-name extensions of this format, lower case and without the dot.
    static var fileExtensions: [String] { get }
    /// A cheap look at the content from where it starts (after leading
    /// whitespace and byte-order marks): does it claim to be this format?
    static func sniff(_ content: ArraySlice<UInt8>) -> Bool
    /// Parses a whole file from its bytes, which are well-formed UTF-8 with no
    /// NUL. `file` is used in errors; `screen` is the default screen name
    /// (from the file name) when the format carries none.
    static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot
    /// `read`, refusing a snapshot of more than `maxElements` elements
    /// (`maxSnapshotElements`) with `SnapshotReader`'s error, before building
    /// the one past the limit. By default the bytes are counted first
    /// (`SnapshotReader.elementBound`); a reader that counts as it builds
    /// saves that pass, and must count as it does.
    static func read(_ bytes: [UInt8], file: String, screen: String, maxElements: Int) throws -> Snapshot
}

extension SnapshotFormatReader {
    public static func read(_ bytes: [UInt8], file: String, screen: String, maxElements: Int) throws -> Snapshot {
        try SnapshotReader.checkElementBound(bytes, file: file, limit: maxElements)
        return try read(bytes, file: file, screen: screen)
    }

    /// `sniff` of a text's UTF-8 bytes.
    public static func sniff(_ text: String) -> Bool { sniff(ArraySlice(text.utf8)) }

    /// `read` of a text's UTF-8 bytes.
    public static func read(_ text: String, file: String, screen: String) throws -> Snapshot {
        try read(Array(text.utf8), file: file, screen: screen)
    }
}
