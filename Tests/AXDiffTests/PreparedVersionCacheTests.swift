@testable import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// The cache reads and prepares as the reader and `PreparedVersion` do (the
/// memo of the path's previous version only saves work), keeps one version
/// per path, hands a prepared version back only for the version it was
/// prepared from, and stays within its byte budget.
final class PreparedVersionCacheTests: XCTestCase {
    /// An axsnapshot file of `count` rows, some relabelled or moved by `rng`,
    /// and now and then broken (cut short, a wrong type) so that errors go
    /// through the cache too.
    func randomVersion(_ rng: inout SeededGenerator, rows: Int) -> String {
        var elements: [String] = []
        for k in 0..<rows {
            let label = Int.random(in: 0..<6, using: &rng) == 0 ? "Row \(k) edited \(rng.next() % 100)" : "Row \(k) of the settings list"
            let y = k * 44 + (Int.random(in: 0..<8, using: &rng) == 0 ? 3 : 0)
            var element = #"{"id": "row.\#(k)", "role": "button", "label": "\#(label)", "frame": [0, \#(y), 390, 44]}"#
            if k % 5 == 0 { element = #"{"role": "container", "children": [\#(element)]}"# }
            elements.append(element)
        }
        if Bool.random(using: &rng) { elements.swapAt(Int.random(in: 0..<rows, using: &rng), Int.random(in: 0..<rows, using: &rng)) }
        var text = #"{"axsnapshot": 1, "screen": "Settings", "platform": "ios", "elements": [\#n  "# + elements.joined(separator: ",\n  ") + "\n]}\n"
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: text = String(text.prefix(text.count / 2))
        case 1: text = text.replacingOccurrences(of: #""label": "Row 3 of"#, with: #""label": 3, "x": "Row 3 of"#)
        default: break
        }
        return text
    }

    func testReadsAsTheReaderAndKeepsThePreparedVersionOfItsVersionOnly() {
        let seed: UInt64 = 0xCAC4E
        var rng = SeededGenerator(seed: seed)
        let cache = PreparedVersionCache<Int>()
        var read = 0, failed = 0
        for version in 0..<120 {
            let label = "seed \(seed) version \(version)"
            let path = "Snapshots/\(version % 3).json"
            let bytes = Array(randomVersion(&rng, rows: Int.random(in: 1...40, using: &rng)).utf8)
            let alone = Result { try SnapshotReader.read(bytes, file: path) }
            let cached = Result { try cache.read(bytes, path: path, version: version) }
            switch (alone, cached) {
            case (.success(let a), .success(let b)):
                let fresh = PreparedVersion(a)
                XCTAssertEqual(b.stops, fresh.stops, label)
                XCTAssertEqual(b.facts, SnapshotFacts(a), label)
                XCTAssertEqual(b.visualRanks, fresh.visualRanks, label)
                XCTAssertEqual(b.outline.containers, fresh.outline.containers, label)
                read += 1
                XCTAssertEqual(cache.prepared(path: path, version: version, limit: bytes.count)?.stops, fresh.stops, label)
                XCTAssertNil(cache.prepared(path: path, version: version + 1, limit: .max), label)
                XCTAssertNil(cache.prepared(path: path, version: version, limit: bytes.count - 1), "over the limit: \(label)")
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual("\(a)", "\(b)", label)
                XCTAssertNil(cache.prepared(path: path, version: version, limit: .max), "nothing kept: \(label)")
                failed += 1
            default:
                XCTFail("\(label): alone \(alone), through the cache \(cached)")
            }
        }
        XCTAssertGreaterThan(read, 80)
        XCTAssertGreaterThan(failed, 5)
        // What it keeps is prepared only: no node tree stays alive for a path's next change.
        let held = SnapshotFactsTests.held(in: cache.entries)
        XCTAssertEqual(cache.entries.count, 3)
        XCTAssertEqual(held.nodes, 0, "the cache keeps no node")
        XCTAssertEqual(held.snapshots, 0, "the cache keeps no snapshot")
        XCTAssertGreaterThan(held.values, 100, "the walk reached the kept stops")
    }

    func testStaysWithinItsBudgetDroppingTheLeastRecentlyUsed() throws {
        let text = { (screen: String) in Array(#"{"axsnapshot": 1, "screen": "\#(screen)", "elements": [{"role": "button", "label": "Pay"}]}"#.utf8) }
        let size = text("A").count
        let cache = PreparedVersionCache<Int>(maxBytes: 2 * size)
        _ = try cache.read(text("A"), path: "a.json", version: 1)
        _ = try cache.read(text("B"), path: "b.json", version: 1)
        XCTAssertNotNil(cache.prepared(path: "a.json", version: 1, limit: .max), "a used last")
        _ = try cache.read(text("C"), path: "c.json", version: 1)
        XCTAssertNil(cache.prepared(path: "b.json", version: 1, limit: .max), "b was the least recently used")
        XCTAssertEqual(cache.prepared(path: "a.json", version: 1, limit: .max)?.facts.screen, "A")
        XCTAssertEqual(cache.prepared(path: "c.json", version: 1, limit: .max)?.facts.screen, "C")
        // A newer version replaces the path's entry.
        _ = try cache.read(text("D"), path: "a.json", version: 2)
        XCTAssertNil(cache.prepared(path: "a.json", version: 1, limit: .max))
        XCTAssertEqual(cache.prepared(path: "a.json", version: 2, limit: .max)?.facts.screen, "D")
        cache.removeAll()
        XCTAssertNil(cache.prepared(path: "a.json", version: 2, limit: .max))
    }
}
