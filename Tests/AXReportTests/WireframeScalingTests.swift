import AXDiff
@testable import AXReport
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The renderers are linear in the stops (sorting the marks aside): a screen twice as long costs about twice as much.
final class WireframeScalingTests: XCTestCase {
    func testRenderingIsLinearInTheStops() {
        func diff(_ n: Int) -> ScreenDiff {
            var order = Array(0..<n)
            order.swapAt(0, n - 1)
            let old = WireframeFixtures.list(rows: n).stops, new = WireframeFixtures.list(rows: n, order: order).stops
            var d = ScreenDiff(screen: "List", path: "List.json", changes: [], stopsBefore: old, stopsAfter: new,
                               matchedOld: order, moves: [Move(from: 0, to: n - 1), Move(from: n - 1, to: 0)])
            // A named group around every ten rows, outlined around its stops.
            let groups = stride(from: 0, to: n, by: 10).map { k in
                Node(role: .group, label: "Rows \(k + 1) to \(min(n, k + 10))", children: (k..<min(n, k + 10)).map { row in
                    Node(id: "row\(row)", role: .button, label: "Row \(row + 1)", frame: Frame(x: 0, y: Double(row) * 44, width: 390, height: 44))
                })
            }
            d.containersAfter = Snapshot(screen: "List", platform: .ios, elements: groups).outline().containers
            d.containersBefore = d.containersAfter
            return d
        }
        XCTAssertNil(Scaling.check("WireframeSVG.render of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeSVG.render(Wireframe(d)) }
        })
        XCTAssertNil(Scaling.check("WireframeText.render of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeText.render(Wireframe(d)) }
        })
        XCTAssertNil(Scaling.check("WireframeFigure.commit of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeFigure.commit(d, prefix: "s1") }
        })
    }
}

/// The byte writer's numbers are the bytes of `WireframeSVG.n`, which the golden files pin.
final class SVGNumberTests: XCTestCase {
    func testBytesAgreeWithTheStringForm() {
        let seed = UInt64(0x5176)
        print("seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        var values: [Double] = [0, -0.04, -0.05, -0.5, -1, -1.5, 0.05, 9.95, 1e14, -1e14, 1e300, .nan, .infinity, -.infinity]
        for _ in 0..<2_000 { values.append(Double.random(in: -5_000...5_000, using: &generator)) }
        for v in values {
            var bytes = SVGBytes(capacity: 16)
            bytes.number(v)
            XCTAssertEqual(bytes.string, WireframeSVG.n(v), "\(v)")
            var line = SVGBytes(capacity: 16)
            line.line { $0.number(v); $0.add(",") }
            XCTAssertEqual(line.string, WireframeSVG.n(v) + ",", "a line's number \(v)")
        }
        var bytes = SVGBytes(capacity: 32)
        for k: UInt in [0, 7, 10, 99_999, UInt.max] { bytes.integer(k); bytes.add(" ") }
        XCTAssertEqual(bytes.string, "0 7 10 99999 \(UInt.max) ")
        var line = SVGBytes(capacity: 8)
        line.line { l in for k: UInt in [0, 7, 10, 99_999, UInt.max] { l.integer(k); l.add(" ") } }
        XCTAssertEqual(line.string, "0 7 10 99999 \(UInt.max) ")
    }
}
