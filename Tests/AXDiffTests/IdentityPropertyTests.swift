import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// Seeded property tests of matching on lists where most stops share their id
/// and label with other rows — RecyclerView rows, table cells, repeated
/// "Delete" and "Favorite" buttons, pattern names — and one cell per row
/// names the row: an inserted row is new, a deleted one removed, a moved one
/// moved, a relabelled stop relabelled, and nothing else is said.
final class IdentityPropertyTests: XCTestCase {
    static let seed: UInt64 = 20261206

    /// Five stops per row, four of them shared by every row (one id per column).
    func row(_ name: String, status: String = "Shipped") -> [Node] {
        [Node(id: "row_name", role: .text, label: name),
         Node(id: "row_status", role: .text, label: status),
         Node(id: "row_age", role: .cell, label: "…"),
         Node(id: "row_favorite", role: .button, label: "Favorite"),
         Node(id: "row_delete", role: .button, label: "Delete")]
    }

    func screen(_ rows: [[Node]]) -> [Node] { rows.flatMap { $0 } }

    func rows(_ count: Int, _ rng: inout SeededGenerator) -> [[Node]] {
        (0..<count).map { row("Customer \($0)", status: Bool.random(using: &rng) ? "Shipped" : "Pending") }
    }

    let quietKinds: Set<ChangeKind> = [.stopAdded, .stopRemoved, .nameDuplicate, .stopsIncreased]

    func testInsertedRowsAreAddedAndNothingElse() {
        var rng = SeededGenerator(seed: Self.seed)
        for trial in 0..<20 {
            let n = Int.random(in: 1...399, using: &rng), k = Int.random(in: 1...max(1, n / 10), using: &rng)
            var new = rows(n, &rng)
            let old = new
            var added = Set<String>()
            for x in 0..<k {
                let name = "Newcomer \(x)"
                added.insert(name)
                new.insert(row(name, status: Bool.random(using: &rng) ? "Shipped" : "Pending"), at: Int.random(in: 0...new.count, using: &rng))
            }
            let label = "seed \(Self.seed) trial \(trial) n \(n) k \(k)"
            let d = S.diff(screen(old), screen(new))
            XCTAssertEqual(d.all(.stopAdded).count, 5 * k, label)
            XCTAssertTrue(Set(d.kinds()).isSubset(of: quietKinds), "\(label): \(Set(d.kinds()))")
            // Every new stop without an old one belongs to an inserted row.
            let flat = screen(new)
            for (j, o) in d.matchedOld.enumerated() where o == nil {
                let rowName = (flat[j - j % 5].label ?? "")
                XCTAssertTrue(added.contains(rowName), "\(label): stop \(j) of \(rowName) unmatched")
            }
        }
    }

    func testDeletedRowsAreRemovedAndNothingElse() {
        var rng = SeededGenerator(seed: Self.seed &+ 1)
        for trial in 0..<20 {
            let n = Int.random(in: 2...400, using: &rng), k = Int.random(in: 1...max(1, n / 10), using: &rng)
            let old = rows(n, &rng)
            var new = old
            for _ in 0..<k { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
            let label = "seed \(Self.seed &+ 1) trial \(trial) n \(n) k \(k)"
            let d = S.diff(screen(old), screen(new))
            XCTAssertEqual(d.all(.stopRemoved).count, 5 * k, label)
            XCTAssertEqual(Set(d.kinds()).subtracting([.stopRemoved]), [], "\(label): \(Set(d.kinds()))")
        }
    }

    func testMovedRowsAreTheOnlyOnesBlamed() {
        var rng = SeededGenerator(seed: Self.seed &+ 2)
        for trial in 0..<20 {
            let n = Int.random(in: 12...400, using: &rng), k = Int.random(in: 1...3, using: &rng)
            let old = rows(n, &rng)
            var new = old
            var moved = Set<String>()
            for _ in 0..<k {
                // Far enough that the rows it jumps are clearly the ones that stayed.
                let from = Int.random(in: 0..<new.count, using: &rng)
                let r = new.remove(at: from)
                var to = Int.random(in: 0...new.count, using: &rng)
                if abs(to - from) <= k + 2 { to = from > new.count / 2 ? 0 : new.count }
                moved.insert(r[0].label ?? "")
                new.insert(r, at: to)
            }
            let label = "seed \(Self.seed &+ 2) trial \(trial) n \(n) moved \(moved.sorted())"
            let flat = screen(new)
            let d = S.diff(screen(old), flat)
            XCTAssertEqual(d.kinds().filter { !$0.rawValue.hasPrefix("order.") }, [], label)
            let blamed = d.changes.filter { $0.kind.rawValue.hasPrefix("order.") }.map { $0.elements[0].index }
            XCTAssertFalse(blamed.isEmpty, label)
            for j in blamed {
                XCTAssertTrue(moved.contains((flat[j - j % 5].label ?? "")), "\(label): blamed stop \(j) of \((flat[j - j % 5].label ?? ""))")
            }
        }
    }

    func testARelabelledStopIsTheOnlyChange() {
        var rng = SeededGenerator(seed: Self.seed &+ 3)
        for trial in 0..<30 {
            let n = Int.random(in: 2...400, using: &rng)
            let old = rows(n, &rng)
            var new = old
            let r = Int.random(in: 0..<n, using: &rng), column = Int.random(in: 0..<5, using: &rng)
            let label = ["Client \(r)", "Returned", "", "Unfavorite", "Remove"][column]
            if column == 2 { new[r][column].label = "Age …" } else { new[r][column].label = label }
            let message = "seed \(Self.seed &+ 3) trial \(trial) n \(n) row \(r) column \(column)"
            let d = S.diff(screen(old), screen(new))
            
            XCTAssertEqual(d.kinds().filter { $0 != .nameDuplicate }, [.labelChanged], "\(message): \(d.changes.map(\.message))")
            XCTAssertEqual(d.first(.labelChanged)?.elements.first?.index, r * 5 + column, message)
        }
    }
}

/// Matching stays O(n log n) where most stops share their id and label.
final class IdentityScalingTests: XCTestCase {
    /// Rows of five stops, one id per column, one unique name per row; 5 % of
    /// the rows inserted and 5 % moved far, and (`anchorless`) rows named
    /// alike so that whole gaps are aligned.
    static func versions(_ rows: Int, seed: UInt64, anchorless: Bool = false) -> (Snapshot, Snapshot) {
        var rng = SeededGenerator(seed: seed &+ UInt64(rows))
        func row(_ k: Int) -> [Node] {
            [Node(id: "name", role: .text, label: anchorless ? "Customer \(k % 7)" : "Customer \(k)"),
             Node(id: "status", role: .text, label: k % 3 == 0 ? "Pending" : "Shipped"),
             Node(id: "age", role: .cell, label: "…"),
             Node(id: "favorite", role: .button, label: "Favorite"),
             Node(id: "delete", role: .button, label: "Delete")]
        }
        let old = (0..<rows).map(row)
        var new = old
        for x in 0..<max(1, rows / 20) { new.insert(row(rows + x), at: Int.random(in: 0...new.count, using: &rng)) }
        for _ in 0..<max(1, rows / 20) {
            let r = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(r, at: Int.random(in: 0...new.count, using: &rng))
        }
        func snap(_ rows: [[Node]]) -> Snapshot { Snapshot(screen: "S", platform: .android, elements: rows.flatMap { $0 }) }
        return (snap(old), snap(new))
    }

    func testMatchingOfDuplicateRowsGrowsAsNLogN() {
        let seed: UInt64 = 3_206
        XCTAssertNil(Scaling.check("Matcher on rows sharing ids and labels", .linear, n: 200, seed: seed) { n in
            let (old, new) = Self.versions(n, seed: seed)
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }

    func testAligningGapsWithoutAnchorsGrowsAsNLogN() {
        let seed: UInt64 = 3_207
        XCTAssertNil(Scaling.check("GapAligner over rows without unique names", .linear, n: 200, seed: seed) { n in
            let (old, new) = Self.versions(n, seed: seed, anchorless: true)
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }
}
