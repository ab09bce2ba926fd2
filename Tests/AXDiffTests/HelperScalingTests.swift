import AXSnapshot
import AXTestSupport
import Foundation
import XCTest
@testable import AXDiff

/// The complexity claims of the diff's small helpers — path and label tests, the lost
/// action's search of the controls' texts, a node's member stops — each checked by how the
/// time grows from n to 8n (`Scaling`).
final class HelperScalingTests: XCTestCase {
    func testASourceLocalePathIsFoundInTimeLinearInThePath() {
        XCTAssertNil(Scaling.check("LocaleSiblings.sourcePaths on a path of n segments", .linear, n: 2_000) { n in
            let path = (0..<n).map { "d\($0)" }.joined(separator: "/") + "/fr-FR/Checkout.fr-FR.json"
            return { _ = LocaleSiblings.sourcePaths(for: path, locale: "fr-FR", sourceLocale: "en") }
        })
    }

    func testAnAssetNameTestIsLinearInTheLabel() {
        XCTAssertNil(Scaling.check("LabelQuality.asciiLooksLikeAssetName on n bytes", .linear, n: 20_000) { n in
            let camel = String(repeating: "icArrow", count: n / 7)
            let snake = String(repeating: "ic_arr_", count: n / 7)
            return { _ = LabelQuality.asciiLooksLikeAssetName(camel); _ = LabelQuality.asciiLooksLikeAssetName(snake) }
        })
    }

    /// The controls' texts grow, the actions looked for stay: linear in the words.
    func testLostActionNamesAreLookedForInTimeLinearInTheControlsWords() {
        let seed: UInt64 = 0xAC7
        let keys = ["Delete", "Share item", "Mark as read", "Move to the archive folder"]
        XCTAssertNil(Scaling.check("ActionLost.namedByControls over n controls", .linear, n: 400, seed: seed) { n in
            var rng = SeededGenerator(seed: seed)
            let words = ["share", "item", "mark", "read", "move", "to", "the", "folder", "open", "close"]
            let nodes = (0..<n).map { i in
                Node(id: "c\(i)", role: .button, label: (0..<6).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " "))
            }
            let stops = Snapshot(screen: "S", platform: .ios, elements: nodes).stops
            return { _ = ActionLost.namedByControls(keys, in: stops) }
        })
    }

    /// A container of n children: its member stops cost O(n) — a node's, not the screen's.
    func testMemberStopsAreLinearInTheChildren() {
        XCTAssertNil(Scaling.check("StopTree.memberStops of a node of n children", .linear, n: 2_000) { n in
            let children = (0..<n).map { Node(role: .text, label: "Row \($0)") }
            let tree = Snapshot(screen: "S", platform: .ios, elements: [Node(role: .other, children: children)]).stopTree()
            // Node 1 is the container, in preorder right after the screen.
            XCTAssertEqual(tree.memberStops(of: 1).count, n)
            return { _ = tree.memberStops(of: 1) }
        })
    }
}
