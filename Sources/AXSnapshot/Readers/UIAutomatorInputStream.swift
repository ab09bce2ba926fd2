#if canImport(FoundationXML)
import Foundation

/// An `InputStream` over bytes it borrows, for `XMLParser(stream:)`: the
/// parser reads a dump in 128 KB chunks straight from the caller's buffer.
///
/// Why not `XMLParser(data:)`: given a `Data`, FoundationXML copies all of it
/// (minus the first 4 bytes) and libxml2 buffers all of it again; an
/// `InputStream(data:)` makes its own copy too. For a 3.6 MB dump those
/// were megabytes of memory allocated afresh, and faulted in page by page, on
/// every read. Fed in chunks, libxml2's push parser keeps only the unparsed
/// part and reports the same events and errors.
///
/// The bytes must stay valid while the stream is read: `UIAutomatorParser`
/// creates it, and the XMLParser that reads it, inside the caller's
/// `withUTF8` / `withUnsafeBufferPointer`.
final class UIAutomatorInputStream: InputStream {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var status: Stream.Status = .notOpen

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // The designated initializer needs a source; the empty one is never read.
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { offset < bytes.count }

    /// Copies up to `len` of the remaining bytes into `buffer`; 0 at the end.
    ///
    /// - Complexity: O(`len`).
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let count = min(max(len, 0), bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else {
            status = .atEnd
            return 0
        }
        buffer.update(from: base + offset, count: count)
        offset += count
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? { nil }
    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool { false }
    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
}
#endif
