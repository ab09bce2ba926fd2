// Shared by every fuzz harness in this folder. Fuzz/run.sh compiles it with
// one harness and the AXSnapshot sources into one libFuzzer binary; nothing
// here is part of the package.
//
// Each harness hands the input to one reader and, when the read succeeds,
// walks the result the way `axdiff` does (stops, the stop tree and its frames, spoken
// text), so a tree that a reader builds but the model cannot walk is caught too.
import Foundation

/// The file name every harness passes to the readers.
let fuzzFile = "fuzz.input"

/// Runs `read` on the input. A `SnapshotError` is the expected outcome for most
/// inputs; it must be one line starting with the file name. Anything else a
/// reader throws is a contract violation and is reported as a crash.
@inline(never)
func fuzzExercise(_ data: UnsafePointer<UInt8>, _ size: Int, _ read: ([UInt8]) throws -> Snapshot) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let snapshot = try read(bytes)
        let stops = snapshot.stops
        _ = snapshot.stopTree()
        for stop in stops { _ = stop.spoken }
    } catch let error as SnapshotError {
        let text = error.description
        if !text.hasPrefix(fuzzFile + ":") || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fuzzViolation("SnapshotError is not one line starting with the file name: \(text.debugDescription)")
        }
        // A message quotes at most a short excerpt of the input.
        if text.count > 600 {
            fuzzViolation("SnapshotError of \(text.count) characters: \(text.prefix(200).debugDescription)…")
        }
    } catch {
        fuzzViolation("a reader threw something other than SnapshotError: \(error)")
    }
}

/// The reader-level harnesses see text, as `SnapshotReader.read` hands it over
/// (invalid UTF-8 repaired with U+FFFD: the readers never see raw bytes).
func fuzzText(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Reports a contract violation as a crash, so that libFuzzer saves the input.
func fuzzViolation(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("FUZZ VIOLATION: " + message + "\n").utf8))
    abort()
}
