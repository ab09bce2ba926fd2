import AXDiff
@testable import AXReport
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// Screens at the edges: one version only, frames no screen has.
final class WireframeEdgeTests: XCTestCase {
    /// Stop boxes drawn: marked ones are rects, plain ones the closed subpaths of one path.
    static func boxes(_ svg: String) -> Int {
        let rects = svg.components(separatedBy: "<rect class=\"wf-stop").count - 1
        let paths = svg.components(separatedBy: "<path class=\"wf-stop\" d=\"").dropFirst()
        return rects + paths.reduce(0) { $0 + ($1.prefix { $0 != "\"" }.filter { $0 == "z" }.count) }
    }

    func testAnAddedOrRemovedScreenDrawsTheVersionItHas() throws {
        let card = try WireframeFixtures.story("01-initial", "ProductCard")
        let added = Wireframe(WireframeFixtures.diff(nil, card, path: "Snapshots/ProductCard.json"))
        XCTAssertEqual(added.panels.map(\.title), ["After"])
        XCTAssertEqual(added.panels[0].added, [], "a new screen's stops are not each marked new")
        let removed = Wireframe(WireframeFixtures.diff(card, nil, path: "Snapshots/ProductCard.json"))
        XCTAssertEqual(removed.panels.map(\.title), ["Before"])
        let svg = try XCTUnwrap(WireframeSVG.render(removed))
        XCTAssertEqual(WireframeEdgeTests.boxes(svg), 5 + 5, "five stops and the legend's five boxes")
    }

    func testOddFramesGiveFiniteCoordinates() throws {
        let nodes = [
            Node(id: "a", role: .button, label: "Far", frame: Frame(x: 1e300, y: 1e300, width: 1e300, height: 44)),
            Node(id: "b", role: .button, label: "Negative", frame: Frame(x: -500, y: -20, width: 100, height: 44)),
            Node(id: "c", role: .button, label: "Empty", frame: Frame(x: 10, y: 10, width: 0, height: 0)),
            Node(id: "d", role: .button, label: "Not a number", frame: Frame(x: .nan, y: 0, width: 10, height: 10)),
            Node(id: "e", role: .button, label: "Plain", frame: Frame(x: 0, y: 100, width: 390, height: 44)),
        ]
        let snapshot = Snapshot(screen: "Odd", platform: .android, elements: nodes)
        let wireframe = Wireframe(screen: "Odd", stops: snapshot.stops)
        let svg = try XCTUnwrap(WireframeSVG.render(wireframe))
        XCTAssertFalse(svg.lowercased().contains("nan"))
        XCTAssertFalse(svg.lowercased().contains("inf"))
        // Drawn: the far one, the negative one and the plain one; the empty and the not-a-number frames are not places.
        XCTAssertEqual(WireframeEdgeTests.boxes(svg), 3 + 5, "three stops and the legend's five boxes")
        XCTAssertFalse(WireframeText.render(wireframe).isEmpty)
    }
}

