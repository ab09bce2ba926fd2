@testable import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// `AXSnapshotJSONDecoder` builds each element in place and keeps only the
/// problems of its fields; `FieldResultJSONDecoder` keeps every field as a
/// `Result` and checks them in order at the element's end. On every input
/// both must give the same snapshot, or the same error.
final class JSONDecoderOracleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The decoder's outcome, as a test compares it.
    enum Outcome: Equatable {
        case snapshot(Snapshot)
        case error(String)
    }

    static func decoded(_ bytes: [UInt8], maxElements: Int = .max) -> Outcome {
        JSONParser.withParser(bytes, maxObjectItems: maxElements) { parser in
            var decoder = AXSnapshotJSONDecoder(parser, file: "S.json")
            do { return .snapshot(try decoder.snapshot(defaultScreen: "S")) } catch { return .error("\(error)") }
        }
    }

    static func oracle(_ bytes: [UInt8], maxElements: Int = .max) -> Outcome {
        JSONParser.withParser(bytes, maxObjectItems: maxElements) { parser in
            var decoder = FieldResultJSONDecoder(parser, file: "S.json")
            do { return .snapshot(try decoder.snapshot(defaultScreen: "S")) } catch { return .error("\(error)") }
        }
    }

    func testEveryJSONSnapshotOfTheCorporaDecodesAsTheOracleDoes() throws {
        let dirs = [Self.root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures"),
                    Self.root.deletingLastPathComponent().appendingPathComponent("shared/corpus")]
        var files = 0
        for dir in dirs where FileManager.default.fileExists(atPath: dir.path) {
            guard let walker = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".json") {
                let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(path)))
                XCTAssertEqual(Self.decoded(bytes), Self.oracle(bytes), path)
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 10, "the committed fixtures alone hold more JSON files than this")
    }

    /// Seeded snapshots with every field, mistyped values, nulls, duplicate keys,
    /// unknown roles and platforms, bad levels and nesting: the same model or
    /// the same first error. Each round's text is printed with its seed on a failure.
    func testSeededSnapshotsDecodeAsTheOracleDoes() {
        for seed: UInt64 in [7, 0x0AC1E, 20261206] {
            var rng = SeededGenerator(seed: seed)
            var errors = 0, snapshots = 0
            for round in 0..<400 {
                let text = Self.snapshotText(&rng, typos: [0, 9, 3][round % 3])
                let bytes = Array(text.utf8)
                let (got, want) = (Self.decoded(bytes), Self.oracle(bytes))
                XCTAssertEqual(got, want, "seed \(seed) round \(round):\n\(text)")
                if case .error = want { errors += 1 } else { snapshots += 1 }
                if got != want { return }
                // The element bound is met at the same element.
                let limit = Int(rng.next() % 6)
                XCTAssertEqual(Self.decoded(bytes, maxElements: limit), Self.oracle(bytes, maxElements: limit), "seed \(seed) round \(round) limit \(limit)")
            }
            // Both outcomes must be exercised, or the comparison proves little.
            XCTAssertGreaterThan(errors, 60, "errors, seed \(seed)")
            XCTAssertGreaterThan(snapshots, 60, "snapshots, seed \(seed)")
        }
    }

    /// Duplicate keys whose values disagree in type or validity: the last one decides.
    func testTheLastOfDuplicateKeysDecidesAsInTheOracle() {
        let elements = [
            #"{"states": ["level=0"], "states": 1}"#,
            #"{"states": 1, "states": ["level=0"]}"#,
            #"{"states": ["level=0"], "states": ["level=2"]}"#,
            #"{"label": 1, "label": "Pay"}"#,
            #"{"label": "Pay", "label": 1, "value": 2}"#,
            #"{"role": 1, "role": "AXCustom", "platformRole": 3}"#,
            #"{"role": "AXCustom", "platformRole": null}"#,
            #"{"frame": [0, 0, -1, 1], "frame": [0, 0, 1, 1]}"#,
            #"{"children": [1], "children": []}"#,
            #"{"children": [{"label": 1}], "label": 2}"#,
            #"{"hidden": 1, "hidden": null}"#,
        ]
        for element in elements {
            for platform in [#""platform": "tvos", "platform": 1"#, #""platform": 1, "platform": "tvos""#, #""platform": "web""#] {
                let text = #"{"axsnapshot": 1, \#(platform), "elements": [\#(element)]}"#
                XCTAssertEqual(Self.decoded(Array(text.utf8)), Self.oracle(Array(text.utf8)), text)
            }
        }
    }

    /// Frames are read in the unit of the platform named so far; the last
    /// "platform", before or after the elements, decides the unit they keep.
    func testTheFramesUnitIsTheLastPlatformsWhereverItIsNamed() {
        let element = #"{"frame": [1, 2, 3, 4], "children": [{"frame": [5, 6, 7, 8]}]}"#
        let platforms: [(before: String, after: String, unit: FrameUnit)] = [
            ("", "", .points), (#""platform": "android","#, "", .dp), ("", #", "platform": "web""#, .cssPixels),
            (#""platform": "android","#, #", "platform": "ios""#, .points), (#""platform": "web","#, #", "platform": "android""#, .dp),
            (#""platform": "android","#, #", "platform": "android""#, .dp), (#""platform": "android","#, #", "platform": null"#, .points),
            (#""platform": null,"#, #", "platform": "web""#, .cssPixels),
            (#""platform": "web", "elements": [],"#, #", "platform": "web""#, .cssPixels),
        ]
        for (before, after, unit) in platforms {
            let text = #"{"axsnapshot": 1, \#(before) "elements": [\#(element)]\#(after)}"#
            let got = Self.decoded(Array(text.utf8))
            XCTAssertEqual(got, Self.oracle(Array(text.utf8)), text)
            guard case .snapshot(let snapshot) = got else { XCTFail(text); continue }
            XCTAssertEqual(snapshot.elements.first?.frame?.unit, unit, text)
            XCTAssertEqual(snapshot.elements.first?.children.first?.frame?.unit, unit, text)
        }
    }

    static func pick<T>(_ items: [T], _ rng: inout SeededGenerator) -> T { items[Int(rng.next() % UInt64(items.count))] }

    /// A value for `key`: well typed, or of another type once in `typos` (0: never).
    static func value(for key: String, depth: Int, typos: Int, _ rng: inout SeededGenerator) -> String {
        if typos > 0, rng.next() % UInt64(typos) == 0 {
            return pick(["1", "true", "\"x\"", "[1]", "{}", "null", "[\"a\", 2]", "[1, 2, 3]", "[0, 0, -1, 4]"], &rng)
        }
        if rng.next() % 12 == 0 { return "null" }
        switch key {
        case "role":
            return pick(["\"button\"", "\"text\"", "\"image\"", "\"heading\"", "\"link\"", "\"container\"", "\"switch\"",
                         "\"AXCustom\"", "\"bu\\u0074ton\"", "\"toolbar\"", "\"\""], &rng)
        case "states":
            return "[" + (0..<Int(rng.next() % 3)).map { _ in
                pick(["\"selected\"", "\"disabled\"", "\"level=2\"", "\"level=0\"", "\"level=x\"", "\"checked\"", "\"odd\""], &rng)
            }.joined(separator: ", ") + "]"
        case "inputLabels", "actions":
            return "[" + (0..<Int(rng.next() % 3)).map { _ in pick(["\"Pay\"", "\"Ä\"", "\"a\\nb\""], &rng) }.joined(separator: ", ") + "]"
        case "frame":
            return pick(["[0, 0, 10, 10]", "[1.5, -2, 3e1, 0.25]", "[0, 0, 44, 44]", "[2, 3, 4]", "[0, 0, -4, 4]",
                         "[ 1 ,\n 2 , 3 ,\t4 ]", "[1, 2, 3, 4, 5]", "[01, 2, 3, 4]", "[1, 2, 3, -]", "[1, 2, 3, \"4\"]",
                         "[1e999, 0, 1, 1]", "[1, 2, 3, 4,]", "[1, 2, 3 4]", "[]", "[-0.5, 2.25e-3, 1E2, 0]"], &rng)
        case "hidden", "element":
            return pick(["true", "false"], &rng)
        case "children":
            guard depth < 3 else { return "[]" }
            return "[" + (0..<Int(rng.next() % 3)).map { _ in element(depth: depth + 1, typos: typos, &rng) }.joined(separator: ", ") + "]"
        default:
            return pick(["\"Pay now\"", "\"icon_cart_24\"", "\"Ünïcödé\"", "\"tab\\tbed\"", "\"\"", "\"a \\\"quoted\\\" word\""], &rng)
        }
    }

    static let keys = ["id", "role", "platformRole", "label", "value", "hint", "image", "inputLabels", "actions",
                       "frame", "hidden", "element", "states", "children", "unknown"]

    static func element(depth: Int, typos: Int, _ rng: inout SeededGenerator) -> String {
        if typos > 0, rng.next() % UInt64(typos * 4) == 0 { return pick(["1", "\"e\"", "null", "[]"], &rng) }
        var members: [String] = []
        for _ in 0..<Int(rng.next() % 11) {
            let key = pick(keys, &rng)
            members.append("\"\(key)\": \(value(for: key, depth: depth, typos: typos, &rng))")
            // A duplicate key now and then: the last one wins.
            if rng.next() % 10 == 0 { members.append("\"\(key)\": \(value(for: key, depth: depth, typos: typos, &rng))") }
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func snapshotText(_ rng: inout SeededGenerator, typos: Int) -> String {
        var members: [String] = []
        if !(typos > 0 && rng.next() % 30 == 0) { members.append("\"axsnapshot\": " + (typos > 0 && rng.next() % 30 == 0 ? "2" : "1")) }
        for key in ["screen", "platform", "layoutDirection", "locale"] where rng.next() % 2 == 0 {
            var value: String
            switch key {
            case "platform": value = pick(["\"ios\"", "\"web\"", "\"android\"", "\"other\"", "\"tvos\""], &rng)
            case "layoutDirection": value = pick(["\"ltr\"", "\"rtl\"", "\"up\""], &rng)
            default: value = pick(["\"Checkout\"", "\"de-DE\""], &rng)
            }
            if typos > 0, rng.next() % UInt64(typos) == 0 { value = pick(["1", "null", "[]"], &rng) }
            members.append("\"\(key)\": \(value)")
        }
        let count = Int(rng.next() % 5)
        members.append("\"elements\": [" + (0..<count).map { _ in element(depth: 0, typos: typos, &rng) }.joined(separator: ",\n ") + "]")
        var rng2 = rng
        members.shuffle(using: &rng2)
        rng = rng2
        var text = "{" + members.joined(separator: ",\n ") + "}"
        // Now and then a syntax error somewhere: it comes before any type error.
        if typos > 0, rng.next() % 10 == 0, !text.isEmpty {
            var bytes = Array(text.utf8)
            let at = Int(rng.next() % UInt64(bytes.count))
            bytes[at] = pick([UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "\""), 0x0A], &rng)
            text = String(decoding: bytes, as: UTF8.self)
        }
        return text
    }
}
