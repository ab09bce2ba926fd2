import AXSnapshot
import AXTestSupport
import Foundation
import XCTest
@testable import AXDiff

/// The group matcher's passes on screens made of the shape each handles.
final class GroupScalingTests: XCTestCase {
    func screen(_ nodes: [Node]) -> Snapshot { Snapshot(screen: "S", platform: .ios, elements: nodes) }

    /// n orders whose status and total, separate stops before, are the order's value now.
    func orders(_ n: Int, merged: Bool) -> Snapshot {
        screen((0..<n).flatMap { i -> [Node] in
            merged ? [Node(role: .button, label: "Order \(i)", value: "Delivered, $\(i).80")]
                   : [Node(role: .button, label: "Order \(i)"), Node(role: .text, label: "Delivered"), Node(role: .text, label: "$\(i).80")]
        })
    }

    /// n cards whose title and price, stops with ids before, are folded into the card now.
    func cards(_ n: Int, folded: Bool) -> Snapshot {
        screen((0..<n).flatMap { i -> [Node] in
            let title = Node(id: "title-\(i)", role: .text, label: "Tea \(i)"), price = Node(id: "price-\(i)", role: .text, label: "$\(i)")
            return folded ? [Node(id: "card-\(i)", role: .button, label: "Tea \(i), $\(i)", element: true, children: [title, price])] : [title, price]
        })
    }

    func testMergesByValueAreFoundInLinearTime() {
        let diff = ScreenDiffer.diff(old: orders(50, merged: false), new: orders(50, merged: true), path: "s.json")
        // Texts merged into the value of a button that is still that button: a merge once per
        // order, and no control lost (the button's name is still said).
        XCTAssertEqual(diff.changes.filter { $0.kind == .groupControlMerged }.count, 0)
        XCTAssertEqual(diff.changes.filter { $0.kind == .groupMerged }.count, 50, "\(Dictionary(grouping: diff.changes, by: \.kind).mapValues(\.count))")
        XCTAssertNil(Scaling.check("GroupMatcher.widenByValue over n merged orders", .linear, n: 200) { n in
            let (old, new) = (orders(n, merged: false), orders(n, merged: true))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }

    func testStopsFoldedByIDAreFoundInLinearTime() {
        let diff = ScreenDiffer.diff(old: cards(50, folded: false), new: cards(50, folded: true), path: "s.json")
        XCTAssertEqual(diff.changes.filter { $0.kind == .groupMerged }.count, 50, "\(Dictionary(grouping: diff.changes, by: \.kind).mapValues(\.count))")
        XCTAssertNil(Scaling.check("GroupMatcher.absorbByID over n folded cards", .linear, n: 200) { n in
            let (old, new) = (cards(n, folded: false), cards(n, folded: true))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json") }
        })
    }
}
