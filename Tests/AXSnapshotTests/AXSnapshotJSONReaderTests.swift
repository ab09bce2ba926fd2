@testable import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

final class AXSnapshotJSONReaderTests: XCTestCase {
    func read(_ text: String, file: String = "Snapshots/Checkout.json") throws -> Snapshot {
        try SnapshotReader.read(Array(text.utf8), file: file)
    }

    func error(_ text: String) -> String {
        do { _ = try read(text); return "read fine" } catch { return "\(error)" }
    }

    func testReadsTheModelAndKeepsUnknownRolesVerbatim() throws {
        let s = try read("""
        {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "locale": "ar", "layoutDirection": "rtl",
         "future": {"ignored": true},
         "elements": [
          {"id": "t", "role": "heading", "label": "Pay", "states": ["level=2", "selected", "sparkly"], "frame": [1, 2, 3, 4]},
          {"role": "gauge", "label": "Speed", "value": "3", "hint": "Adjusts", "inputLabels": ["Speed"], "actions": ["Reset"]}
        ]}
        """)
        XCTAssertEqual(s.screen, "Checkout")
        XCTAssertEqual(s.platform, .ios)
        XCTAssertEqual(s.locale, "ar")
        XCTAssertEqual(s.layoutDirection, .rtl)
        XCTAssertEqual(s.elements[0].level, 2)
        XCTAssertEqual(s.elements[0].states, [.selected])
        XCTAssertEqual(s.elements[0].frame, Frame(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(s.elements[1].role, .other)
        XCTAssertEqual(s.elements[1].platformRole, "gauge")
        XCTAssertEqual(s.elements[1].line, 5)
        XCTAssertEqual(s.stops.map(\.spoken), ["Pay, heading, selected", "Speed, 3, Actions available. Adjusts"])
    }

    func testScreenNameDefaultsToTheFileName() throws {
        XCTAssertEqual(try read(#"{"axsnapshot": 1, "elements": []}"#, file: "a/b/Orders.aria.json").screen, "Orders")
    }

    func testErrorsNameTheFileThePlaceAndWhatWasExpected() {
        XCTAssertEqual(error("{\"axsnapshot\": 1, \"elements\": [\n  {\"role\": \"text\",\n   \"label\": 42}]}"),
                       "Snapshots/Checkout.json:3:13: expected a string for \"label\", found a number")
        XCTAssertEqual(error(#"{"axsnapshot": 2}"#), "Snapshots/Checkout.json:1:16: expected 1 for \"axsnapshot\" (the only version this axdiff reads)")
        XCTAssertEqual(error(#"{"screen": "x"}"#), "Snapshots/Checkout.json:1:1: missing \"axsnapshot\": 1, this is not an axsnapshot file")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "elements": [{"frame": [1, 2, 3]}]}"#),
                       "Snapshots/Checkout.json:1:42: expected [x, y, width, height] for \"frame\", found an array")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "elements": [{"frame": [1, 2, -3, 4]}]}"#),
                       "Snapshots/Checkout.json:1:42: expected a non-negative width and height in \"frame\"")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "platform": "tv"}"#),
                       "Snapshots/Checkout.json:1:31: expected one of ios, web, android, other for \"platform\"")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "elements": [1]}"#), "Snapshots/Checkout.json:1:32: expected an element object, found a number")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "x": NaN}"#), "Snapshots/Checkout.json:1:24: expected a value, found 'N'")
        XCTAssertEqual(error(#"{"axsnapshot": 1} {"#), "Snapshots/Checkout.json:1:19: unexpected text after the end of the JSON value")
        XCTAssertEqual(error(#"{"axsnapshot": 1, "screen": "\ud800"}"#), "Snapshots/Checkout.json:1:36: unpaired surrogate in \\u escape")
        XCTAssertEqual(error("{\"axsnapshot\": 1, \"screen\": \"a\nb\"}"), "Snapshots/Checkout.json:1:31: unterminated string (line break inside a string)")
        XCTAssertEqual(error(""), "Snapshots/Checkout.json: empty file, expected a snapshot")
        XCTAssertEqual(error(" \n\t "), "Snapshots/Checkout.json: empty file, expected a snapshot")
    }

    func testEscapesAndByteOrderMark() throws {
        let s = try SnapshotReader.read([0xEF, 0xBB, 0xBF] + Array(#"{"axsnapshot": 1, "screen": "A\u00e9\ud83d\ude00\n\"q\""}"#.utf8), file: "x.json")
        XCTAssertEqual(s.screen, "Aé😀\n\"q\"")
    }

    func testHostileDepthIsAnErrorNotACrash() {
        let deep = #"{"axsnapshot": 1, "elements": "# + String(repeating: #"[{"children": "#, count: 10_000)
        XCTAssertTrue(error(deep).contains("nesting deeper than 512 levels"), error(deep))
        let arrays = String(repeating: "[", count: 100_000)
        XCTAssertTrue(error(arrays).hasPrefix("Snapshots/Checkout.json:1:513: nesting deeper than 512 levels"), error(arrays))
    }

    func testStopsFollowDesignRules() throws {
        let s = try read("""
        {"axsnapshot": 1, "elements": [
          {"role": "container", "children": [
            {"role": "image"},
            {"role": "text", "label": ""},
            {"role": "container", "hidden": true, "children": [{"role": "button", "label": "Hidden"}]},
            {"role": "cell", "element": true, "children": [{"role": "text", "label": "Order 1042"}, {"id": "go", "role": "image"}]},
            {"role": "button", "label": "Reorder", "element": false}
          ]}
        ]}
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["image", "Order 1042"])
        XCTAssertEqual(s.stops[1].innerIDs, ["go"])
        XCTAssertEqual(s.stops[1].imageNames, ["go"])
        XCTAssertEqual(s.stops[1].path, [0, 3])
    }

    /// JSON is read straight from the bytes when the text path would take the JSON reader
    /// (`SnapshotReader.readJSON`); whatever it reads, with or without the memo of another
    /// version, is what the text path reads: the same snapshot, or the same error. Seeded
    /// inputs: leading whitespace, byte-order marks, non-ASCII spaces and combining marks
    /// before or after the bracket, non-ASCII labels, invalid UTF-8, truncation.
    func testTheBytePathReadsWhatTheTextPathReads() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_SEED"] ?? "") ?? 0xB17E5
        var random = SeededGenerator(seed: seed)
        let prefixes: [[UInt8]] = [[], [0x20], [0x0A, 0x09], [0x0D, 0x0A], [0x0B, 0x0C], [0xEF, 0xBB, 0xBF],
                                   [0xEF, 0xBB, 0xBF, 0x20], [0x20, 0xEF, 0xBB, 0xBF], [0xC2, 0xA0], [0xE2, 0x80, 0xA8],
                                   [0x20, 0xCC, 0x81], [0xC2, 0x85]]
        let openers: [[UInt8]] = [Array("{".utf8), Array("[".utf8), Array("{".utf8) + [0xCC, 0x81], Array("x".utf8), []]
        let bodies: [[UInt8]] = [
            Array(#""axsnapshot": 1, "elements": [{"role": "button", "label": "Pay now, please, today"}]}"#.utf8),
            Array(#""axsnapshot": 1, "elements": [{"role": "text", "label": "Café ☕ crème brûlée"}]}"#.utf8),
            Array(#""axsnapshot": 1, "elements": [{"role": "text", "label": "bad "#.utf8) + [0xFF] + Array(#" byte"}]}"#.utf8),
            Array(#""axsnapshot": 1, "elements": [{"role": "text", "label": "cut"#.utf8),
            Array(#""axsnapshot": 1, "elements": [{"role": "text", "label": "x"}]} trailing"#.utf8),
            Array(#"1, 2]"#.utf8),
        ]
        func outcome(_ read: () throws -> (snapshot: Snapshot, memo: ReadMemo?)) -> String {
            do { return "\(try read().snapshot)" } catch { return "error: \(error)" }
        }
        var memo: ReadMemo?
        var compared = 0, bytePath = 0
        for _ in 0..<600 {
            var bytes = prefixes.randomElement(using: &random)! + openers.randomElement(using: &random)!
                + bodies.randomElement(using: &random)!
            if Int.random(in: 0..<4, using: &random) == 0 { bytes.insert(0xCC, at: Int.random(in: 0...bytes.count, using: &random)) }
            if bytes.isEmpty { continue }
            let file = "Snapshots/Seeded.json"
            let text = outcome { try SnapshotReader.readText(bytes, file: file, memo: nil) }
            XCTAssertEqual(outcome { try SnapshotReader.read(bytes, file: file, memo: nil) }, text, "seed \(seed): \(bytes)")
            XCTAssertEqual(outcome { try SnapshotReader.read(bytes, file: file, memo: memo) }, text, "seed \(seed), with a memo: \(bytes)")
            if let (_, next) = try? SnapshotReader.read(bytes, file: file, memo: memo), let next { memo = next }
            // Read (or refused) on the byte path: the bytes went no further.
            do {
                if try SnapshotReader.readJSON(bytes, file: file, memo: nil) != nil { bytePath += 1 }
            } catch {
                bytePath += 1
            }
            compared += 1
        }
        // Both paths were exercised: the check is not vacuous.
        XCTAssertGreaterThan(bytePath, 50, "seed \(seed)")
        XCTAssertGreaterThan(compared - bytePath, 50, "seed \(seed)")
    }
}
