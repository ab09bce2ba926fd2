import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// The XCUITest reader (lines as byte ranges, element lines parsed straight
/// into nodes) against the reader it replaced (`StringLineXCUITestReader`: a
/// `String` per line, an array of parsed lines, then the tree): the same
/// `Snapshot`, or the same error to the column, for every XCUITest text file
/// of the corpora and for seeded generated dumps, well-formed and broken. A
/// failure prints the seed that makes the dump again (`AXDIFF_ORACLE_SEED`
/// sets the first one).
final class XCUITestOracleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed fixtures, and the shared corpus beside the checkout when it is there.
    static var corpora: [URL] {
        var dirs = [root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures")]
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        if FileManager.default.fileExists(atPath: shared.path) { dirs.append(shared) }
        return dirs
    }

    /// Reads `text` with both readers; fails when they disagree. Returns
    /// whether the new one read a snapshot.
    @discardableResult
    func assertSameAsStringLines(_ bytes: [UInt8], _ what: @autoclosure () -> String,
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let new = Result { try XCUITestReader.read(bytes, file: "S.txt", screen: "S") }
        let old = Result { try StringLineXCUITestReader.read(bytes, file: "S.txt", screen: "S") }
        switch (new, old) {
        case let (.success(a), .success(b)):
            if a != b { XCTFail("\(what()): the snapshots differ", file: file, line: line) }
            return true
        case let (.failure(a), .failure(b)):
            let (x, y) = ("\(a)", "\(b)")
            if x != y { XCTFail("\(what()): errors differ:\n new: \(x)\n old: \(y)", file: file, line: line) }
        case let (.success, .failure(b)):
            XCTFail("\(what()): the new reader reads it, the old one said \(b)", file: file, line: line)
        case let (.failure(a), .success):
            XCTFail("\(what()): the old reader reads it, the new one says \(a)", file: file, line: line)
        }
        return false
    }

    func testEveryCorpusTextFileReadsAsWithStringLines() throws {
        var files = 0, read = 0
        for dir in Self.corpora {
            guard let walker = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".txt") {
                let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(path)))
                // The readers take well-formed UTF-8 without NUL (`SnapshotReader` checks first).
                guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { continue }
                files += 1
                if assertSameAsStringLines(bytes, "\(dir.lastPathComponent)/\(path)") { read += 1 }
            }
        }
        XCTAssertGreaterThan(files, 40)
        print("XCUITestOracleTests: \(files) corpus files, \(read) read, \(files - read) refused, the same by both readers")
    }

    func testGeneratedDumpsReadAsWithStringLines() {
        let first = ProcessInfo.processInfo.environment["AXDIFF_ORACLE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_7E57
        var read = 0, total = 0
        let count = 3_000
        for n in 0..<UInt64(count) {
            let seed = first &+ n
            var rng = SeededGenerator(seed: seed)
            var generator = XCUITestDumpGenerator()
            let dump = generator.dump(&rng)
            let text = rng.next() % 2 == 0 ? dump : XCUITestDumpGenerator.broken(dump, &rng)
            total += text.utf8.count
            if assertSameAsStringLines(Array(text.utf8), "seed \(seed) (AXDIFF_ORACLE_SEED=\(seed)): \(text.prefix(300).debugDescription)") {
                read += 1
            }
        }
        print("XCUITestOracleTests: \(count) generated dumps from seed \(first), \(total) bytes, \(read) read, \(count - read) refused")
        // Both kinds were generated: a test of errors only, or of snapshots only, would prove less.
        XCTAssertGreaterThan(read, count / 5)
        XCTAssertLessThan(read, count * 9 / 10)
    }

    func testSmallAndDeepInputsReadAsWithStringLines() {
        for text in ["", " ", "\n", "Element subtree:", "Element subtree:\n", "→", "A, 0x1", "Button", "Button,", "Button, label: 'x",
                     "Element subtree:\n Button, 0x1, label: 'a\nb\n'", "\"Element subtree:\\n Button, 0x1\"", "\"unterminated",
                     "(String) $R0 = \"Element subtree:\\n Other, 0x1, label: 'é'\"", "Find: Descendants matching type Button",
                     "t = 1s\n(lldb) po x\nButton, 0x1", "Path to element:\n Button, 0x1", "\u{FEFF}Button, 0x1, {{1, 2}, {3, 4}}",
                     "Button, 0x1\nButton, 0x2", "Other, 0x1, {{0, 0}, {100, 100}}, label: 'a'\nStaticText, 0x2, {{1, 1}, {2, 2}}"] {
            assertSameAsStringLines(Array(text.utf8), "\(text.debugDescription)")
        }
        for depth in [1, 2, 100, 2_000] {
            var text = "Element subtree:\n"
            for k in 0..<depth { text += String(repeating: " ", count: k) + "Other, 0x\(k), label: 'L\(k % 3)'\n" }
            text += String(repeating: " ", count: depth) + "Button, 0x1, label: 'L1'"
            assertSameAsStringLines(Array(text.utf8), "\(depth) deep")
        }
    }
}
