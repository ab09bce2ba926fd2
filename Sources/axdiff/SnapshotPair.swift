import AXSnapshot
import Dispatch

/// The two sides of one `diff` pair, read from disk and parsed. The parses
/// are independent and reading is most of a large diff, so two large files
/// are parsed on two cores at once; the errors are reported as reading one
/// after the other would: the old file's first.
enum SnapshotPair {
    /// Below this many bytes in all, a second thread costs more than it saves.
    static let parallelBytes = 64 << 10

    static func read(old: String?, new: String?, maxBytes: Int, maxElements: Int) throws -> (old: Snapshot?, new: Snapshot?) {
        let oldBytes = try old.map { try SnapshotFiles.readBytes($0, maxBytes: maxBytes) }
        // Kept, not thrown: an old file that cannot be parsed is reported first.
        let newBytes = Result { try new.map { try SnapshotFiles.readBytes($0, maxBytes: maxBytes) } }
        let newRead = (try? newBytes.get()) ?? nil
        func parse(_ bytes: [UInt8]?, _ path: String?) -> Result<Snapshot?, Error> {
            Result {
                guard let bytes, let path else { return nil }
                return try SnapshotReader.read(bytes, file: path, maxElements: maxElements)
            }
        }
        let parsed = Parsed(old: parse(nil, nil), new: parse(nil, nil))
        let total = (oldBytes?.count ?? 0) + (newRead?.count ?? 0)
        if total >= parallelBytes, oldBytes != nil, newRead != nil {
            // Returns once both have run.
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 { parsed.old = parse(oldBytes, old) } else { parsed.new = parse(newRead, new) }
            }
        } else {
            parsed.old = parse(oldBytes, old)
            parsed.new = parse(newRead, new)
        }
        let oldSnapshot = try parsed.old.get()
        _ = try newBytes.get()
        return (oldSnapshot, try parsed.new.get())
    }

    /// The two parses' results: each written by one thread, read after both ran.
    private final class Parsed {
        var old: Result<Snapshot?, Error>
        var new: Result<Snapshot?, Error>

        init(old: Result<Snapshot?, Error>, new: Result<Snapshot?, Error>) {
            self.old = old
            self.new = new
        }
    }
}
