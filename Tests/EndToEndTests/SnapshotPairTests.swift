import Foundation
import XCTest

/// `axdiff diff OLD NEW` parses two large files at once (`SnapshotPair`): the
/// report is the one reading them in turn gives, and an unreadable file is
/// reported as then — the old one first, one line, exit 2.
final class SnapshotPairTests: XCTestCase {
    /// A screen of `rows` buttons: about 70 bytes a row, so 2,000 rows pass
    /// the size from which the two files are parsed at once.
    static func screen(_ rows: Int, moved: Bool = false) -> String {
        var order = Array(0..<rows)
        if moved { order.swapAt(10, rows - 10) }
        let elements = order.map { #"{"id": "b\#($0)", "role": "button", "label": "Item \#($0)"}"# }
        return #"{"axsnapshot": 1, "screen": "List", "platform": "ios", "elements": ["# + elements.joined(separator: ",\n") + "]}"
    }

    func testLargeFilesGiveTheReportSmallOnesDo() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(Self.screen(2_000), to: dir.appendingPathComponent("old.json"))
        try CLI.write(Self.screen(2_000, moved: true), to: dir.appendingPathComponent("new.json"))
        XCTAssertGreaterThan(try Data(contentsOf: dir.appendingPathComponent("old.json")).count, 64 << 10)
        let large = try CLI.run(["diff", "old.json", "new.json", "--format", "json"], cwd: dir)
        // Two order warnings: the run passes.
        XCTAssertEqual(large.code, 0, large.err)
        XCTAssertEqual(large.err, "")
        // One change per moved stop, each naming it.
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(large.out.utf8)) as? [String: Any])
        let changes = try XCTUnwrap(report["changes"] as? [[String: Any]])
        let named = changes.compactMap { ($0["elements"] as? [[String: Any]])?.first?["label"] as? String }
        XCTAssertEqual(named.sorted(), ["Item 10", "Item 1990"], large.out)
        XCTAssertEqual(changes.compactMap { $0["kind"] as? String }, ["order.changed", "order.changed"])
    }

    func testTheOldFileIsReportedFirstAsReadingInTurnDoes() throws {
        let dir = try CLI.tempDir(self)
        let good = Self.screen(2_000)
        // Unreadable at the end, after 140 KB a parser has read.
        let bad = String(good.dropLast()) + ", }"
        try CLI.write(bad, to: dir.appendingPathComponent("bad-old.json"))
        try CLI.write(bad, to: dir.appendingPathComponent("bad-new.json"))
        try CLI.write(good, to: dir.appendingPathComponent("good.json"))

        let both = try CLI.run(["diff", "bad-old.json", "bad-new.json"], cwd: dir)
        XCTAssertEqual(both.code, 2)
        XCTAssertEqual(both.err.split(separator: "\n").count, 1, both.err)
        XCTAssertTrue(both.err.hasPrefix("axdiff: bad-old.json:"), both.err)

        let missing = try CLI.run(["diff", "bad-old.json", "missing.json"], cwd: dir)
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.hasPrefix("axdiff: bad-old.json:"), missing.err)

        let newOnly = try CLI.run(["diff", "good.json", "bad-new.json"], cwd: dir)
        XCTAssertEqual(newOnly.code, 2)
        XCTAssertEqual(newOnly.err.split(separator: "\n").count, 1, newOnly.err)
        XCTAssertTrue(newOnly.err.hasPrefix("axdiff: bad-new.json:"), newOnly.err)
    }
}
