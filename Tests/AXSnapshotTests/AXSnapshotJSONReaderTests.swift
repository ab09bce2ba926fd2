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
}
