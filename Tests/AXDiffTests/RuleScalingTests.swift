import AXSnapshot
import AXTestSupport
import Foundation
import XCTest
@testable import AXDiff

/// Rules whose input is more than the two versions — a reading-order contract, the
/// source-locale version — counted on a small screen and checked from n to 8n (`Scaling`).
final class RuleScalingTests: XCTestCase {
    /// n rows; `swapped` reads the contract's first two entries the other way round.
    func rows(_ n: Int, swapped: Bool, locale: String? = nil, translated: Bool = true) -> Snapshot {
        var nodes = (0..<n).map { i in
            Node(id: "row\(i)", role: .text, label: translated || i % 5 != 0 ? "\(locale ?? "en") row \(i)" : "en row \(i)")
        }
        if swapped { nodes.swapAt(0, 1) }
        return Snapshot(screen: "List", platform: .ios, locale: locale, elements: nodes)
    }

    /// `OrderReference.contractViolations`: O(n · e + e²) per contract — e fixed at 10, n growing.
    func testAContractIsCheckedInTimeLinearInTheStops() {
        var config = DiffPolicy()
        config.contracts = [Contract(screen: "List", order: (0..<10).map { "row\($0)" })]
        let diff = ScreenDiffer.diff(old: rows(100, swapped: false), new: rows(100, swapped: true), path: "List.json", policy: config)
        XCTAssertEqual(diff.changes.filter { $0.kind == .orderRegressed }.count, 1, "\(diff.changes.map(\.kind))")
        XCTAssertNil(Scaling.check("OrderReference.contractViolations on n stops, a contract of 10", .linear, n: 200) { n in
            let (old, new) = (rows(n, swapped: false), rows(n, swapped: true))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "List.json", policy: config) }
        })
    }

    /// `LabelUntranslated.changes`: O(n) expected in the stops of the screen and its source.
    func testUntranslatedLabelsAreFoundInLinearTime() {
        func pair(_ n: Int) -> (Snapshot, Snapshot, LocaleSource) {
            (rows(n, swapped: false, locale: "fr"), rows(n, swapped: false, locale: "fr", translated: false),
             LocaleSource(new: rows(n, swapped: false, locale: "en")))
        }
        let (old, new, source) = pair(100)
        let diff = ScreenDiffer.diff(old: old, new: new, path: "fr/List.json", source: source)
        XCTAssertEqual(diff.changes.filter { $0.kind == .labelUntranslated }.count, 20, "one in five rows: \(diff.changes.map(\.kind))")
        XCTAssertNil(Scaling.check("LabelUntranslated.changes on n stops", .linear, n: 200) { n in
            let (old, new, source) = pair(n)
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "fr/List.json", source: source) }
        })
    }
}
