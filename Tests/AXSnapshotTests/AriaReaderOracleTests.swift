import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// The ARIA reader reads every file as the reader before it did
/// (`OracleAriaYAMLReader`): the same `Snapshot`, or the same error (file,
/// line, column, message), on the shared corpus and on seeded generated
/// snapshots that mix what Playwright writes with what it rejects.
final class AriaReaderOracleTests: XCTestCase {
    /// The shared corpus beside the checkout (`../shared/corpus`), when it is there.
    static var sharedCorpus: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }

    /// Both readers' outcome for `bytes`: a snapshot, or the error's text.
    static func outcomes(_ bytes: [UInt8], file: String) -> (new: Result<Snapshot, SnapshotError>, old: Result<Snapshot, SnapshotError>) {
        func run(_ read: () throws -> Snapshot) -> Result<Snapshot, SnapshotError> {
            do { return .success(try read()) } catch let e as SnapshotError { return .failure(e) } catch {
                return .failure(SnapshotError(file: file, message: "unexpected error \(error)"))
            }
        }
        return (run { try AriaYAMLReader.read(bytes, file: file, screen: "S") },
                run { try OracleAriaYAMLReader.read(bytes, file: file, screen: "S") })
    }

    static func same(_ a: Result<Snapshot, SnapshotError>, _ b: Result<Snapshot, SnapshotError>) -> Bool {
        switch (a, b) {
        case let (.success(x), .success(y)): return x == y
        case let (.failure(x), .failure(y)): return x == y
        default: return false
        }
    }

    func testEveryCorpusARIAFileReadsAsTheOracleReadsIt() throws {
        guard let corpus = Self.sharedCorpus else { throw XCTSkip("no shared corpus beside the checkout") }
        let walker = FileManager.default.enumerator(atPath: corpus.path)
        let names = (walker?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
        var read = 0, failed = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
            // The reader's precondition (SnapshotReader checks it first): UTF-8 without NUL.
            guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { continue }
            let (new, old) = Self.outcomes(bytes, file: name)
            XCTAssertTrue(Self.same(new, old), "\(name): \(new) vs the oracle's \(old)")
            if case .success = old { read += 1 } else { failed += 1 }
        }
        XCTAssertGreaterThan(read, 0, "no ARIA file of the corpus read")
        print("AriaReaderOracleTests: \(read) corpus files read, \(failed) refused, alike")
    }

    func testSeededGeneratedSnapshotsReadAsTheOracleReadsThem() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        var read = 0
        for n in 0..<4000 {
            let text = AriaSnapshotGenerator.snapshot(&rng, malformed: n % 3 == 0)
            let bytes = Array(text.utf8)
            let (new, old) = Self.outcomes(bytes, file: "gen.aria.yml")
            if !Self.same(new, old) {
                XCTFail("seed \(seed), snapshot \(n): \(new) vs the oracle's \(old)\n\(text)")
                return
            }
            if case .success = old { read += 1 }
        }
        print("AriaReaderOracleTests: seed \(seed): \(read) of 4000 generated snapshots read, the rest refused, alike")
        // Both kinds are exercised: some read, some are refused.
        XCTAssertGreaterThan(read, 400, "seed \(seed)")
        XCTAssertLessThan(read, 4000, "seed \(seed)")
    }

    func testSeededPatternsAreSpokenAsTheOracleSpeaksThem() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        let pieces = ["\\", "\\d", "\\/", "\\x4", "\\x41", "\\u{1F600}", "\\u12", "\\p{L}", "\\c", "\\b", "\\t", "[", "]", "[^a]",
                      "(", ")", "(?:x|y)", "|", ".", "*", "+", "?", "{", "}", "{2}", "{1,}", "{1,3}", "{9}", "{2,9}", "{x}", "^", "$", "a", "Z",
                      " ", "0", "9", "f", "G", "\r", "\n", "\r\n", "é", "e\u{301}", "…", "-", ","]
        for n in 0..<20_000 {
            var pattern = ""
            for _ in 0..<Int(rng.next() % 12) { pattern += AriaSnapshotGenerator.pick(pieces, &rng) }
            let value = "/" + pattern + "/"
            if AriaPattern.spoken(pattern) != OracleAriaPattern.spoken(pattern)
                || AriaPattern.spokenValue(value) != OracleAriaPattern.spokenValue(value) {
                XCTFail("seed \(seed), pattern \(n): \(pattern.debugDescription) reads \(AriaPattern.spoken(pattern).debugDescription), the oracle \(OracleAriaPattern.spoken(pattern).debugDescription)")
                return
            }
        }
    }

    /// Whitespace collapsing reads ASCII text by its bytes and other text by
    /// its scalars: both as the oracle collapses them.
    func testSeededWhitespaceIsCollapsedAsTheOracleCollapsesIt() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        let pieces = [" ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "a", "Z", "0", "~", "-", "\u{7F}", "\u{01}",
                      "\u{85}", "\u{A0}", "\u{200B}", "\u{AD}", "\u{2028}", "\u{3000}", "é", "e\u{301}", "…"]
        for n in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 12) { text += AriaSnapshotGenerator.pick(pieces, &rng) }
            // By bytes: `String`'s `==` would take a decomposed é for a composed one.
            if Array(AriaBlockScalar.normalizedWhitespace(text).utf8) != Array(OracleAriaBlockScalar.normalizedWhitespace(text).utf8) {
                XCTFail("seed \(seed), text \(n): \(text.debugDescription) collapses to \(AriaBlockScalar.normalizedWhitespace(text).debugDescription), the oracle's \(OracleAriaBlockScalar.normalizedWhitespace(text).debugDescription)")
                return
            }
        }
    }

    /// Block scalars of every chomping and folding, with lines more and less
    /// indented, blank lines with and without spaces, CR LF line ends and
    /// the end of the file inside the block: collected as the oracle collects them.
    func testSeededBlockScalarsAreCollectedAsTheOracleCollectsThem() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        var withText = 0
        let texts = ["a", "two words", "x: y", "日本", "e\u{301}", "  ", "\t", "- item", "#"]
        for n in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 7) {
                let spaces = String(repeating: " ", count: Int(rng.next() % 7))
                let body = AriaSnapshotGenerator.chance(25, &rng) ? "" : AriaSnapshotGenerator.pick(texts, &rng)
                text += spaces + body + (AriaSnapshotGenerator.chance(20, &rng) ? "\r\n" : "\n")
            }
            if AriaSnapshotGenerator.chance(30, &rng) { text += String(repeating: " ", count: Int(rng.next() % 5)) + "end" }
            let bytes = Array(text.utf8)
            let indent = Int(rng.next() % 4)
            let folded = AriaSnapshotGenerator.chance(50, &rng)
            let chomp = Int(rng.next() % 3)
            let style = AriaBlockScalar.Style(folded: folded, chomp: [.clip, .strip, .keep][chomp])
            let oracleStyle = OracleAriaBlockScalar.Style(folded: folded, chomp: [.clip, .strip, .keep][chomp])
            let new = bytes.withUnsafeBufferPointer { AriaBlockScalar.collect($0, from: 0, indent: indent, style: style) }
            let old = OracleAriaBlockScalar.collect(bytes, from: 0, indent: indent, style: oracleStyle)
            if Array(new.value.utf8) != Array(old.value.utf8) || new.next != old.next || new.lines != old.lines {
                XCTFail("seed \(seed), block \(n) (indent \(indent), \(style)): \(text.debugDescription) collects \(new), the oracle \(old)")
                return
            }
            if !old.value.isEmpty { withText += 1 }
        }
        // Most blocks take some text; some stop at their first line.
        XCTAssertGreaterThan(withText, 5_000, "seed \(seed)")
        XCTAssertLessThan(withText, 20_000, "seed \(seed)")
    }
}
