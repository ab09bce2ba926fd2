import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// The uiautomator reader (libxml2's SAX2 interface, attributes read as
/// bytes) against the XMLParser reader it replaced
/// (`XMLParserUIAutomatorReader`): the same `Snapshot`, or the same error to
/// the byte and the column, for every XML file of the corpora and for seeded
/// generated dumps, well-formed and broken. A failure prints the seed that
/// makes the dump again (`AXDIFF_ORACLE_SEED` sets the first one).
final class UIAutomatorOracleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed fixtures, and the shared corpus beside the checkout when it is there.
    static var corpora: [URL] {
        var dirs = [root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures")]
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        if FileManager.default.fileExists(atPath: shared.path) { dirs.append(shared) }
        return dirs
    }

    /// Reads `bytes` with both readers; fails when they disagree. Returns
    /// whether the new one read a snapshot.
    @discardableResult
    func assertSameAsXMLParser(_ bytes: [UInt8], _ what: @autoclosure () -> String,
                               file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let new = Result { try UIAutomatorReader.read(bytes, file: "S.xml", screen: "S") }
        let old = Result { try XMLParserUIAutomatorReader.read(bytes, file: "S.xml", screen: "S") }
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

    func testEveryCorpusXMLFileReadsAsWithXMLParser() throws {
        var files = 0, read = 0
        for dir in Self.corpora {
            guard let walker = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".xml") {
                let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(path)))
                files += 1
                if assertSameAsXMLParser(bytes, "\(dir.lastPathComponent)/\(path)") { read += 1 }
            }
        }
        XCTAssertGreaterThan(files, 30)
        print("UIAutomatorOracleTests: \(files) corpus files, \(read) read, \(files - read) refused, the same by both readers")
    }

    func testGeneratedDumpsReadAsWithXMLParser() {
        let first = ProcessInfo.processInfo.environment["AXDIFF_ORACLE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0A11
        var read = 0, total = 0
        let count = 2_500
        for n in 0..<UInt64(count) {
            let seed = first &+ n
            var rng = SeededGenerator(seed: seed)
            var generator = UIAutomatorDumpGenerator()
            let dump = generator.dump(&rng)
            let bytes = rng.next() % 3 == 0 ? dump : UIAutomatorDumpGenerator.broken(dump, &rng)
            total += bytes.count
            if assertSameAsXMLParser(bytes, "seed \(seed) (AXDIFF_ORACLE_SEED=\(seed)), \(bytes.count) bytes") { read += 1 }
        }
        print("UIAutomatorOracleTests: \(count) generated dumps from seed \(first), \(total) bytes, \(read) read, \(count - read) refused")
        // Both kinds were generated: a test of errors only, or of snapshots only, would prove less.
        XCTAssertGreaterThan(read, count / 4)
        XCTAssertLessThan(read, count * 9 / 10)
    }

    func testLargeGeneratedDumpsAcrossChunksReadAsWithXMLParser() {
        var total = 0, read = 0
        // Over 128 KB: libxml2 gets several chunks, and an error can fall on either side of a boundary.
        for n in 0..<UInt64(12) {
            let seed = 0xB16_D0C &+ n
            var rng = SeededGenerator(seed: seed)
            var generator = UIAutomatorDumpGenerator()
            generator.valid = true
            generator.minimumBytes = 140_000 + Int(rng.next() % 300_000)
            let dump = generator.dump(&rng)
            XCTAssertGreaterThan(dump.count, UIAutomatorParser.chunkSize)
            total += dump.count
            if assertSameAsXMLParser(dump, "large seed \(seed), \(dump.count) bytes") { read += 1 }
            for k in 0..<3 {
                let bytes = UIAutomatorDumpGenerator.broken(dump, &rng, near: k == 0 ? UIAutomatorParser.chunkSize : nil)
                total += bytes.count
                if assertSameAsXMLParser(bytes, "large seed \(seed), broken \(k), \(bytes.count) bytes") { read += 1 }
            }
        }
        print("UIAutomatorOracleTests: 48 large dumps, \(total) bytes, \(read) read, \(48 - read) refused")
    }

    func testReadsOnSeveralThreadsAtOnceAgree() throws {
        // The watcher reads on several threads: each read has its own libxml2
        // context, and the thread's error handler is its own; XMLParser runs
        // beside them on other threads.
        var dumps: [[UInt8]] = []
        for n in 0..<UInt64(64) {
            var rng = SeededGenerator(seed: 0xC0_FFEE &+ n)
            var generator = UIAutomatorDumpGenerator()
            let dump = generator.dump(&rng)
            dumps.append(n % 2 == 0 ? dump : UIAutomatorDumpGenerator.broken(dump, &rng))
        }
        let expected = dumps.map { bytes in Result { try UIAutomatorReader.read(bytes, file: "S.xml", screen: "S") } }
        let results = Results(count: dumps.count * 4)
        DispatchQueue.concurrentPerform(iterations: dumps.count * 4) { i in
            let bytes = dumps[i % dumps.count]
            if i % 4 == 3 {
                _ = try? XMLParserUIAutomatorReader.read(bytes, file: "S.xml", screen: "S")
                return
            }
            results.set(i, Result { try UIAutomatorReader.read(bytes, file: "S.xml", screen: "S") })
        }
        for i in 0..<(dumps.count * 4) where i % 4 != 3 {
            switch (results.get(i), expected[i % dumps.count]) {
            case let (.success(a)?, .success(b)): XCTAssertEqual(a, b, "dump \(i % dumps.count)")
            case let (.failure(a)?, .failure(b)): XCTAssertEqual("\(a)", "\(b)", "dump \(i % dumps.count)")
            default: XCTFail("dump \(i % dumps.count): read and refused")
            }
        }
    }

    /// What the threads of `testReadsOnSeveralThreadsAtOnceAgree` read, behind a lock.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<Snapshot, Error>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ i: Int, _ value: Result<Snapshot, Error>) { lock.lock(); values[i] = value; lock.unlock() }

        func get(_ i: Int) -> Result<Snapshot, Error>? { lock.lock(); defer { lock.unlock() }; return values[i] }
    }

    func testSmallAndDeepInputsReadAsWithXMLParser() {
        for text in ["", "<", "<h", "<hi", "<hie", "    ", "\n\n\n\n", "<?xml version='1.0'?>", "<hierarchy/>", "<hierarchy>",
                     "<node/>", "<a:node xmlns:a='u'/>", "<hierarchy><node a:text='x'/></hierarchy>",
                     "<hierarchy xmlns:a='rel'><node a:text='x'/></hierarchy>", "<hierarchy><node text='&amp;&#38;&#x26;'/></hierarchy>",
                     "<?xml version='2.0'?><hierarchy/>", "\u{FEFF}<hierarchy/>", "<hierarchy><![CDATA[x]]><!-- c --></hierarchy>"] {
            assertSameAsXMLParser(Array(text.utf8), "\(text.debugDescription)")
        }
        for depth in [999, 1000, 1001, 1002] {
            let text = "<hierarchy>" + String(repeating: "<node text='x'>", count: depth) + String(repeating: "</node>", count: depth) + "</hierarchy>"
            assertSameAsXMLParser(Array(text.utf8), "\(depth) deep")
        }
        // Invalid UTF-8, which `SnapshotReader` refuses first, reaches libxml2 through `UIAutomatorReader` alone.
        for bad: [UInt8] in [[0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0xFF]] {
            assertSameAsXMLParser(Array("<hierarchy><node text='a".utf8) + bad + Array("b'/></hierarchy>".utf8), "bytes \(bad)")
            assertSameAsXMLParser(Array("<hierarchy>".utf8) + bad + Array("</hierarchy>".utf8), "text bytes \(bad)")
        }
    }
}
