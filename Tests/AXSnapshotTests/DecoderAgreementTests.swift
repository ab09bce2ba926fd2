@testable import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The axsnapshot JSON reader decodes through three paths that must agree
/// (see `JSONNodeScanner`): the one-pass scanner, the scanner taking elements
/// from a memo, and the reference parser with its decoder. On every JSON file
/// the repository holds, on every corpus dump written out as axsnapshot JSON,
/// and on seeded mutations of all of them, each path gives the same snapshot,
/// and an input that does not read gives the same error, at the same place.
final class DecoderAgreementTests: XCTestCase {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.json` file under `Tests/` (fixtures, recorded snapshots) and `Config/` (examples, configuration).
    func repositoryJSON() throws -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in ["Tests", "Config"] {
            let base = Self.root.appendingPathComponent(folder)
            let walker = try XCTUnwrap(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "json" {
                files.append((url.path.replacingOccurrences(of: Self.root.path + "/", with: ""), [UInt8](try Data(contentsOf: url))))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Every corpus dump that reads (XCUITest, ARIA, uiautomator: real
    /// screens, with real labels), written out as axsnapshot JSON.
    func corpusAsJSON() throws -> [(name: String, bytes: [UInt8])] {
        let corpus = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("corpus")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil))
        var files: [(String, [UInt8])] = []
        for case let url as URL in walker where ["txt", "yml", "xml"].contains(url.pathExtension) {
            guard let snapshot = try? SnapshotReader.read([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent) else { continue }
            files.append(("corpus/" + url.lastPathComponent + " as JSON", Array(SnapshotJSON.text(snapshot).utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Reads `bytes` every way and checks that the ways agree; `memo` is one
    /// left by reading another file. Returns whether it read, and whether the
    /// scanner (rather than the parser) read it.
    @discardableResult
    func checkAgreement(_ bytes: [UInt8], memo: ReadMemo?, _ label: String) -> (read: Bool, scanned: Bool) {
        let file = "S.json"
        let general = Result { try SnapshotReader.read(bytes, file: file) }
        let withMemo = Result { try SnapshotReader.read(bytes, file: file, memo: memo).snapshot }
        switch (general, withMemo) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a, b, "with a memo: \(label)")
        case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", "with a memo: \(label)")
        default: XCTFail("\(label): read \(general), with a memo \(withMemo)")
        }
        guard let text = String(validating: bytes, as: UTF8.self), text.drop(while: { $0.isWhitespace }).first == "{" else {
            return ((try? general.get()) != nil, false)
        }
        let screen = SnapshotReader.screenName(for: file)
        let fast = JSONNodeScanner.snapshot(text, defaultScreen: screen)
        let fastWithMemo = JSONNodeScanner.snapshot(text, defaultScreen: screen, previous: memo?.json)?.0
        XCTAssertEqual(fastWithMemo, fast, "the scanner with a memo: \(label)")
        let reference = Result { try AXSnapshotJSONReader.readInFull(text, file: file, screen: screen) }
        if let fast {
            XCTAssertEqual(fast, try? reference.get(), "the scanner read what the parser does not: \(label)")
        }
        // The reference also decides everything the general path reads as
        // JSON, but for a NUL byte, refused before any reader runs.
        guard !bytes.contains(0) else { return ((try? general.get()) != nil, fast != nil) }
        switch (general, reference) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a, b, label)
        case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", label)
        default: XCTFail("\(label): read \(general), the parser \(reference)")
        }
        return ((try? general.get()) != nil, fast != nil)
    }

    func testEveryFileAndItsMutationsReadTheSameEveryWay() throws {
        let seed: UInt64 = 0xA62E_E5
        var rng = SeededGenerator(seed: seed)
        let files = try repositoryJSON() + corpusAsJSON()
        XCTAssertGreaterThanOrEqual(files.count, 110, "the repository's JSON files and the corpus")
        var read = 0, scanned = 0, mutantsRead = 0, mutantsScanned = 0, mutantsRefused = 0
        var previous: ReadMemo?
        for (index, file) in files.enumerated() {
            // Each file with the memo of the file before it (unrelated bytes),
            // then each mutant with the memo of the file it came from.
            let own = checkAgreement(file.bytes, memo: previous, "\(file.name) (seed \(seed))")
            if own.read { read += 1 }
            if own.scanned { scanned += 1 }
            let memo = (try? SnapshotReader.read(file.bytes, file: "S.json", memo: nil))?.memo
            if memo != nil { previous = memo }
            for m in 0..<12 {
                let (mutant, how) = Self.mutate(file.bytes, &rng)
                let outcome = checkAgreement(mutant, memo: memo, "\(file.name), mutant \(m) (\(how); seed \(seed), file \(index))")
                if outcome.read { mutantsRead += 1 } else { mutantsRefused += 1 }
                if outcome.scanned { mutantsScanned += 1 }
            }
        }
        print("DecoderAgreementTests: \(files.count) files, \(read) read (\(scanned) by the scanner); mutants: \(mutantsRead) read (\(mutantsScanned) by the scanner), \(mutantsRefused) refused")
        XCTAssertGreaterThanOrEqual(read, 50, "files that read")
        XCTAssertGreaterThanOrEqual(scanned, 40, "files the scanner reads itself")
        XCTAssertGreaterThan(mutantsScanned, 250, "mutants the scanner reads itself")
        XCTAssertGreaterThan(mutantsRead, mutantsScanned / 2)
        XCTAssertGreaterThan(mutantsRefused, 500, "mutants that do not read: their errors agree")
    }

    /// One seeded edit of `bytes`: a byte deleted, inserted or replaced
    /// (JSON's structural bytes, digits, a backslash, a multi-byte letter),
    /// the file cut short, a slice duplicated, or a label's text changed.
    static func mutate(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> ([UInt8], String) {
        guard !bytes.isEmpty else { return ([0x7B], "a brace") }
        let alphabet: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\", " ", "\n", "0", "7", "-", ".", "e", "n", "t", "é", "\u{FEFF}"].map { Array($0.utf8) }
        var out = bytes
        let at = Int(rng.next() % UInt64(bytes.count))
        let pick = alphabet[Int(rng.next() % UInt64(alphabet.count))]
        switch rng.next() % 7 {
        case 0:
            out.remove(at: at)
            return (out, "byte \(at) deleted")
        case 1:
            out.insert(contentsOf: pick, at: at)
            return (out, "\(String(decoding: pick, as: UTF8.self).debugDescription) inserted at \(at)")
        case 2:
            out.replaceSubrange(at...at, with: pick)
            return (out, "byte \(at) replaced by \(String(decoding: pick, as: UTF8.self).debugDescription)")
        case 3:
            return (Array(out[..<at]), "cut at \(at)")
        case 4:
            let end = min(bytes.count, at + 1 + Int(rng.next() % 80))
            out.insert(contentsOf: bytes[at..<end], at: end)
            return (out, "bytes \(at)..<\(end) doubled")
        case 5:
            // A label's text edited: what a commit usually changes; the rest is the memo's.
            guard let text = String(validating: bytes, as: UTF8.self), let range = text.range(of: "\"label\": \"") else {
                out.remove(at: at)
                return (out, "byte \(at) deleted")
            }
            var edited = text
            edited.insert(contentsOf: "edited ", at: range.upperBound)
            return (Array(edited.utf8), "a label edited")
        default:
            // A line moved down: every element after it is the memo's, on another line.
            out.insert(contentsOf: Array("\n\n".utf8), at: at)
            return (out, "two line feeds at \(at)")
        }
    }
}

/// A snapshot written as axsnapshot JSON, one element per line, every field
/// the model has: what the agreement tests feed the readers.
enum SnapshotJSON {
    static func text(_ snapshot: Snapshot) -> String {
        var out = "{\"axsnapshot\": 1, \"screen\": \(SnapshotJSONWriter.quoted(snapshot.screen)), \"platform\": \"\(snapshot.platform.rawValue)\""
        if let locale = snapshot.locale { out += ", \"locale\": \(SnapshotJSONWriter.quoted(locale))" }
        out += ", \"layoutDirection\": \"\(snapshot.layoutDirection.rawValue)\", \"elements\": ["
        write(snapshot.elements, into: &out, indent: "\n  ")
        return out + "\n]}\n"
    }

    static func write(_ nodes: [Node], into out: inout String, indent: String) {
        for (i, node) in nodes.enumerated() {
            out += (i == 0 ? "" : ",") + indent + "{"
            var fields: [String] = ["\"role\": " + SnapshotJSONWriter.quoted(node.platformRole ?? node.role.rawValue)]
            if let id = node.id { fields.append("\"id\": " + SnapshotJSONWriter.quoted(id)) }
            if let label = node.label { fields.append("\"label\": " + SnapshotJSONWriter.quoted(label)) }
            if let value = node.value { fields.append("\"value\": " + SnapshotJSONWriter.quoted(value)) }
            if let hint = node.hint { fields.append("\"hint\": " + SnapshotJSONWriter.quoted(hint)) }
            if let image = node.imageName { fields.append("\"image\": " + SnapshotJSONWriter.quoted(image)) }
            var states = node.states.map(\.rawValue).sorted()
            if let level = node.level { states.append("level=\(level)") }
            if !states.isEmpty { fields.append("\"states\": [" + states.map(SnapshotJSONWriter.quoted).joined(separator: ", ") + "]") }
            if !node.inputLabels.isEmpty { fields.append("\"inputLabels\": [" + node.inputLabels.map(SnapshotJSONWriter.quoted).joined(separator: ", ") + "]") }
            if !node.actions.isEmpty { fields.append("\"actions\": [" + node.actions.map(SnapshotJSONWriter.quoted).joined(separator: ", ") + "]") }
            if let f = node.frame { fields.append("\"frame\": [\(number(f.x)), \(number(f.y)), \(number(f.width)), \(number(f.height))]") }
            if node.hidden { fields.append("\"hidden\": true") }
            if let element = node.element { fields.append("\"element\": \(element)") }
            out += fields.joined(separator: ", ")
            if !node.children.isEmpty {
                out += ", \"children\": ["
                write(node.children, into: &out, indent: indent + "  ")
                out += "]"
            }
            out += "}"
        }
    }

    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }
}
