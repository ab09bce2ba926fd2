import AXDiff
import AXGate
import AXTestSupport
import XCTest

/// `DiffReport.acceptance` (`accepting`): O(c · t) for c changes and t
/// trailers, checked by how the time grows (`Scaling`).
final class AcceptanceScalingTests: XCTestCase {
    /// `changes` relabels on one screen.
    static func report(_ changes: Int) -> DiffReport {
        DiffReport(screens: [ScreenDiff(screen: "Checkout", path: "Snapshots/Checkout.json", changes: (0..<changes).map { i in
            Change(kind: .labelChanged, screen: "Checkout", elements: [ElementRef(id: "f\(i)", label: "Card \(i)", role: .textField, index: i)],
                   before: "Card number \(i)", after: "Card \(i)", message: "\"Card number \(i)\" is now called \"Card \(i)\"")
        })], snapshotsCompared: 1)
    }

    /// Trailers that each accept one element's change.
    static func trailers(_ count: Int) -> [AcceptTrailer] {
        (0..<count).map { AcceptTrailer(kind: .labelChanged, screen: "Checkout", element: "f\($0 * 2)") }
    }

    func testAcceptanceIsLinearInTheChangesAndInTheTrailers() {
        let (report, unmatched) = Self.report(10).acceptance(Self.trailers(8))
        XCTAssertEqual(report.screens[0].changes.filter(\.accepted).map(\.elements[0].id), ["f0", "f2", "f4", "f6", "f8"])
        XCTAssertEqual(unmatched, [5, 6, 7])
        XCTAssertNil(Scaling.check("DiffReport.acceptance, n changes and 10 trailers", .linear, n: 200) { n in
            let (report, trailers) = (Self.report(n), Self.trailers(10))
            return { _ = report.acceptance(trailers) }
        })
        XCTAssertNil(Scaling.check("DiffReport.acceptance, 200 changes and n trailers", .linear, n: 10) { n in
            let (report, trailers) = (Self.report(200), Self.trailers(n))
            return { _ = report.acceptance(trailers) }
        })
    }
}
