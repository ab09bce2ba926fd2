import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// `target.small` on the web with WCAG 2.5.8's spacing exception: the grid
/// of circles keeps it linear in the targets, however many are undersized.
final class TargetScalingTests: XCTestCase {
    /// n 20 × 20 buttons in rows of 20; every other row spaced, every other crowded.
    static func screen(_ n: Int) -> Snapshot {
        let nodes = (0..<n).map { i -> Node in
            let row = i / 20, column = i % 20
            let gap = row % 2 == 0 ? 40.0 : 21.0
            return Node(id: "b\(i)", role: .button, label: "B\(i)", frame: Frame(x: Double(column) * gap, y: Double(row) * 50, width: 20, height: 20, unit: .cssPixels))
        }
        return Snapshot(screen: "Grid", platform: .web, elements: nodes)
    }

    func testSpacingIsCheckedInTimeLinearInTheTargets() {
        let lint = ScreenDiffer.lint(Self.screen(400), path: "grid.json")
        XCTAssertEqual(lint.changes.filter { $0.kind == .targetSmall }.count, 200, "the crowded rows only")
        XCTAssertNil(Scaling.check("target.small on the web over n undersized targets", .linear, n: 400) { n in
            let snapshot = Self.screen(n)
            return { _ = ScreenDiffer.lint(snapshot, path: "grid.json") }
        })
    }
}
