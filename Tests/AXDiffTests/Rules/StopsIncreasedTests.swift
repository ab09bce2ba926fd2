@testable import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// `stops.increased` only for swipes without new content (Label Soup), not
/// for a list that grew.
final class StopsIncreasedTests: XCTestCase {
    func row(_ n: Int) -> [Node] {
        [S.text("Order \(n), Delivered, $24.80"), S.button("Reorder order \(n)", inputLabels: ["Reorder", "Reorder order \(n)"])]
    }

    func testAListThatGrewByOneRealRowGivesNoWarning() {
        let d = S.diff([S.text("Orders")] + row(1041), [S.text("Orders")] + row(1042) + row(1041))
        XCTAssertNil(d.first(.stopsIncreased), "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).map(\.elements.first?.label), ["Order 1042, Delivered, $24.80", "Reorder order 1042"])
        XCTAssertFalse(d.changes.contains { $0.severity != .note }, "\(d.changes.map(\.message))")
    }

    func testSoupCountsTheSwipesThatCarryNothingNew() {
        let old = [S.text("Orders")] + row(1042)
        let new = [S.text("Orders"), S.image(), S.text("Order 1042"), S.text("Delivered"), S.text("$24.80"), row(1042)[1]]
        let d = S.diff(old, new)
        let grew = d.all(.stopsIncreased)
        XCTAssertEqual(grew.count, 1)
        XCTAssertEqual(grew.first?.before, "3")
        XCTAssertEqual(grew.first?.after, "6")
        XCTAssertEqual(grew.first?.message, "swipes to read the screen grew from 3 to 6; 3 of them carry no new content: 2 from stops split into pieces, 1 decorative image")
    }

    func testARepeatedTextCountsButARealRowBesideItDoesNot() {
        let old = [S.text("Order 1042, Delivered, $24.80")]
        let d = S.diff(old, [S.text("Order 1042, Delivered, $24.80"), S.text("Delivered")])
        XCTAssertEqual(d.first(.stopsIncreased)?.message, "swipes to read the screen grew from 1 to 2; 1 of them carries no new content: 1 repeating a neighbour's text")
        // A repeat beside a real new row still counts, alone.
        let mixed = S.diff(old, [S.text("Order 1042, Delivered, $24.80"), S.text("Delivered"), S.text("Order 1043, Shipped, $9.10")])
        XCTAssertEqual(mixed.first(.stopsIncreased)?.after, "3")
        XCTAssertTrue(mixed.first(.stopsIncreased)?.message.contains("1 of them carries") ?? false)
    }
    /// `repeatsNeighbour` against the rule stated plainly: every text
    /// normalized, every neighbour with a comma split. Labels that are equal
    /// only as `String`s ("\u{37E}" is ";", "cafe\u{301}" is "café") keep
    /// the slow comparison honest.
    func testRepeatsNeighbourIsTheRuleStatedPlainly() {
        func reference(_ j: Int, _ stops: [Stop]) -> Bool {
            guard !stops[j].role.isInteractive else { return false }
            let own = LabelText.normalized(stops[j].name)
            guard !own.isEmpty else { return false }
            for k in [j - 1, j + 1] where stops.indices.contains(k) {
                let theirs = stops[k].name
                if LabelText.normalized(theirs) == own { return true }
                if theirs.contains(","), theirs.split(separator: ",").contains(where: { LabelText.normalized(String($0)) == own }) { return true }
            }
            return false
        }
        let seed: UInt64 = 0x50_0B
        var rng = SeededGenerator(seed: seed)
        let labels = ["Delivered", "delivered ", "Order 1, Delivered", "Order 1,Delivered, $2", "a;b", "a\u{37E}b", "x, a\u{37E}b",
                      "Café", "cafe\u{301}", "Caf\u{E9}, 2", "", ",", "Delivered,\u{301}x", "\u{212A}", "k"]
        let roles: [Role] = [.text, .text, .button, .image]
        var found = 0
        for round in 0..<400 {
            let n = Int.random(in: 1...12, using: &rng)
            let nodes: [Node] = (0..<n).map { _ in
                Node(role: roles[Int.random(in: 0..<roles.count, using: &rng)], label: labels[Int.random(in: 0..<labels.count, using: &rng)],
                     value: Int.random(in: 0..<4, using: &rng) == 0 ? labels[Int.random(in: 0..<labels.count, using: &rng)] : nil)
            }
            let stops = Snapshot(screen: "S", platform: .ios, elements: nodes).stopTree().stops
            for j in stops.indices {
                let expected = reference(j, stops)
                XCTAssertEqual(StopsIncreased.repeatsNeighbour(j, in: stops), expected, "seed \(seed), round \(round), stop \(j): \(stops.map(\.name))")
                if expected { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, 200, "seed \(seed)")
    }
}
