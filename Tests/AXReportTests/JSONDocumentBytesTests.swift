import AXDiff
import AXTestSupport
@testable import AXReport
import XCTest

/// `JSONDocument` writes into a byte buffer, a run of bytes at a time; its
/// output must be the bytes of the writer it replaced, which appended one
/// escaped `Unicode.Scalar` at a time to a `String` (kept here as the
/// oracle), for every string a report can hold.
final class JSONDocumentBytesTests: XCTestCase {
    /// The character-at-a-time writer, as it was.
    static func oracle(_ document: JSONDocument) -> String {
        var out = ""
        write(document, to: &out, indent: 0)
        out.append("\n")
        return out
    }

    private static func write(_ document: JSONDocument, to out: inout String, indent: Int) {
        switch document {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(String(value))
        case .string(let value): writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append("[]"); return }
            out.append("[")
            for (i, item) in items.enumerated() {
                out.append(i == 0 ? "\n" : ",\n")
                out.append(String(repeating: " ", count: indent + 2))
                write(item, to: &out, indent: indent + 2)
            }
            out.append("\n" + String(repeating: " ", count: indent) + "]")
        case .object(let members):
            guard !members.isEmpty else { out.append("{}"); return }
            out.append("{")
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (i, key) in keys.enumerated() {
                out.append(i == 0 ? "\n" : ",\n")
                out.append(String(repeating: " ", count: indent + 2))
                writeString(key, to: &out)
                out.append(": ")
                if let value = members[key] { write(value, to: &out, indent: indent + 2) }
            }
            out.append("\n" + String(repeating: " ", count: indent) + "}")
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            case "\u{2028}", "\u{2029}", "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    /// Every escape class, its neighbours in UTF-8 (U+2027, U+202A share
    /// U+2028's first two bytes; C1 controls are not escaped), multi-byte
    /// and combining characters, and a CR LF cluster.
    static let pieces: [String] = [
        "a", "Try again", " ", "\"", "\\", "/", "\n", "\r", "\r\n", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1B}",
        "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}",
        "\u{FEFF}", "設定", "👋", "👩‍💻", "<script>", "&amp;", "\u{10FFFF}",
    ]

    static func randomString(_ rng: inout SeededGenerator) -> String {
        (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    static func randomDocument(_ rng: inout SeededGenerator, depth: Int) -> JSONDocument {
        switch rng.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2: return .int(Int(truncatingIfNeeded: rng.next()) >> Int(rng.next() % 63))
        case 3: return .string(randomString(&rng))
        case 4: return .array((0..<Int(rng.next() % 5)).map { _ in randomDocument(&rng, depth: depth + 1) })
        default:
            var members: [String: JSONDocument] = [:]
            for _ in 0..<Int(rng.next() % 5) { members[randomString(&rng)] = randomDocument(&rng, depth: depth + 1) }
            return .object(members)
        }
    }

    func testSeededDocumentsAreTheOraclesBytes() {
        let seed: UInt64 = 0x15_0B17E5
        var rng = SeededGenerator(seed: seed)
        var escapes = 0
        for round in 0..<2_000 {
            let document = Self.randomDocument(&rng, depth: 0)
            let expected = Self.oracle(document)
            XCTAssertEqual(document.renderedBytes, Array(expected.utf8), "round \(round), seed \(seed)")
            XCTAssertEqual(document.rendered, expected, "round \(round), seed \(seed)")
            escapes += expected.components(separatedBy: "\\u").count - 1
        }
        XCTAssertGreaterThan(escapes, 1_000, "the documents must hold escapes, seed \(seed)")
    }

    func testEachPieceAloneIsTheOraclesBytes() {
        for piece in Self.pieces {
            for text in [piece, "x" + piece, piece + "y", piece + piece] {
                let document = JSONDocument.object([text: .array([.string(text), .int(-1), .bool(true), .null])])
                XCTAssertEqual(document.rendered, Self.oracle(document), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        XCTAssertEqual(JSONDocument.string("\u{2028}a\u{7F}\"\u{1F}").rendered, #""\u2028a\u007f\"\u001f""# + "\n")
    }

    func testTheFixturesChangesAreTheOraclesBytes() {
        var compared = 0
        for report in [Fixtures.design, Fixtures.mixed] {
            for screen in ReportModel(report).screens {
                for change in screen.changes {
                    let document = TreeReportWriters.jsonChange(change, path: screen.path)
                    XCTAssertEqual(document.rendered, Self.oracle(document), change.message)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 10)
    }
}
