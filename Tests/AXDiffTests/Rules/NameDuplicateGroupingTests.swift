@testable import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// `NameDuplicate.duplicates` against the rule stated plainly: controls and
/// links grouped by their normalized label, for the names given, members in
/// reading order, meaningless labels left out, groups of two or more that no
/// input labels tell apart. Seeded stops whose labels differ in case, in
/// whitespace and in characters outside ASCII that normalize to ASCII
/// ("\u{212A}" is "k"), and names both all-ASCII and not.
final class NameDuplicateGroupingTests: XCTestCase {
    static func reference(_ stops: [Stop], among names: Set<String>) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for stop in stops where NameDuplicate.counts(stop.role) {
            let name = LabelText.normalized(stop.label)
            if names.contains(name) { groups[name, default: []].append(stop.index) }
        }
        return groups.mapValues { members in
            members.filter { m in
                !LabelQuality.isMeaningless(stops[m].label, id: stops[m].id, imageNames: stops[m].imageNames,
                                            role: stops[m].role, platform: stops[m].platform)
            }
        }.filter { _, members in
            guard members.count >= 2 else { return false }
            var seen: [String: Int] = [:]
            for m in members { for l in Set(stops[m].inputLabels.map(LabelText.normalized)) { seen[l, default: 0] += 1 } }
            return !members.allSatisfy { m in stops[m].inputLabels.contains { seen[LabelText.normalized($0)] == 1 } }
        }
    }

    func testTheGroupsAreThoseOfTheRuleStatedPlainly() {
        let seed: UInt64 = 0xD0_0B1E
        var rng = SeededGenerator(seed: seed)
        let labels = ["Delete", "delete", " Delete", "DELETE ", "Delete  item", "delete item", "Kelvin", "\u{212A}elvin",
                      "Café", "cafe\u{301}", "OK", "ok", "Favorite", "Add to cart", "add  to cart", "x", "", "Ic_star", "Reorder"]
        let roles: [Role] = [.button, .button, .link, .text, .toggle, .image]
        var found = 0
        for round in 0..<1_500 {
            let n = Int.random(in: 0...30, using: &rng)
            let nodes: [Node] = (0..<n).map { i in
                Node(id: Bool.random(using: &rng) ? "b\(i % 3)" : nil, role: roles[Int.random(in: 0..<roles.count, using: &rng)],
                     label: labels[Int.random(in: 0..<labels.count, using: &rng)],
                     inputLabels: Int.random(in: 0..<6, using: &rng) == 0 ? ["Item \(Int.random(in: 0...2, using: &rng))"] : [])
            }
            let stops = Snapshot(screen: "S", platform: .ios, elements: nodes).stopTree().stops
            var names = Set(stops.map { LabelText.normalized($0.label) }.filter { _ in Bool.random(using: &rng) })
            if Bool.random(using: &rng) { names = names.filter { $0.utf8.allSatisfy { $0 < 0x80 } } }
            let got = NameDuplicate.duplicates(stops, among: names)
            XCTAssertEqual(got, Self.reference(stops, among: names), "seed \(seed), round \(round): \(stops.map(\.label)) among \(names)")
            found += got.count
        }
        XCTAssertGreaterThan(found, 1_000, "seed \(seed)")
    }
}
