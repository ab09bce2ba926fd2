@testable import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// `InPlaceBuffer` is the readers' only unsafe memory for their trees: built
/// the way the readers build with it (a node appended, its children after it,
/// taken out into its own array before its next sibling comes), seeded random
/// trees of varied shapes come out whole, in order, every array at the room
/// an exact reservation gives, and every value is destroyed exactly once —
/// also when building throws part way. A class-typed field counts the live
/// values. `AXDIFF_BUFFER_SEED` varies the seed.
final class InPlaceBufferTests: XCTestCase {
    /// Counts the `Tracked` values alive.
    final class Census {
        var live = 0
    }

    /// One live value while it exists: a value leaked stays counted, a value
    /// destroyed twice counts below zero (or crashes on its release).
    final class Tracked {
        let census: Census
        init(_ census: Census) { self.census = census; census.live += 1 }
        deinit { census.live -= 1 }
    }

    /// A node of a tree as a reader builds it: a class-typed field, a number
    /// that names it (pre-order), and its children.
    struct Item {
        var tracked: Tracked
        var id: Int
        var children: [Item] = []
    }

    /// A tree's shape: how many children each node has, in pre-order.
    indirect enum Shape {
        case node([Shape])

        var children: [Shape] { if case .node(let c) = self { return c } else { return [] } }
        var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    }

    struct Stop: Error {}

    static var seed: UInt64 {
        UInt64(ProcessInfo.processInfo.environment["AXDIFF_BUFFER_SEED"] ?? "") ?? 0xB0FF_E125
    }

    /// Wide, deep, empty and single-child levels, and runs long enough to
    /// make the buffer grow past its first room many times; at most `budget`
    /// nodes in all.
    static func randomShape(_ rng: inout SeededGenerator, depth: Int, budget: inout Int) -> Shape {
        budget -= 1
        guard depth > 0, budget > 0 else { return .node([]) }
        var count: Int
        switch Int.random(in: 0..<20, using: &rng) {
        case 0...6: count = 0
        case 7...8: count = 1
        case 9...16: count = Int.random(in: 2...12, using: &rng)
        case 17...18: count = Int.random(in: 13...70, using: &rng)
        default: count = Int.random(in: 100...400, using: &rng)
        }
        count = min(count, budget)
        var children: [Shape] = []
        for _ in 0..<count where budget > 0 { children.append(randomShape(&rng, depth: depth - 1, budget: &budget)) }
        return .node(children)
    }

    /// Up to 30 top-level shapes of at most `budget` nodes in all.
    static func randomRoots(_ rng: inout SeededGenerator, depth: Int, budget: Int) -> [Shape] {
        var budget = budget
        var roots: [Shape] = []
        for _ in 0..<Int.random(in: 0...30, using: &rng) where budget > 0 {
            roots.append(randomShape(&rng, depth: depth, budget: &budget))
        }
        return roots
    }

    /// Builds `shape`'s children as the readers do; throws `Stop` when
    /// `budget` values have been made.
    static func build(_ shapes: [Shape], in buffer: InPlaceBuffer<Item>, census: Census, next: inout Int, budget: inout Int) throws -> [Item] {
        let start = buffer.count
        for shape in shapes {
            if budget == 0 { throw Stop() }
            budget -= 1
            let id = next
            next += 1
            let at = buffer.append { $0.initialize(to: Item(tracked: Tracked(census), id: id)) }
            let children = try build(shape.children, in: buffer, census: census, next: &next, budget: &budget)
            buffer[at].children = children
            // Left as the last value again: its children were taken out.
            XCTAssertEqual(buffer.count, at + 1)
        }
        return buffer.take(from: start)
    }

    /// The room an array of `count` items has when reserved exactly: the
    /// allocator may round it up, doubling would not stop there.
    static func exactCapacity(_ count: Int) -> Int {
        var probe: [Item] = []
        probe.reserveCapacity(count)
        return probe.capacity
    }

    /// Checks `items` against `shapes` in pre-order from `next`; the number of arrays checked.
    static func check(_ items: [Item], _ shapes: [Shape], next: inout Int, _ context: String) -> Int {
        XCTAssertEqual(items.count, shapes.count, context)
        if !items.isEmpty {
            XCTAssertEqual(items.capacity, exactCapacity(items.count), "\(context): \(items.count) items")
        }
        var arrays = 1
        for (item, shape) in zip(items, shapes) {
            XCTAssertEqual(item.id, next, context)
            next += 1
            arrays += check(item.children, shape.children, next: &next, context)
        }
        return arrays
    }

    func testTreesComeOutWholeInOrderAtTheirExactSize() {
        let seed = Self.seed
        var rng = SeededGenerator(seed: seed)
        var arrays = 0, values = 0
        for round in 0..<40 {
            let census = Census()
            let roots = Self.randomRoots(&rng, depth: 5, budget: 4_000)
            let context = "seed \(seed) (AXDIFF_BUFFER_SEED=\(seed)) round \(round)"
            do {
                // The smallest blocks (16 slots): most arrays taken cross from one to the next.
                let buffer = InPlaceBuffer<Item>(capacity: 1)
                var next = 0, budget = Int.max
                let tree = try Self.build(roots, in: buffer, census: census, next: &next, budget: &budget)
                XCTAssertTrue(buffer.isEmpty, context)
                let total = roots.reduce(0) { $0 + $1.count }
                XCTAssertEqual(next, total, context)
                XCTAssertEqual(census.live, total, context)
                var checked = 0
                arrays += Self.check(tree, roots, next: &checked, context)
                values += total
            } catch {
                XCTFail("\(context): \(error)")
            }
            XCTAssertEqual(census.live, 0, "\(context): values leaked or destroyed twice")
        }
        XCTAssertGreaterThan(values, 10_000, "the seeded trees are large enough to grow the buffer")
        XCTAssertGreaterThan(arrays, 1_000)
    }

    func testAThrowPartWayDestroysEveryValueOnce() {
        let seed = Self.seed
        var rng = SeededGenerator(seed: seed &+ 1)
        for round in 0..<60 {
            let census = Census()
            let roots = Self.randomRoots(&rng, depth: 4, budget: 1_500)
            let total = roots.reduce(0) { $0 + $1.count }
            guard total > 0 else { continue }
            let stopAfter = Int.random(in: 0..<total, using: &rng)
            var budget = stopAfter
            let context = "seed \(seed) (AXDIFF_BUFFER_SEED=\(seed)) round \(round), stopped after \(budget) of \(total)"
            var leftInBuffer = -1
            do {
                let buffer = InPlaceBuffer<Item>(capacity: 1)
                var next = 0
                defer { leftInBuffer = buffer.count }
                _ = try Self.build(roots, in: buffer, census: census, next: &next, budget: &budget)
                XCTFail("\(context): no throw")
            } catch {
                XCTAssertTrue(error is Stop, context)
            }
            // Some values were still in the buffer, not yet in any array, when it stopped.
            if stopAfter > 0 { XCTAssertGreaterThan(leftInBuffer, 0, context) }
            XCTAssertEqual(census.live, 0, "\(context): values leaked or destroyed twice")
        }
    }

    /// The JSON text of `shapes`, each element labelled with its pre-order number.
    static func json(_ shapes: [Shape], next: inout Int, into text: inout String) {
        text += "["
        for (i, shape) in shapes.enumerated() {
            if i > 0 { text += "," }
            text += "{\"role\": \"button\", \"label\": \"n\(next)\""
            next += 1
            if !shape.children.isEmpty {
                text += ", \"children\": "
                json(shape.children, next: &next, into: &text)
            }
            text += "}"
        }
        text += "]"
    }

    /// Checks `nodes` against `shapes` in pre-order from `next`, every array at its exact room.
    static func checkRead(_ nodes: [Node], _ shapes: [Shape], next: inout Int, _ context: String) {
        XCTAssertEqual(nodes.count, shapes.count, context)
        if !nodes.isEmpty {
            var probe: [Node] = []
            probe.reserveCapacity(nodes.count)
            XCTAssertEqual(nodes.capacity, probe.capacity, "\(context): \(nodes.count) nodes")
        }
        for (node, shape) in zip(nodes, shapes) {
            XCTAssertEqual(node.label, "n\(next)", context)
            next += 1
            checkRead(node.children, shape.children, next: &next, context)
        }
    }

    func testTheJSONReaderBuildsEveryArrayAtItsExactSize() throws {
        let seed = Self.seed
        var rng = SeededGenerator(seed: seed &+ 2)
        var nodes = 0
        for round in 0..<12 {
            let roots = Self.randomRoots(&rng, depth: 5, budget: 4_000)
            var text = "{\"axsnapshot\": 1, \"elements\": "
            var next = 0
            Self.json(roots, next: &next, into: &text)
            text += "}"
            let snapshot = try AXSnapshotJSONReader.read(Array(text.utf8), file: "S.json", screen: "S")
            var checked = 0
            Self.checkRead(snapshot.elements, roots, next: &checked, "seed \(seed) (AXDIFF_BUFFER_SEED=\(seed)) round \(round)")
            XCTAssertEqual(checked, next)
            nodes += next
        }
        XCTAssertGreaterThan(nodes, 3_000)
    }

    func testRemoveAllAndRemoveLastDestroyWhatTheyRemove() {
        let census = Census()
        let buffer = InPlaceBuffer<Item>(capacity: 2)
        for id in 0..<9 { buffer.append { $0.initialize(to: Item(tracked: Tracked(census), id: id)) } }
        XCTAssertEqual(census.live, 9)
        buffer.removeLast()
        XCTAssertEqual(census.live, 8)
        buffer.removeAll(from: 5)
        XCTAssertEqual(buffer.count, 5)
        XCTAssertEqual(census.live, 5)
        buffer.removeAll(from: 5)
        XCTAssertEqual(census.live, 5)
        let taken = buffer.take(from: 3)
        XCTAssertEqual(taken.map(\.id), [3, 4])
        XCTAssertEqual(buffer.count, 3)
        XCTAssertEqual(buffer[2].id, 2)
        XCTAssertEqual(census.live, 5)
        XCTAssertEqual(buffer.take(from: 3).count, 0)
        buffer.removeAll(from: 0)
        XCTAssertTrue(buffer.isEmpty)
        XCTAssertEqual(census.live, 2)
    }

    /// `popLast` hands the last value over without destroying it, and
    /// `take(from:appendingTo:)` moves a tail that spans blocks onto the end
    /// of an array (the uiautomator reader's group of a stop and the
    /// controls lifted out of it); nothing is copied or destroyed twice.
    func testPopLastAndTakeAppendingMoveValuesOut() {
        let census = Census()
        let buffer = InPlaceBuffer<Item>(capacity: 2) // blocks of 16 slots
        for id in 0..<40 { buffer.append { $0.initialize(to: Item(tracked: Tracked(census), id: id)) } }
        var group: [Item] = []
        group.reserveCapacity(1 + 39 - 10)
        group.append(buffer.popLast())
        XCTAssertEqual(group[0].id, 39)
        XCTAssertEqual(buffer.count, 39)
        XCTAssertEqual(census.live, 40)
        buffer.take(from: 10, appendingTo: &group)
        XCTAssertEqual(group.map(\.id), [39] + Array(10..<39))
        XCTAssertEqual(group.capacity, Self.exactCapacity(30), "the room reserved, not grown")
        XCTAssertEqual(buffer.count, 10)
        XCTAssertEqual(census.live, 40)
        buffer.take(from: 10, appendingTo: &group)
        XCTAssertEqual(group.count, 30)
        group.removeAll()
        XCTAssertEqual(census.live, 10)
        buffer.removeAll(from: 0)
        XCTAssertEqual(census.live, 0)
    }
}
