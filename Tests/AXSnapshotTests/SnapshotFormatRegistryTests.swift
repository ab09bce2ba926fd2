@testable import AXSnapshot
import XCTest

/// Every format is declared once, by its reader in `SnapshotReader.readers`;
/// what the rest of axdiff knows about formats derives from that list.
final class SnapshotFormatRegistryTests: XCTestCase {
    /// A small file of each format, by format.
    static let samples: [SnapshotFormat: String] = [
        .axsnapshot: #"{"axsnapshot": 1, "elements": [{"role": "button", "label": "Pay"}]}"#,
        .uiautomator: #"<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation="0"><node text="Pay" class="android.widget.Button" clickable="true" bounds="[0,0][100,50]"/></hierarchy>"#,
        .ariaYAML: "# Element subtree: a comment an XCUITest sniff would take\n- button \"Pay\"\n",
        .xcuitest: "Attributes: Application, 0x1, pid: 1, label: 'Shop'\nElement subtree:\n →Application, 0x1, pid: 1, label: 'Shop'\n    Button, 0x2, {{0.0, 0.0}, {100.0, 50.0}}, label: 'Pay'\n",
    ]

    func testEveryFormatHasExactlyOneRegisteredReader() {
        let formats = SnapshotReader.readers.map { $0.format }
        XCTAssertEqual(formats.count, SnapshotFormat.allCases.count)
        XCTAssertEqual(Set(formats), Set(SnapshotFormat.allCases))
        XCTAssertEqual(SnapshotReader.formatNames, formats.map(\.rawValue))
    }

    func testExtensionsAreDeclaredOnceLowerCaseWithoutADot() {
        let extensions = SnapshotReader.fileExtensions
        XCTAssertEqual(extensions, SnapshotReader.readers.flatMap { $0.fileExtensions })
        XCTAssertEqual(extensions.count, 5)
        XCTAssertEqual(Set(extensions).count, extensions.count, "an extension claimed by two readers: \(extensions)")
        for e in extensions {
            XCTAssertEqual(e, e.lowercased())
            XCTAssertFalse(e.isEmpty || e.contains("."), e)
        }
    }

    /// Each sample is taken by its own reader, which is the first in the list whose sniff
    /// claims it; the ARIA sample also reads as XCUITest text, so the list's order decides it.
    func testDetectionTakesTheFirstRegisteredReaderThatClaimsTheContent() throws {
        for reader in SnapshotReader.readers {
            let sample = try XCTUnwrap(Self.samples[reader.format], "no sample for \(reader.format)")
            let bytes = Array(sample.utf8)
            let first = SnapshotReader.readers.first { $0.sniff(bytes[...]) }
            XCTAssertEqual(first.map { $0.format }, reader.format)
            let snapshot = try SnapshotReader.read(bytes, file: "Snapshots/Pay.\(reader.fileExtensions[0])")
            XCTAssertEqual(snapshot.format, reader.format)
            XCTAssertEqual(snapshot.stops.map(\.spoken).count, 1, "\(reader.format): \(snapshot.stops.map(\.spoken))")
        }
        let aria = Array(try XCTUnwrap(Self.samples[.ariaYAML]).utf8)
        XCTAssertTrue(XCUITestReader.sniff(aria[...]), "the sample no longer tests the order")
    }

    func testTheUnknownFormatErrorNamesEveryRegisteredFormat() {
        XCTAssertThrowsError(try SnapshotReader.read(Array("Just some notes.\n".utf8), file: "notes.txt")) { error in
            XCTAssertEqual("\(error)", "notes.txt:1:1: not a snapshot in any known format (tried \(SnapshotReader.formatNames.joined(separator: ", ")))")
        }
    }
}
