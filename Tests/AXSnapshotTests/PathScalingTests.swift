import AXTestSupport
import XCTest
@testable import AXSnapshot

/// What a path says (`PathLocale`, `ScreenName`) costs time linear in the
/// path, and a dump's direction and density (`LayoutDirectionInference`,
/// `AndroidDensity`, `PathFacts`) linear in its nodes — checked by how the
/// time grows from n to 8n (`Scaling`).
final class PathScalingTests: XCTestCase {
    func testThePathsLocaleAndScreenNameAreLinearInThePath() {
        XCTAssertEqual(PathLocale.locale(in: (0..<10).map { "d\($0)" }.joined(separator: "/") + "/es-MX/aria.yml"), "es-MX")
        XCTAssertNil(Scaling.check("PathLocale.locale and ScreenName.name on a path of n segments", .linear, n: 2_000) { n in
            let path = "checkout/es-MX/" + (0..<n).map { _ in "__snapshots__/snapshots" }.joined(separator: "/") + "/aria.yml"
            return {
                _ = PathLocale.locale(in: path)
                _ = ScreenName.name(stem: "aria", path: path)
            }
        })
    }

    /// A dump of n mirrored Hebrew rows, no locale: every label and frame is looked at.
    func testDirectionAndDensityAreLinearInTheNodes() {
        func rows(_ n: Int) -> [Node] {
            (0..<n).map { i in
                let y = Double(i) * 60
                return Node(role: .container, frame: Frame(x: 0, y: y, width: 1080, height: 56), children: [
                    Node(role: .text, label: "1", frame: Frame(x: 600, y: y, width: 400, height: 50)),
                    Node(role: .text, label: "2", frame: Frame(x: 40, y: y, width: 400, height: 50)),
                ])
            }
        }
        XCTAssertEqual(LayoutDirectionInference.direction(locale: nil, elements: rows(10)), .rtl)
        XCTAssertNil(Scaling.check("LayoutDirectionInference.direction, AndroidDensity.density, PathFacts.complete on n rows", .linear, n: 500) { n in
            var snapshot = Snapshot(screen: "S", platform: .android, elements: rows(n), format: .uiautomator)
            let frames = rows(n).flatMap { [$0.frame] + $0.children.map(\.frame) }
            return {
                _ = AndroidDensity.density(of: frames)
                PathFacts.complete(&snapshot, path: "screens/about.xml")
            }
        })
    }
}
