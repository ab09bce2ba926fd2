import AXDiff
import AXRecord
import AXSnapshot
import XCTest

/// The web's Reading Order Drift, recorded from real pages: CSS `order`,
/// `flex-direction: row-reverse` under `dir="rtl"`, grid placement and
/// absolute positioning put a stop elsewhere on screen while the DOM (the
/// reading order) stays put. Each page against its plain version is an
/// `order.regressed` and nothing else; the other way round, no regression.
final class ReadingOrderDriftTests: XCTestCase {
    func diff(_ old: String, _ new: String) throws -> [Change] {
        ScreenDiffer.diff(old: try Fixtures.snapshot(old), new: try Fixtures.snapshot(new), path: "\(new).json").changes
    }

    /// Runs `old → new`, checks every change is an order regression naming one
    /// of `moved`, and that `new → old` has no regression.
    func assertDrift(_ old: String, _ new: String, count: ClosedRange<Int>, moved: Set<String>,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let changes = try diff(old, new)
        XCTAssertTrue(count.contains(changes.count), "\(old) → \(new): \(changes.map(\.message))", file: file, line: line)
        for change in changes {
            XCTAssertEqual(change.kind, .orderRegressed, change.message, file: file, line: line)
            XCTAssertTrue(moved.contains(change.elements.first?.label ?? ""), "\(change.message) names a stop that did not move",
                          file: file, line: line)
        }
        let back = try diff(new, old)
        XCTAssertFalse(back.contains { $0.kind == .orderRegressed }, "\(new) → \(old): \(back.map(\.message))", file: file, line: line)
    }

    func testCSSOrderPuttingThePriceFirstIsARegression() throws {
        // Two stops swap places on screen: one of them is the move.
        try assertDrift("card-plain", "card-order", count: 1...1, moved: ["$4.50", "Jasmine tea"])
    }

    func testRowReverseInAnRTLPageIsARegression() throws {
        // Three buttons reversed: two of them moved (n − LIS).
        try assertDrift("rtl-row", "rtl-row-reverse", count: 2...2, moved: ["الأول", "الثاني", "الثالث"])
    }

    func testGridPlacementOutOfDOMOrderIsARegression() throws {
        // Steps 1 and 4 swap corners; 2 and 3 stay where they were.
        try assertDrift("grid-plain", "grid-placed", count: 2...2, moved: ["Step 1: Choose a plan", "Step 4: Confirm"])
    }

    func testAbsolutePositioningTheErrorBelowIsARegression() throws {
        try assertDrift("absolute-plain", "absolute-moved", count: 1...1, moved: ["Payment failed"])
    }

    /// The other drift: the DOM moves the button first while CSS keeps it at
    /// the bottom. The button is read before the product it adds (object
    /// before action) and before what is above it on screen; a contract on
    /// the test ids catches it too.
    func testAButtonMovedFirstInTheDOMButNotOnScreen() throws {
        let changes = try diff("card-plain", "card-button-first")
        XCTAssertEqual(changes.map(\.kind), [.orderRegressed], changes.map(\.message).description)
        XCTAssertEqual(changes.first?.elements.first?.id, "add-to-cart")
        let plain = try Fixtures.snapshot("card-plain"), moved = try Fixtures.snapshot("card-button-first")
        XCTAssertEqual(moved.stops.map(\.frame), plain.stops.map(\.frame).suffix(1) + plain.stops.map(\.frame).dropLast(),
                       "the same boxes on screen, the button read first")

        var config = DiffPolicy()
        config.contracts = [Contract(screen: "card-*", order: ["name", "add-to-cart"])]
        var a = plain, b = moved
        a.elements = Self.withoutFrames(a.elements)
        b.elements = Self.withoutFrames(b.elements)
        let byContract = ScreenDiffer.diff(old: a, new: b, path: "card.json", policy: config).changes
        XCTAssertEqual(byContract.map(\.kind), [.orderRegressed], "without frames, the contract alone: \(byContract.map(\.message))")
        XCTAssertTrue(byContract.first?.message.contains("contract") == true, byContract.map(\.message).description)
        // Without frames or contract, object before action alone still catches it.
        XCTAssertEqual(ScreenDiffer.diff(old: a, new: b, path: "card.json").changes.map(\.kind), [.orderRegressed])
    }

    static func withoutFrames(_ nodes: [Node]) -> [Node] {
        nodes.map { node in
            var n = node
            n.frame = nil
            n.children = withoutFrames(n.children)
            return n
        }
    }

    func testThePlainPagesReadInVisualOrder() throws {
        for name in ["card-plain", "rtl-row", "grid-plain", "absolute-plain"] {
            let s = try Fixtures.snapshot(name)
            XCTAssertTrue(s.stops.allSatisfy { $0.frame != nil }, "\(name): a stop without a frame")
            XCTAssertEqual(ScreenDiffer.lint(s, path: name).changes.filter { $0.kind == .orderRegressed }.count, 0, name)
        }
    }

    func testRTLButtonsAreReadRightToLeft() throws {
        let s = try Fixtures.snapshot("rtl-row")
        let xs = s.stops.compactMap { $0.frame?.x }
        XCTAssertEqual(xs.count, 3)
        XCTAssertEqual(xs, xs.sorted(by: >), "dir=rtl lays the first button out rightmost")
    }

    func testASmallTargetKeepsItsCSSPixelSize() throws {
        let s = try Fixtures.snapshot("combobox")
        let clear = try XCTUnwrap(s.stops.first { $0.id == "clear" })
        XCTAssertEqual(clear.label, "Clear filters")
        XCTAssertEqual(clear.frame.map { [$0.width, $0.height] }, [16, 16])
    }
}
