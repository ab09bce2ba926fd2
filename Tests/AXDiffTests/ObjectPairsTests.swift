import AXSnapshot
import AXTestSupport
import XCTest
@testable import AXDiff

/// Object before action found through `NewSidePartners` and
/// `OldSidePartners` names the same partners as meeting every candidate
/// pair in turn (`ContainerPartners(scansEveryPair:)`), on seeded screens
/// of objects and the controls naming them (the same product on many rows),
/// moved within and across containers, relabelled, given other roles, added
/// and removed, with and without an order contract.
final class ObjectPairsTests: XCTestCase {
    func testThePartnersFoundAreThoseEveryPairWouldName() {
        for seed: UInt64 in [5, 0x0B1EC7, 20261208] {
            var rng = SeededGenerator(seed: seed)
            var (broken, repaired) = (0, 0)
            for round in 0..<300 {
                let (old, new) = Self.screens(&rng)
                let contracts: [[String]] = round % 4 == 0 ? [["n\(rng.next() % 30)", "n\(rng.next() % 30)"]] : []
                let (fast, plain) = ErrorPairsTests.notes(old: old, new: new, contracts: contracts)
                XCTAssertEqual(fast, plain, "round \(round), seed \(seed)")
                if fast != plain { return }
                broken += fast.filter { $0.contains("breaks objectBeforeAction") || $0.contains(", objectBeforeAction") }.count
                repaired += fast.filter { $0.contains("repairs objectBeforeAction") }.count
            }
            // The screens must break and repair the reference, many times.
            XCTAssertGreaterThan(broken, 200, "seed \(seed)")
            XCTAssertGreaterThan(repaired, 100, "seed \(seed)")
        }
    }

    /// Rows of one product, the object "Jasmine tea" and then the control
    /// "Add Jasmine tea to cart", but every 20th row the other way round in
    /// the old version (the new one mends it) and every 20th, ten rows on,
    /// the other way round in the new one: each moved stop used to meet
    /// every partner of the product on its side of it, quadratic in the
    /// container.
    func testObjectPairsAreFoundInTimeLinearInTheContainer() {
        let seed: UInt64 = 0x0B1
        func prepared(_ n: Int) -> (DiffContext, [MovedStop]) {
            func rows(swapping first: Int) -> [Node] {
                (0..<n / 2).flatMap { k -> [Node] in
                    let row = [S.text("Jasmine tea", id: "t\(k)"), S.button("Add Jasmine tea to cart", id: "b\(k)")]
                    return k % 20 == first ? row.reversed() : row
                }
            }
            return ErrorPairsTests.moved(old: S.screen([S.group(rows(swapping: 0))]), new: S.screen([S.group(rows(swapping: 10))]))
        }
        let (c, stops) = prepared(3_000)
        let (fast, plain) = ErrorPairsTests.noted(c, stops)
        XCTAssertEqual(fast.map { "\($0.breaks) \($0.repairs)" }, plain.map { "\($0.breaks) \($0.repairs)" })
        XCTAssertGreaterThan(fast.filter { $0.breaks.contains { $0.reference == .objectBeforeAction } }.count, 50)
        XCTAssertGreaterThan(fast.filter { $0.repairs.contains { $0.reference == .objectBeforeAction } }.count, 50)
        XCTAssertNil(ErrorPairsTests.notingIsLinear("ContainerPartners, object before action among n rows of one product", n: 3_000, seed: seed, prepared))
    }

    /// Rows of the object "Red tea" and the control "Add tea in red": every
    /// control holds each word of the object, none names it (its words are
    /// not a run of the control's). Every 20th object moves to the end of
    /// the container, past the controls after it. Filed under one word, the
    /// controls a moved object met were every control it passed, each failing
    /// the exact test: quadratic in the container. Filed under the runs that
    /// are an object's name, there are none to meet.
    func testObjectsNoControlNamesAreFoundInTimeLinearInTheContainer() {
        let seed: UInt64 = 0x0B2
        func prepared(_ n: Int) -> (DiffContext, [MovedStop]) {
            let rows = (0..<n / 2).map { k in [S.text("Red tea", id: "t\(k)"), S.button("Add tea in red", id: "b\(k)")] }
            let old = rows.flatMap { $0 }
            let moving = Set((0..<n / 2).filter { $0 % 20 == 0 }.map { "t\($0)" })
            let new = old.filter { !moving.contains($0.id ?? "") } + old.filter { moving.contains($0.id ?? "") }
            return ErrorPairsTests.moved(old: S.screen([S.group(old)]), new: S.screen([S.group(new)]))
        }
        let (c, stops) = prepared(2_000)
        XCTAssertGreaterThanOrEqual(stops.count, 40)
        let (fast, plain) = ErrorPairsTests.noted(c, stops)
        XCTAssertEqual(fast.map { "\($0.breaks) \($0.repairs)" }, plain.map { "\($0.breaks) \($0.repairs)" })
        XCTAssertEqual(fast.filter { $0.breaks.contains { $0.reference == .objectBeforeAction } }.count, 0)
        XCTAssertNil(ErrorPairsTests.notingIsLinear("ContainerPartners, object before action among n rows no control names", n: 3_000, seed: seed, prepared))
    }

    /// Two versions of a screen of up to three containers of products and
    /// the controls naming them: the new one moves several stops (within
    /// and across containers), relabels some (a control now naming another
    /// product, an object renamed), flips some roles, drops some and adds some.
    static func screens(_ rng: inout SeededGenerator) -> (Snapshot, Snapshot) {
        let objects = ["Jasmine tea", "Green tea", "Earl Grey", "tea", "Jasmine tea tin"]
        let controls = ["Add Jasmine tea to cart", "Add Green tea", "Remove Earl Grey", "Add tea",
                        "Details for Jasmine tea tin", "Pay now"]
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        func node(_ k: Int) -> Node {
            rng.next() % 2 == 0 ? S.text(pick(objects), id: "n\(k)") : S.button(pick(controls), id: "n\(k)")
        }
        let old: [[Node]] = (0..<Int(rng.next() % 3) + 1).map { g in (0..<Int(rng.next() % 30) + 2).map { node(g * 100 + $0) } }
        var new = old
        ErrorPairsTests.move(&new, times: Int(rng.next() % 8) + 1, acrossOneIn: 5, &rng)
        for g in new.indices {
            for k in new[g].indices {
                switch rng.next() % 25 {
                case 0: new[g][k].label = new[g][k].role == .button ? pick(controls) : pick(objects)
                case 1: new[g][k].role = new[g][k].role == .button ? .text : .button
                case 2: new[g][k].label = "Payment failed"  // now a status
                default: break
                }
            }
            if rng.next() % 3 == 0, !new[g].isEmpty { new[g].remove(at: Int(rng.next() % UInt64(new[g].count))) }
            if rng.next() % 3 == 0 { new[g].append(node(900 + g)) }
        }
        return (S.screen(old.map { S.group($0) }), S.screen(new.map { S.group($0) }))
    }
}
