@testable import AXDiff
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// A prepared version keeps its snapshot's facts, not the snapshot, so that a
/// caller that prepares each version as it reads it frees the node tree
/// before the diff runs. It must hold no node, and a diff of versions
/// prepared one by one must equal `ScreenDiffer.diff` of the snapshots.
final class SnapshotFactsTests: XCTestCase {
    static let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_FACTS_SEED"] ?? "") ?? 0xFAC7

    /// Every value reachable from `value` through its stored properties
    /// (arrays, dictionaries, optionals, nested structs), `visit`ed once each.
    static func walk(_ value: Any, _ visit: (Any) -> Void) {
        visit(value)
        for child in Mirror(reflecting: value).children { walk(child.value, visit) }
    }

    /// How many nodes, snapshots and values in all `value` holds.
    static func held(in value: Any) -> (nodes: Int, snapshots: Int, values: Int) {
        var held = (nodes: 0, snapshots: 0, values: 0)
        walk(value) { value in
            held.values += 1
            if value is Node { held.nodes += 1 }
            if value is Snapshot { held.snapshots += 1 }
        }
        return held
    }

    func testAPreparedVersionHoldsNoNodeAndTheFactsOfItsSnapshot() {
        let snapshot = Snapshot(screen: "Checkout", platform: .android, locale: "es", layoutDirection: .rtl,
                                elements: [S.group([S.button("Pay", id: "pay", y: 10), S.text("Total", y: 60)], y: 0)],
                                format: .uiautomator)
        let prepared = PreparedVersion(snapshot)
        let held = Self.held(in: prepared)
        XCTAssertEqual(held.nodes, 0, "a prepared version keeps no node")
        XCTAssertEqual(held.snapshots, 0, "a prepared version keeps no snapshot")
        XCTAssertGreaterThan(held.values, 50, "the walk reached the stops")
        XCTAssertEqual(Self.held(in: snapshot).nodes, 3, "the walk finds a snapshot's nodes")
        XCTAssertEqual(prepared.stops.map(\.label), ["Pay", "Total"])
        // The facts are every field of the snapshot but its elements.
        XCTAssertEqual(Mirror(reflecting: prepared.facts).children.map(\.label),
                       ["screen", "platform", "locale", "layoutDirection", "format"])
        XCTAssertEqual(Set(Mirror(reflecting: snapshot).children.compactMap(\.label)).subtracting(["elements"]),
                       Set(Mirror(reflecting: prepared.facts).children.compactMap(\.label)))
        let facts = prepared.facts
        XCTAssertEqual([facts.screen, facts.locale], ["Checkout", "es"])
        XCTAssertEqual(facts.platform, .android)
        XCTAssertEqual(facts.layoutDirection, .rtl)
        XCTAssertEqual(facts.format, .uiautomator)
    }

    func randomScreen(_ rng: inout SeededGenerator, name: String) -> Snapshot {
        var snapshot = PreparedVersionTests.randomScreen(&rng, rtl: Int.random(in: 0..<3, using: &rng) == 0)
        snapshot.screen = name
        snapshot.platform = [Platform.ios, .android, .web, .other][Int.random(in: 0..<4, using: &rng)]
        snapshot.locale = [nil, "es", "en"][Int.random(in: 0..<3, using: &rng)]
        return snapshot
    }

    func assertSame(_ a: ScreenDiff, _ b: ScreenDiff, _ label: String, line: UInt = #line) {
        XCTAssertEqual(a.screen, b.screen, label, line: line)
        XCTAssertEqual(a.changes, b.changes, label, line: line)
        XCTAssertEqual(a.stopsBefore, b.stopsBefore, label, line: line)
        XCTAssertEqual(a.stopsAfter, b.stopsAfter, label, line: line)
        XCTAssertEqual(a.matchedOld, b.matchedOld, label, line: line)
        XCTAssertEqual(a.moves, b.moves, label, line: line)
        XCTAssertEqual(a.visualMoves, b.visualMoves, label, line: line)
        XCTAssertEqual(a.layoutDirection, b.layoutDirection, label, line: line)
        XCTAssertEqual(a.containersBefore, b.containersBefore, label, line: line)
        XCTAssertEqual(a.containersAfter, b.containersAfter, label, line: line)
    }

    /// What `axdiff diff` does — the old version prepared, then the new one
    /// sized by it, each snapshot gone once prepared — against the public
    /// diff of the two snapshots, each pair read in both orders, with and
    /// without a source-locale sibling, and a screen added and removed.
    func testVersionsPreparedOneByOneDiffAsTheSnapshots() {
        var rng = SeededGenerator(seed: Self.seed)
        var changed = 0, untranslated = 0
        for trial in 0..<150 {
            let label = "seed \(Self.seed) (AXDIFF_FACTS_SEED) trial \(trial)"
            let a = randomScreen(&rng, name: "A"), b = randomScreen(&rng, name: trial % 2 == 0 ? "A" : "B")
            var sourceScreen = randomScreen(&rng, name: "A")
            sourceScreen.locale = "en"
            let source = Bool.random(using: &rng) ? LocaleSource(old: Bool.random(using: &rng) ? a : nil, new: sourceScreen) : nil
            for (old, new) in [(a, b), (b, a)] {
                let o = PreparedVersion(old)
                let n = PreparedVersion(new, expectedStops: o.stops.count)
                let prepared = ScreenDiffer.diff(old: o, new: n, path: "Snapshots/A.json", policy: DiffPolicy(), source: source)
                let reference = ScreenDiffer.diff(old: old, new: new, path: "Snapshots/A.json", source: source)
                assertSame(prepared, reference, label)
                if !reference.changes.isEmpty { changed += 1 }
                if reference.changes.contains(where: { $0.kind == .labelUntranslated }) { untranslated += 1 }
            }
            assertSame(ScreenDiffer.diff(old: nil, new: PreparedVersion(b), path: "Snapshots/B.json", policy: DiffPolicy(), source: source),
                       ScreenDiffer.diff(old: nil, new: b, path: "Snapshots/B.json", source: source), label + " added")
            assertSame(ScreenDiffer.diff(old: PreparedVersion(a), new: nil, path: "Snapshots/A.json", policy: DiffPolicy()),
                       ScreenDiffer.diff(old: a, new: nil, path: "Snapshots/A.json"), label + " removed")
            assertSame(ScreenDiffer.lint(PreparedVersion(b), path: "B.json", policy: DiffPolicy(), source: sourceScreen),
                       ScreenDiffer.lint(b, path: "B.json", source: sourceScreen), label + " lint")
        }
        XCTAssertGreaterThan(changed, 250, "most pairs differ")
        XCTAssertGreaterThan(untranslated, 0, "some translations read like their source")
    }
}
