import AXDiff
import AXSnapshot
import Foundation
import XCTest

/// Every snapshot of the reader corpora reads (or fails where its source says
/// it is invalid) and compares clean with itself.
///
/// Corpora: the committed one (`Tests/AXSnapshotTests/Fixtures/corpus`), the
/// shared public corpus beside the checkout (`../shared/corpus/public`) when
/// it is there, and any directory named by `AXDIFF_READER_CORPUS`. A file
/// `NAME.error` beside a snapshot `NAME` holds the start of the error it must
/// give (`NAME:LINE:COLUMN: message`); every other file must read.
final class ReaderCorpusTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var corpora: [URL] {
        var dirs = [root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures/corpus")]
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/public")
        if FileManager.default.fileExists(atPath: shared.path) { dirs.append(shared) }
        if let extra = ProcessInfo.processInfo.environment["AXDIFF_READER_CORPUS"], !extra.isEmpty {
            dirs.append(URL(fileURLWithPath: extra))
        }
        return dirs
    }

    static let snapshotExtensions = Set(SnapshotReader.fileExtensions)

    /// The snapshots under `dir`, by relative path, sorted.
    static func snapshots(in dir: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { snapshotExtensions.contains(URL(fileURLWithPath: $0).pathExtension) && !$0.hasSuffix("SOURCES.md") }
            .sorted()
    }

    func testEveryCorpusSnapshotReadsAndComparesCleanWithItself() throws {
        var counts: [SnapshotFormat: Int] = [:]
        var failures = 0
        for dir in Self.corpora {
            for name in Self.snapshots(in: dir) {
                let url = dir.appendingPathComponent(name)
                let bytes = [UInt8](try Data(contentsOf: url))
                // A copy of a committed file is judged by the committed file's sidecar.
                let committed = Self.corpora[0].appendingPathComponent(name).appendingPathExtension("error")
                let expectedError = ((try? String(contentsOf: url.appendingPathExtension("error"), encoding: .utf8))
                    ?? (try? String(contentsOf: committed, encoding: .utf8)))?.trimmingCharacters(in: .whitespacesAndNewlines)
                let first: Snapshot
                do {
                    first = try SnapshotReader.read(bytes, file: name)
                } catch {
                    if let expectedError {
                        XCTAssertTrue("\(error)".hasPrefix(expectedError), "\(dir.path)/\(name): got \(error), expected \(expectedError)")
                        failures += 1
                    } else {
                        XCTFail("\(dir.path)/\(name): \(error)")
                    }
                    continue
                }
                XCTAssertNil(expectedError, "\(dir.path)/\(name) read, but its source says it is invalid")
                let second = try SnapshotReader.read(bytes, file: name)
                XCTAssertEqual(first, second, "\(name): reading is deterministic")
                let diff = ScreenDiffer.diff(old: first, new: second, path: name, policy: DiffPolicy())
                XCTAssertEqual(diff.changes.map(\.kind), [], "\(dir.path)/\(name) compared with itself")
                counts[first.format, default: 0] += 1
            }
        }
        // The committed corpus alone: 25 ARIA, 5 uiautomator, 12 XCUITest dumps
        // (one of the ARIA files is invalid as printed, and so is not counted).
        XCTAssertGreaterThanOrEqual(counts[.ariaYAML, default: 0], 24)
        XCTAssertGreaterThanOrEqual(counts[.uiautomator, default: 0], 5)
        XCTAssertGreaterThanOrEqual(counts[.xcuitest, default: 0], 12)
        print("reader corpus: \(counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")), \(failures) invalid as expected")
    }
}
