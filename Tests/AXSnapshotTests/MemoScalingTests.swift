import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// The read memo's claims (`JSONScanMemo.init` and `node`, the scanner's `reusedLeaf`,
/// `reframedLeaf`, `carryInnerEntries` and `shiftLines`): reading a version with the memo of the one before
/// costs time linear in the file, also when every element recurs on other lines and
/// groups carry their children over.
final class MemoScalingTests: XCTestCase {
    static let seed: UInt64 = 0x3E30

    /// n groups of three stops; `edited` adds a line at the top (every line after it moves)
    /// and relabels one group in ten (seeded).
    static func version(_ n: Int, edited: Bool) -> [UInt8] {
        var rng = SeededGenerator(seed: seed &+ UInt64(n))
        var elements: [String] = []
        if edited { elements.append(#"{"role": "header", "label": "New banner"}"#) }
        for i in 0..<n {
            let label = edited && rng.next() % 10 == 0 ? "Renamed \(i)" : "Group \(i)"
            elements.append("""
            {"role": "group", "label": "\(label)", "children": [
                {"role": "text", "label": "Title \(i)"},
                {"role": "button", "label": "Buy \(i)", "frame": [0, \(i * 44), 100, 44]},
                {"role": "image", "label": "Photo \(i)"}
              ]}
            """)
        }
        return Array(("{\"axsnapshot\": 1, \"screen\": \"Shop\", \"elements\": [\n" + elements.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    func testReadingWithTheMemoOfTheLastVersionIsLinear() throws {
        let (old, new) = (Self.version(200, edited: false), Self.version(200, edited: true))
        let memo = try SnapshotReader.read(old, file: "Shop.json", memo: nil).memo
        XCTAssertNotNil(memo, "seed \(Self.seed)")
        XCTAssertEqual(try SnapshotReader.read(new, file: "Shop.json", memo: memo).snapshot,
                       try SnapshotReader.read(new, file: "Shop.json"), "the memo changes nothing read (seed \(Self.seed))")
        XCTAssertNil(Scaling.check("SnapshotReader.read of n groups with the previous version's memo", .linear, n: 500, seed: Self.seed) { n in
            let (old, new) = (Self.version(n, edited: false), Self.version(n, edited: true))
            let memo = try? SnapshotReader.read(old, file: "Shop.json", memo: nil).memo
            return { _ = try? SnapshotReader.read(new, file: "Shop.json", memo: memo) }
        })
    }

    /// n rows, every one 8 points further down when `moved`: each is its old bytes with
    /// another frame (`reframedLeaf`).
    static func rows(_ n: Int, moved: Bool) -> [UInt8] {
        let rows = (0..<n).map { i in
            #"  {"id": "row.\#(i)", "role": "button", "label": "Buy item \#(i)", "frame": [0, \#(i * 44 + (moved ? 8 : 0)), 390, 44]}"#
        }
        return Array(("{\"axsnapshot\": 1, \"screen\": \"List\", \"elements\": [\n" + rows.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    func testReadingWhenEveryFrameMovedIsLinear() throws {
        let memo = try SnapshotReader.read(Self.rows(200, moved: false), file: "List.json", memo: nil).memo
        XCTAssertEqual(try SnapshotReader.read(Self.rows(200, moved: true), file: "List.json", memo: memo).snapshot,
                       try SnapshotReader.read(Self.rows(200, moved: true), file: "List.json"), "the memo changes nothing read")
        XCTAssertNil(Scaling.check("SnapshotReader.read of n moved rows with the previous version's memo", .linear, n: 500, seed: Self.seed) { n in
            let (old, new) = (Self.rows(n, moved: false), Self.rows(n, moved: true))
            let memo = try? SnapshotReader.read(old, file: "List.json", memo: nil).memo
            return { _ = try? SnapshotReader.read(new, file: "List.json", memo: memo) }
        })
    }
}
