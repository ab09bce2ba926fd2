import AXRecord
import AXSnapshot
import Foundation
import XCTest

/// Each fixture's recorded JSON against its expected file, byte for byte
/// (`__Snapshots__/RecordFixtureTests/<fixture>.json`; `AXDIFF_RECORD=1`
/// re-records on purpose), and the same bytes on a second recording.
final class RecordFixtureTests: XCTestCase {
    func testEachFixtureMatchesItsExpectedFile() throws {
        let (first, _, version) = try Fixtures.recorded()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/RecordFixtureTests")
        let rerecord = ProcessInfo.processInfo.environment["AXDIFF_RECORD"] == "1"
        for name in Fixtures.names {
            let json = SnapshotJSONWriter.json(try XCTUnwrap(first[name]).snapshot)
            let file = folder.appendingPathComponent("\(name).json")
            if rerecord {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(json.utf8).write(to: file)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(json, expected, "\(name).html recorded by \(version) differs from \(file.path)")
        }
    }

    func testRecordingTwiceGivesTheSameBytes() throws {
        let (first, second, _) = try Fixtures.recorded()
        for name in Fixtures.names {
            XCTAssertEqual(SnapshotJSONWriter.json(try XCTUnwrap(first[name]).snapshot),
                           SnapshotJSONWriter.json(try XCTUnwrap(second[name]).snapshot), name)
        }
    }

    func testWrittenJSONReadsBackAsTheSameSnapshot() throws {
        for name in Fixtures.names {
            let snapshot = try Fixtures.snapshot(name)
            let json = SnapshotJSONWriter.json(snapshot)
            let back = try SnapshotReader.read(Array(json.utf8), file: "\(name).json")
            XCTAssertEqual(back.stops.map(\.spoken), snapshot.stops.map(\.spoken), name)
            XCTAssertEqual(back.stops.map(\.frame), snapshot.stops.map(\.frame), name)
            XCTAssertEqual(back.stops.map(\.id), snapshot.stops.map(\.id), name)
            XCTAssertEqual(back.platform, .web)
            XCTAssertEqual(SnapshotJSONWriter.json(back), json, "\(name): writing what was read changes the bytes")
        }
    }

    func testHiddenSubtreesAreNoStops() throws {
        let s = try Fixtures.snapshot("hidden")
        XCTAssertEqual(s.stops.map(\.spoken), ["Inbox, heading level 1", "3 new messages", "Compose, button"])
        XCTAssertEqual(s.stops.map(\.id), [nil, nil, "compose"])
    }

    func testComboboxFieldsAndStates() throws {
        let s = try Fixtures.snapshot("combobox")
        XCTAssertEqual(s.stops.count, 11)
        let byID = Dictionary(s.stops.compactMap { st in st.id.map { ($0, st) } }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byID["size"]?.role, .picker)
        XCTAssertEqual(byID["size"]?.value, "Large")
        XCTAssertEqual(byID["size"]?.states, [.collapsed])
        XCTAssertEqual(byID["city"]?.states, [.expanded])
        XCTAssertEqual(byID["city"]?.value, "Par")
        XCTAssertEqual(byID["email"]?.states, [.invalid])
        XCTAssertEqual(byID["email"]?.hint, "We never share it")
        XCTAssertEqual(byID["news"]?.states, [.checked])
        XCTAssertEqual(byID["apply"]?.states, [.disabled])
        // A list box's options are stops; a closed combo box's are heard only as its value.
        XCTAssertEqual(s.stops.filter { $0.label == "Paris" || $0.label == "Parma" }.count, 2)
        XCTAssertFalse(s.stops.contains { $0.label == "Small" })
    }

    func testDialogIsAContainerOfItsStopsWithTheFocusedButton() throws {
        let s = try Fixtures.snapshot("dialog")
        XCTAssertEqual(s.stops.map(\.spoken), [
            "Files", "Delete \"report.pdf\"?, heading level 2", "This cannot be undone.", "Cancel, button, focused",
            "Delete, button", "More options, button, collapsed",
        ])
        let dialog = try XCTUnwrap(s.elements.first { $0.id == "confirm" })
        XCTAssertEqual(dialog.role, .dialog, "kept with its role: entering it is announced")
        XCTAssertEqual(dialog.platformRole, "dialog")
        XCTAssertEqual(dialog.children.count, 4)
        XCTAssertEqual(dialog.frame, Frame(x: 100, y: 100, width: 338, height: 166, unit: .cssPixels))
    }

    func testScreenLocaleAndDirectionComeFromThePage() throws {
        let rtl = try Fixtures.snapshot("rtl-row")
        XCTAssertEqual(rtl.layoutDirection, .rtl)
        XCTAssertEqual(rtl.locale, "ar")
        let recorder = try PageRecorder(chromium: try Fixtures.chromium())
        defer { recorder.close() }
        XCTAssertEqual(try recorder.record(Fixtures.url("card-plain")).snapshot.screen, "Product card")
    }
}
