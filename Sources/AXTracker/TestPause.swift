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
import AXBase

/// For tests only — nothing else sets `AXDIFF_TEST_PAUSE`. With
/// `AXDIFF_TEST_PAUSE=DIR` in its environment, the annotator stops at two
/// places of each notes commit it writes and waits there, so that a test kills
/// it at a place it chose rather than after a delay it guessed:
///
/// - `DIR/packed-N`: the Nth notes commit's objects are written (its pack in
///   place, held by its `.keep`) and the notes ref has not moved yet — inside
///   a batch;
/// - `DIR/written-N`: the ref has moved to it, and the next batch is not
///   written yet — between batches (later batches are being analysed).
///
/// N counts the process's notes commits from 1. At each place the file is
/// created, and the annotator waits until the test removes it.
enum TestPause {
    static let variable = "AXDIFF_TEST_PAUSE"
    static let directory: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    private static let lock = Lock()
    nonisolated(unsafe) private static var published = 0

    /// `NotesWriter.beforeReferenceUpdate`: the first attempt of each notes commit.
    static func packed(attempt: Int) {
        guard directory != nil, attempt == 1 else { return }
        lock.lock()
        let n = published + 1
        lock.unlock()
        wait("packed-\(n)")
    }

    /// After a notes commit is published.
    static func written() {
        guard directory != nil else { return }
        lock.lock()
        published += 1
        let n = published
        lock.unlock()
        wait("written-\(n)")
    }

    private static func wait(_ name: String) {
        guard let directory else { return }
        let path = FilePath.appending(directory, name)
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return }
        while FileManager.default.fileExists(atPath: path) { usleep(2_000) }
    }
}
