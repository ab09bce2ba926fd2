@testable import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// Every reader builds each `children` array, and the top-level `elements`,
/// at its exact size: its room is what reserving exactly its count gives (the
/// allocator may round that up), never the slack of an array grown by
/// doubling, which a tree keeps for as long as it lives. Seeded generated
/// inputs of each format; `AXDIFF_EXACT_SEED` varies the seed.
final class ReaderExactArraysTests: XCTestCase {
    static var seed: UInt64 {
        UInt64(ProcessInfo.processInfo.environment["AXDIFF_EXACT_SEED"] ?? "") ?? 0xE8AC_7A22
    }

    /// The arrays under `nodes` (and `nodes` itself) whose room is not an exact reservation's, as counts and rooms.
    static func slack(_ nodes: [Node], into found: inout [String], arrays: inout Int) {
        if !nodes.isEmpty {
            arrays += 1
            var probe: [Node] = []
            probe.reserveCapacity(nodes.count)
            if nodes.capacity != probe.capacity { found.append("\(nodes.count) nodes in room for \(nodes.capacity)") }
        }
        for node in nodes { slack(node.children, into: &found, arrays: &arrays) }
    }

    /// Reads `count` generated inputs with `read`; fails on any array with slack. The arrays checked.
    func check(_ format: String, count: Int, _ make: (inout SeededGenerator) -> [UInt8],
               _ read: ([UInt8]) throws -> Snapshot) -> Int {
        let seed = Self.seed
        var arrays = 0, snapshots = 0
        for n in 0..<UInt64(count) {
            var rng = SeededGenerator(seed: seed &+ n)
            let bytes = make(&rng)
            guard let snapshot = try? read(bytes) else { continue }
            snapshots += 1
            var found: [String] = []
            Self.slack(snapshot.elements, into: &found, arrays: &arrays)
            if !found.isEmpty {
                XCTFail("\(format), seed \(seed &+ n) (AXDIFF_EXACT_SEED=\(seed &+ n)): \(found.prefix(5).joined(separator: "; "))")
                return arrays
            }
        }
        XCTAssertGreaterThan(snapshots, count / 4, format)
        return arrays
    }

    func testARIAArraysAreExact() {
        let arrays = check("ARIA", count: 600, { Array(AriaSnapshotGenerator.snapshot(&$0, malformed: false).utf8) }) {
            try AriaYAMLReader.read($0, file: "S.aria.yml", screen: "S")
        }
        XCTAssertGreaterThan(arrays, 1_000)
    }

    func testXCUITestArraysAreExact() {
        let arrays = check("XCUITest", count: 600, { rng in
            var generator = XCUITestDumpGenerator()
            return Array(generator.dump(&rng).utf8)
        }) {
            try XCUITestReader.read($0, file: "S.txt", screen: "S")
        }
        XCTAssertGreaterThan(arrays, 1_000)
    }

    func testUIAutomatorArraysAreExact() {
        let arrays = check("uiautomator", count: 600, { rng in
            var generator = UIAutomatorDumpGenerator()
            generator.valid = true
            return generator.dump(&rng)
        }) {
            try UIAutomatorReader.read($0, file: "S.xml", screen: "S")
        }
        XCTAssertGreaterThan(arrays, 1_000)
    }
}
