/// One file format's reader. Readers are pure: bytes in, a `Snapshot` or a
/// `SnapshotError` out; they never crash on bad input.
public protocol SnapshotFormatReader {
    static var format: SnapshotFormat { get }
    /// A cheap look at the content: does it claim to be this format?
    static func sniff(_ text: Substring) -> Bool
    /// Parses a whole file. `file` is used in errors; `screen` is the default
    /// screen name (from the file name) when the format carries none.
    static func read(_ text: String, file: String, screen: String) throws -> Snapshot
}
