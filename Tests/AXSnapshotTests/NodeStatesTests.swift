@testable import AXSnapshot
import XCTest

/// `NodeStates` keeps a node's states in one word; it must answer as the
/// `Set<NodeState>` it replaced does, for every subset of the nine states.
final class NodeStatesTests: XCTestCase {
    private static func subset(_ bits: Int) -> Set<NodeState> {
        Set(NodeState.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
    }

    func testEverySubsetAnswersAsASet() {
        let all = 1 << NodeState.allCases.count
        XCTAssertEqual(all, 512)
        for bits in 0..<all {
            let set = Self.subset(bits)
            var states = NodeStates()
            for state in NodeState.allCases.reversed() where set.contains(state) { states.insert(state) }
            XCTAssertEqual(Array(states), set.sorted(), "bits \(bits)")
            XCTAssertEqual(states.sorted(), set.sorted(), "bits \(bits)")
            XCTAssertEqual(states.count, set.count, "bits \(bits)")
            XCTAssertEqual(states.isEmpty, set.isEmpty, "bits \(bits)")
            for state in NodeState.allCases {
                XCTAssertEqual(states.contains(state), set.contains(state), "bits \(bits), \(state)")
                var copy = states, setCopy = set
                XCTAssertEqual(copy.insert(state).inserted, setCopy.insert(state).inserted, "bits \(bits), \(state)")
                XCTAssertEqual(copy.sorted(), setCopy.sorted())
                copy = states; setCopy = set
                XCTAssertEqual(copy.remove(state), setCopy.remove(state), "bits \(bits), \(state)")
                XCTAssertEqual(copy.sorted(), setCopy.sorted())
            }
            // Against a second subset: the algebra the rules use.
            let other = (bits &* 37 &+ 11) % all
            let otherSet = Self.subset(other)
            var otherStates = NodeStates()
            for state in otherSet { otherStates.insert(state) }
            XCTAssertEqual(states.subtracting(otherStates).sorted(), set.subtracting(otherSet).sorted(), "bits \(bits), \(other)")
            XCTAssertEqual(states.union(otherStates).sorted(), set.union(otherSet).sorted(), "bits \(bits), \(other)")
            XCTAssertEqual(states.intersection(otherStates).sorted(), set.intersection(otherSet).sorted(), "bits \(bits), \(other)")
            XCTAssertEqual(states == otherStates, set == otherSet, "bits \(bits), \(other)")
        }
    }

    func testALiteralIsTheSameSetWhateverItsOrder() {
        let a: NodeStates = [.focused, .disabled]
        let b: NodeStates = [.disabled, .focused, .disabled]
        XCTAssertEqual(a, b)
        XCTAssertEqual(Array(a), [.disabled, .focused])
        XCTAssertNotEqual(a, [.disabled])
    }
}
