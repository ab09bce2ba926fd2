import AXSnapshot
import AXTestSupport
import XCTest
@testable import AXDiff

/// Object before action and error before recovery in containers of any
/// size (`ContainerPartners`, `ContainerIndex`): a large container is
/// checked like a small one, and the index offers every pair that breaks a
/// reference.
final class ContainerReferenceTests: XCTestCase {
    /// One flat container: the error, `fillers` texts, then the recovery
    /// button; in the new version the button is read first.
    func recoveryReadFirst(fillers: Int) -> ScreenDiff {
        let rows = (0..<fillers).map { S.text("Row \($0)") }
        return S.diff([S.text("Payment failed")] + rows + [S.button("Try again")],
                      [S.button("Try again"), S.text("Payment failed")] + rows)
    }

    func assertOneRegression(_ d: ScreenDiff, _ label: String, _ words: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(d.kinds(), [.orderRegressed], "\(d.changes.map(\.message))", file: file, line: line)
        XCTAssertEqual(d.first(.orderRegressed)?.elements.map(\.label), [label], file: file, line: line)
        XCTAssertTrue(d.first(.orderRegressed)?.message.contains(words) == true, d.first(.orderRegressed)?.message ?? "", file: file, line: line)
    }

    func testA401StopContainerStillGetsTheRegression() {
        // 401 stops: one past the size where the check used to stop.
        assertOneRegression(recoveryReadFirst(fillers: 399), "Try again", "the error must be heard before")
        assertOneRegression(recoveryReadFirst(fillers: 398), "Try again", "the error must be heard before")
    }

    func testA5000StopContainerStillGetsTheRegression() {
        assertOneRegression(recoveryReadFirst(fillers: 4_998), "Try again", "the error must be heard before")
    }

    func testAnActionReadBeforeItsObjectInA5000StopContainer() {
        let rows = (0..<4_998).map { S.text("Row \($0)") }
        let d = S.diff([S.text("Jasmine tea")] + rows + [S.button("Add Jasmine tea to cart")],
                       [S.button("Add Jasmine tea to cart"), S.text("Jasmine tea")] + rows)
        assertOneRegression(d, "Add Jasmine tea to cart", "the action must be heard after")
    }

    func testTheRepairInALargeContainerIsAnImprovement() {
        let rows = (0..<1_000).map { S.text("Row \($0)") }
        let d = S.diff([S.button("Try again"), S.text("Payment failed")] + rows,
                       [S.text("Payment failed")] + rows + [S.button("Try again")])
        XCTAssertEqual(d.kinds(), [.orderImproved], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.orderImproved)?.elements.map(\.label), ["Try again"])
    }

    /// The index's candidates against the plain test of every pair, over
    /// seeded random containers of controls, statuses and objects whose
    /// words overlap: every pair that breaks a reference is among them.
    func testTheIndexOffersEveryPairThatBreaksAReference() {
        let seed: UInt64 = 0x0DE5
        var rng = SeededGenerator(seed: seed)
        var counts: [OrderReference: Int] = [:]
        for round in 0..<200 {
            let nodes = Self.container(&rng)
            let n = nodes.count
            let tree = Snapshot(screen: "S", platform: .ios, elements: [S.group(nodes)]).stopTree()
            let refs = OrderReferences(stops: tree.stops, tree: tree, contracts: [])
            let index = ContainerIndex(refs, members: tree.members(of: tree.container(ofStop: 0)))
            XCTAssertEqual(index.members.count, n)
            for a in index.members.indices {
                for b in index.members.indices {
                    guard let r = index.reference(action: a, object: b) else { continue }
                    XCTAssertEqual(r, refs.reference(lead: index.members[b], follow: index.members[a]))
                    counts[r, default: 0] += 1
                    switch r {
                    case .errorBeforeRecovery:
                        XCTAssertTrue(index.statuses.contains(b) && index.controls.contains(a), "round \(round), seed \(seed)")
                    case .objectBeforeAction:
                        XCTAssertTrue(index.objects(namedBy: a).contains(b), "round \(round), seed \(seed)")
                        XCTAssertTrue(index.controls(naming: b).contains(a), "round \(round), seed \(seed)")
                    default: XCTFail("\(r)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(counts[.errorBeforeRecovery] ?? 0, 200, "seed \(seed)")
        XCTAssertGreaterThan(counts[.objectBeforeAction] ?? 0, 200, "seed \(seed)")
    }

    /// `OrderReferences.hasThreeCharacters` against `count >= 3` on seeded
    /// random texts of ASCII, placeholders, combining marks, emoji and
    /// line ends, where scalars and characters differ.
    func testThreeCharactersAreCountedAsCountCountsThem() {
        let seed: UInt64 = 0x3C4A
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "B", " ", "…", "é", "e\u{301}", "\u{301}", "👍", "👍🏽", "🇫🇷", "\r\n", "\r", "\n", "ß", "漢"]
        for round in 0..<2_000 {
            let text = (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            XCTAssertEqual(OrderReferences.hasThreeCharacters(text), text.count >= 3, "round \(round), seed \(seed): \(text.debugDescription)")
        }
    }

    /// An index over non-ASCII labels, repeated row after row and
    /// canonically equal in other bytes, whose keys come from its memo of
    /// split labels, against the plain test of every pair.
    func testAnIndexOfRepeatedNonASCIILabelsAnswersAsThePlainTest() {
        let seed: UInt64 = 0x5E11
        var rng = SeededGenerator(seed: seed)
        let labels = ["…", "Caf\u{E9} au lait", "Cafe\u{301} au lait", "Add Caf\u{E9} au lait to cart",
                      "Add Cafe\u{301} au lait to cart", "Paiement \u{E9}chou\u{E9}", "Erreur : paiement \u{E9}chou\u{E9}",
                      "Jasmine tea", "Add Jasmine tea to cart", "👍", "No válido"]
        for round in 0..<100 {
            let nodes: [Node] = (0..<Int(rng.next() % 30 + 2)).map { i in
                let label = labels[Int(rng.next() % UInt64(labels.count))]
                return rng.next() % 3 == 0 ? Node(id: "b\(i)", role: .button, label: label) : Node(id: "t\(i)", role: .text, label: label)
            }
            let tree = Snapshot(screen: "S", platform: .ios, elements: [S.group(nodes)]).stopTree()
            let refs = OrderReferences(stops: tree.stops, tree: tree, contracts: [])
            let index = ContainerIndex(refs, members: tree.members(of: tree.container(ofStop: 0)))
            for a in index.members.indices {
                for b in index.members.indices {
                    XCTAssertEqual(index.reference(action: a, object: b),
                                   refs.reference(lead: index.members[b], follow: index.members[a]), "round \(round), seed \(seed)")
                }
            }
        }
    }

    /// An index that files only what its asking stops look up, and one that
    /// copies each stop's facts from a twin, answer the stops that ask as
    /// the index of every stop does.
    func testAnIndexForTheAskingStopsAnswersThemAsTheFullIndex() {
        var rng = SeededGenerator(seed: 0xA5C5)
        for _ in 0..<200 {
            let nodes = Self.container(&rng)
            let tree = Snapshot(screen: "S", platform: .ios, elements: [S.group(nodes)]).stopTree()
            let refs = OrderReferences(stops: tree.stops, tree: tree, contracts: [])
            let members = tree.members(of: tree.container(ofStop: 0))
            let full = ContainerIndex(refs, members: members)
            let asking = Set(members.filter { _ in rng.next() % 3 == 0 })
            let asks = tree.stops.indices.map { asking.contains($0) }
            let asked = ContainerIndex(refs, members: members, asks: asks)
            let twin = ContainerIndex(refs, members: members, twin: full, twinMember: { full.members.firstIndex(of: $0) ?? -1 },
                                      asks: asks)
            for index in [asked, twin] {
                XCTAssertEqual(index.members, full.members)
                XCTAssertEqual(index.controls, full.controls)
                XCTAssertEqual(index.statuses, full.statuses)
                for a in full.members.indices {
                    XCTAssertEqual(index.isNameable(a), full.isNameable(a))
                    for b in full.members.indices {
                        XCTAssertEqual(index.reference(action: a, object: b), full.reference(action: a, object: b))
                    }
                    guard asking.contains(full.members[a]) else { continue }
                    if full.isControl(a) { XCTAssertEqual(index.objects(namedBy: a), full.objects(namedBy: a)) }
                    if full.isNameable(a) { XCTAssertEqual(index.controls(naming: a), full.controls(naming: a)) }
                }
            }
        }
    }

    /// A few moves in one container of n stops: linear, where testing every
    /// pair was quadratic.
    func testContainerReferencesAreLinearInTheContainer() {
        let seed: UInt64 = 0x401
        func screens(_ n: Int) -> (Snapshot, Snapshot) {
            let rows: [Node] = (0..<n).map { i in
                i % 10 == 0 ? S.button("Add item \(i) to cart") : S.text("Item \(i)")
            }
            var moved = rows
            let last = moved.removeLast()
            moved.insert(last, at: 0)
            moved.swapAt(n / 2, n / 2 + 7)
            return (S.screen([S.text("Payment failed")] + rows), S.screen(moved + [S.text("Payment failed")]))
        }
        let (old, new) = screens(2_000)
        XCTAssertFalse(ScreenDiffer.diff(old: old, new: new, path: "s.json").changes.filter { $0.kind.isOrder }.isEmpty)
        XCTAssertNil(Scaling.check("ContainerPartners, a few moves in one container of n stops", .linear, n: 2_000, seed: seed) { n in
            let (old, new) = screens(n)
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }

    /// 2 to 41 stops of one container, buttons and texts whose labels are
    /// phrases of a few words, some of them errors, for the index tests.
    private static func container(_ rng: inout SeededGenerator) -> [Node] {
        let words = ["add", "tea", "jasmine", "green", "cart", "error", "failed", "remove", "tea", "payment"]
        func phrase(_ n: Int) -> String {
            (0..<n).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let n = Int(rng.next() % 40) + 2
        return (0..<n).map { i in
            switch rng.next() % 4 {
            case 0: return Node(id: "b\(i)", role: .button, label: phrase(Int(rng.next() % 5) + 1))
            case 1: return Node(id: "e\(i)", role: .text, label: "Error: " + phrase(2))
            default: return Node(id: "t\(i)", role: .text, label: phrase(Int(rng.next() % 3) + 1))
            }
        }
    }
}
