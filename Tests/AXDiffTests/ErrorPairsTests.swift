import AXSnapshot
import AXTestSupport
import XCTest
@testable import AXDiff

/// Error before recovery found through `NewSideErrorPairs` and
/// `OldSideErrorPairs` names the same partners as meeting every candidate
/// pair in turn (`ContainerPartners(scansEveryPair:)`), on seeded screens
/// with statuses, controls and objects in several containers, moved,
/// relabelled (a status no longer one, a text turned into one), given other
/// roles, moved between containers, added and removed.
final class ErrorPairsTests: XCTestCase {
    func testThePartnersFoundAreThoseEveryPairWouldName() {
        for seed: UInt64 in [3, 0xE7707, 20261206] {
            var rng = SeededGenerator(seed: seed)
            var notes = 0
            for round in 0..<300 {
                let (old, new) = Self.screens(&rng)
                let (fast, plain) = Self.notes(old: old, new: new)
                XCTAssertEqual(fast, plain, "round \(round), seed \(seed)")
                if fast != plain { return }
                notes += fast.filter { $0.contains("errorBeforeRecovery") }.count
            }
            // The screens must exercise the reference, breaking and repairing it.
            XCTAssertGreaterThan(notes, 300, "seed \(seed)")
        }
    }

    /// Controls moved a few places later among thousands of statuses: each
    /// used to meet every status after it (and, for the repaired pair, every
    /// status after its old place), quadratic in the container.
    func testErrorPairsAreFoundInTimeLinearInTheContainer() {
        let seed: UInt64 = 0xE44
        func prepared(_ n: Int) -> (DiffContext, [MovedStop]) {
            let rows: [Node] = (0..<n).map { k in
                switch k % 3 {
                case 0: return S.text("Error \(k): payment failed", id: "e\(k)")
                case 1: return S.button("Retry \(k)", id: "b\(k)")
                default: return S.text("Item \(k)", id: "t\(k)")
                }
            }
            var moved = rows
            // Every 20th row that is a control, three places later.
            for k in stride(from: n - 10, through: 1, by: -20) where k % 3 == 1 {
                let row = moved.remove(at: k)
                moved.insert(row, at: k + 3)
            }
            return Self.moved(old: S.screen([S.group(rows)]), new: S.screen([S.group(moved)]))
        }
        let (c, stops) = prepared(3_000)
        var noted = stops
        ContainerPartners(c).note(&noted)
        XCTAssertGreaterThan(noted.filter { !$0.repairs.isEmpty || !$0.breaks.isEmpty }.count, 20)
        XCTAssertNil(Self.notingIsLinear("ContainerPartners, error before recovery among n statuses", n: 3_000, seed: seed, prepared))
    }

    /// The controls put in new order by merging the moved ones into those
    /// that kept their place come in the order a sort of them all gives,
    /// whichever stops are flagged moved (even flags that are wrong).
    func testControlsMergedInNewOrderAreThoseASortGives() {
        var rng = SeededGenerator(seed: 0x0DE5)
        for round in 0..<300 {
            let n = Int(rng.next() % 60) + 1
            var newOf = Array(0..<n)
            for k in newOf.indices.reversed() where k > 0 && rng.next() % 4 == 0 {
                newOf.swapAt(k, Int(rng.next() % UInt64(k + 1)))
            }
            let oldToNew: [Int?] = newOf.map { rng.next() % 8 == 0 ? nil : $0 }
            let controls = (0..<n).filter { _ in rng.next() % 2 == 0 }
            let moved = (0..<n).map { _ in rng.next() % 5 == 0 }
            let sorted = OldSideErrorPairs(statuses: [], controls: controls, oldToNew: oldToNew)
            let merged = OldSideErrorPairs(statuses: [], controls: controls, oldToNew: oldToNew, moved: moved)
            let expected = controls.compactMap { i in oldToNew[i].map { (new: $0, old: i) } }.sorted { $0.new < $1.new }
            XCTAssertEqual(sorted.controlsByNew, expected.map(\.new), "round \(round), seed 0x0DE5")
            XCTAssertEqual(merged.controlsByNew, expected.map(\.new), "round \(round), seed 0x0DE5")
            XCTAssertEqual(merged.controlsOld, expected.map(\.old), "round \(round), seed 0x0DE5")
        }
    }

    /// `FirstPast` against a walk from the position on, at every size up to
    /// a few powers of two past, bounds inside and outside the values.
    func testFirstPastFindsWhatAWalkFinds() {
        var rng = SeededGenerator(seed: 0xF1257)
        for n in [0, 1, 2, 3, 7, 8, 9, 31, 64, 100] {
            let values = (0..<n).map { _ in Int(rng.next() % 50) }
            let tree = FirstPast(values)
            for k in -1...(n + 1) {
                for x in [-1, 0, 10, 25, 49, 50] {
                    let below = k < 0 ? nil : (k..<max(k, n)).first { values[$0] < x }
                    let above = k < 0 ? nil : (k..<max(k, n)).first { values[$0] > x }
                    XCTAssertEqual(tree.first(from: k, below: x), below, "n \(n), k \(k), x \(x), seed 0xF1257")
                    XCTAssertEqual(tree.first(from: k, above: x), above, "n \(n), k \(k), x \(x), seed 0xF1257")
                }
            }
        }
    }

    /// Every moved stop's breaks and repairs, as text, both ways.
    static func notes(old: Snapshot, new: Snapshot, contracts: [[String]] = []) -> ([String], [String]) {
        let (c, stops) = moved(old: old, new: new, contracts: contracts)
        func text(_ stops: [MovedStop]) -> [String] {
            stops.map { s in
                "\(s.old)→\(s.new) breaks " + s.breaks.map { "\($0.reference) \($0.partner) \($0.isLead)" }.joined(separator: ", ")
                    + " repairs " + s.repairs.map { "\($0.reference) \($0.partner) \($0.isLead)" }.joined(separator: ", ")
            }
        }
        let (fast, plain) = noted(c, stops)
        return (text(fast), text(plain))
    }

    /// `stops` noted through the partner lists and by meeting every pair.
    static func noted(_ c: DiffContext, _ stops: [MovedStop]) -> (fast: [MovedStop], plain: [MovedStop]) {
        var fast = stops, plain = stops
        ContainerPartners(c).note(&fast)
        ContainerPartners(c, scansEveryPair: true).note(&plain)
        return (fast, plain)
    }

    /// `Scaling.check` that noting the moved stops of `prepared(n)` is linear in n.
    static func notingIsLinear(_ claim: String, n: Int, seed: UInt64, _ prepared: @escaping (Int) -> (DiffContext, [MovedStop])) -> String? {
        Scaling.check(claim, .linear, n: n, seed: seed) { n in
            let (c, stops) = prepared(n)
            return {
                var noted = stops
                ContainerPartners(c).note(&noted)
            }
        }
    }

    /// The diff's context and its moved stops, as `OrderAnalysis` makes them.
    static func moved(old: Snapshot, new: Snapshot, contracts: [[String]] = []) -> (DiffContext, [MovedStop]) {
        let (o, n) = (PreparedVersion(old), PreparedVersion(new))
        let c = DiffContext(screen: "S", old: o, new: n, matching: Matcher.match(old: o, new: n),
                            contracts: contracts, isNewScreen: false)
        let kept = MovedStops(c)
        let pairs = c.matchedPairs
        let stops = pairs.indices.filter { !kept.isKept($0) }.map {
            MovedStop(old: pairs[$0].old, new: pairs[$0].new, isVisual: !kept.spokenMoved[$0])
        }
        return (c, stops)
    }

    /// Moves `times` stops, each to a random place in its container or, one
    /// time in `acrossOneIn`, in a random container.
    static func move(_ groups: inout [[Node]], times: Int, acrossOneIn: UInt64, _ rng: inout SeededGenerator) {
        for _ in 0..<times {
            let g = Int(rng.next() % UInt64(groups.count))
            guard !groups[g].isEmpty else { continue }
            let moving = groups[g].remove(at: Int(rng.next() % UInt64(groups[g].count)))
            let h = rng.next() % acrossOneIn == 0 ? Int(rng.next() % UInt64(groups.count)) : g
            groups[h].insert(moving, at: Int(rng.next() % UInt64(groups[h].count + 1)))
        }
    }

    /// Two versions of a screen of up to four containers: the new one
    /// shuffles a few stops (within and across containers), changes some
    /// labels and roles, drops some and adds some.
    static func screens(_ rng: inout SeededGenerator) -> (Snapshot, Snapshot) {
        let errors = ["Payment failed", "Invalid card number", "Error: try again", "Could not load"]
        let texts = ["Jasmine tea", "Green tea", "Total", "Delivery"]
        let buttons = ["Pay now", "Add Jasmine tea to cart", "Retry", "Add Green tea"]
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        func node(_ k: Int) -> Node {
            switch rng.next() % 3 {
            case 0: return S.text(pick(errors) + " \(k % 3)", id: "n\(k)")
            case 1: return S.button(pick(buttons), id: "n\(k)")
            default: return S.text(pick(texts), id: "n\(k)")
            }
        }
        let groups = Int(rng.next() % 4) + 1
        var old: [[Node]] = (0..<groups).map { g in (0..<Int(rng.next() % 25) + 2).map { node(g * 100 + $0) } }
        var new = old
        move(&new, times: Int(rng.next() % 6) + 1, acrossOneIn: 4, &rng)
        for g in new.indices {
            for k in new[g].indices {
                switch rng.next() % 20 {
                case 0: new[g][k].label = pick(texts)  // a status no longer one, or a text relabelled
                case 1: new[g][k].label = pick(errors)  // now a status
                case 2: new[g][k].role = new[g][k].role == .button ? .text : .button
                default: break
                }
            }
            if rng.next() % 3 == 0, !new[g].isEmpty { new[g].remove(at: Int(rng.next() % UInt64(new[g].count))) }
            if rng.next() % 3 == 0 { new[g].append(node(900 + g)) }
        }
        if rng.next() % 5 == 0 { old[0].append(S.text("Payment failed", id: "gone")) }
        return (S.screen(old.map { S.group($0) }), S.screen(new.map { S.group($0) }))
    }
}
