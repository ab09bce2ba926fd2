import AXDiff
import AXGit
import AXGate
import AXTestSupport
import XCTest

/// `Axdiff-Accept` narrowed to a snapshot path and to one element, the trailer
/// the gate suggests when screen names repeat, and trailers that match nothing.
final class GateAcceptTargetTests: XCTestCase {
    /// axsnapshot JSON with ids: (id, role, label) per stop.
    private func screen(_ name: String, _ platform: String, _ stops: [(String, String, String)]) -> String {
        let elements = stops.map { #"{"id": "\#($0.0)", "role": "\#($0.1)", "label": "\#($0.2)"}"# }
        return #"{"axsnapshot": 1, "screen": "\#(name)", "platform": "\#(platform)", "elements": [\#n  "#
            + elements.joined(separator: ",\n  ") + "\n]}\n"
    }

    private func orders(_ platform: String, retry: String, cancel: String = "Cancel") -> String {
        screen("Orders", platform, [("title", "heading", "Orders"), ("retry_button", "button", retry), ("cancel_button", "button", cancel)])
    }

    private func check(_ git: GitFixture) throws -> GateVerdict {
        try Gate(repository: try Repository.open(path: git.path)).check(Gate.Options())
    }

    private func failing(_ verdict: GateVerdict) -> [String] {
        verdict.failing.map { "\($0.change.kind.rawValue) \($0.path)#\($0.change.elements.first?.id ?? "-")" }
    }

    func testTheTrailerValueNarrowsToAPathAndAnElement() {
        func parsed(_ value: String) -> AcceptTrailer? { try? AcceptTrailer.parse(value: value).get() }
        XCTAssertEqual(parsed("label.lost Checkout#retry_button"), AcceptTrailer(kind: .labelLost, screen: "Checkout", element: "retry_button"))
        XCTAssertEqual(parsed("label.lost Snapshots/ios/Orders.json#Try again"),
                       AcceptTrailer(kind: .labelLost, screen: "Snapshots/ios/Orders.json", element: "Try again"))
        XCTAssertEqual(parsed(##"label.lost "Product card"#"Buy #1""##), AcceptTrailer(kind: .labelLost, screen: "Product card", element: "Buy #1"))
        XCTAssertEqual(parsed("label.lost #retry_button"), AcceptTrailer(kind: .labelLost, element: "retry_button"))
        XCTAssertEqual(parsed("label.lost Checkout#"), AcceptTrailer(kind: .labelLost, screen: "Checkout"))
        for value in ["label.lost Checkout#retry_button", "label.lost Snapshots/ios/Orders.json#Try again", "label.lost #x", "order.regressed"] {
            XCTAssertEqual(parsed(value)?.text, "Axdiff-Accept: " + value, "the text reads back as the value")
        }

        let change = Change(kind: .labelLost, screen: "Orders",
                            elements: [ElementRef(id: "retry_button", label: "Try again", role: .button, index: 1)], message: "lost")
        let ios = "Snapshots/ios/Orders.json"
        XCTAssertTrue(AcceptTrailer(kind: .labelLost, screen: ios, element: "retry_button").accepts(change, path: ios))
        XCTAssertTrue(AcceptTrailer(kind: .labelLost, screen: "Orders", element: "Try again").accepts(change, path: ios), "by label")
        XCTAssertTrue(AcceptTrailer(kind: .labelLost, element: "retry_button").accepts(change, path: ios))
        XCTAssertFalse(AcceptTrailer(kind: .labelLost, screen: "Snapshots/android/Orders.json").accepts(change, path: ios))
        XCTAssertFalse(AcceptTrailer(kind: .labelLost, screen: "Orders", element: "cancel_button").accepts(change, path: ios))
        XCTAssertFalse(AcceptTrailer(kind: .labelLost, screen: "Orders", element: "retry").accepts(change, path: ios), "exact, not a prefix")
        let noElement = Change(kind: .stopsIncreased, screen: "Orders", message: "more swipes")
        XCTAssertFalse(AcceptTrailer(kind: .stopsIncreased, screen: "Orders", element: "x").accepts(noElement, path: ios))
    }

    func testAPathTrailerAcceptsOnePlatformAndTheSuggestionNamesThePath() throws {
        let git = try GitFixture(self)
        try git.commit("Orders", ["Snapshots/ios/Orders.json": orders("ios", retry: "Try again"),
                                  "Snapshots/android/Orders.json": orders("android", retry: "Try again")])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Icons for retry", ["Snapshots/ios/Orders.json": orders("ios", retry: "icRetry"),
                                           "Snapshots/android/Orders.json": orders("android", retry: "ic_retry")])
        let before = try check(git)
        XCTAssertEqual(failing(before), ["label.lost Snapshots/android/Orders.json#retry_button",
                                         "label.lost Snapshots/ios/Orders.json#retry_button"])
        XCTAssertEqual(before.suggestedTrailers.map(\.text), [
            "Axdiff-Accept: label.lost Snapshots/android/Orders.json#retry_button",
            "Axdiff-Accept: label.lost Snapshots/ios/Orders.json#retry_button",
        ])

        try git.commit("Accept Android's\n\nAxdiff-Accept: label.lost Snapshots/android/Orders.json#retry_button")
        let after = try check(git)
        XCTAssertTrue(after.fails)
        XCTAssertEqual(failing(after), ["label.lost Snapshots/ios/Orders.json#retry_button"])
        XCTAssertEqual(after.warnings, [])
    }

    func testAnElementTrailerDoesNotAcceptANewLossOnTheSameScreen() throws {
        let git = try GitFixture(self)
        try git.commit("Orders", ["Snapshots/Orders.json": orders("ios", retry: "Try again")])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Retry icon\n\nAxdiff-Accept: label.lost Orders#retry_button",
                       ["Snapshots/Orders.json": orders("ios", retry: "icRetry")])
        XCTAssertFalse(try check(git).fails)
        try git.commit("Cancel icon too", ["Snapshots/Orders.json": orders("ios", retry: "icRetry", cancel: "icClose")])
        let verdict = try check(git)
        XCTAssertEqual(failing(verdict), ["label.lost Snapshots/Orders.json#cancel_button"])
        XCTAssertEqual(verdict.report.allChanges.filter(\.accepted).count, 1)
        // One snapshot of that name: the suggestion names the screen.
        XCTAssertEqual(verdict.suggestedTrailers.map(\.text), ["Axdiff-Accept: label.lost Orders#cancel_button"])
    }

    func testATrailerThatMatchesNothingIsReported() throws {
        let git = try GitFixture(self)
        let card = { (order: [(String, String, String)]) in self.screen("ProductCard", "ios", order) }
        let name = ("product_name", "heading", "Jasmine tea"), price = ("product_price", "text", "$4.50")
        let add = ("add_to_cart", "button", "Add Jasmine tea to cart")
        try git.commit("Card", ["Snapshots/ProductCard.json": card([name, price, add])])
        try git.git(["checkout", "-q", "-b", "feature"])
        try git.commit("Cart first\n\nAxdiff-Accept: order.regressed productcard\nAxdiff-Accept: label.lost ProductCard\n"
                       + "Axdiff-Accept: order.regressed ProductCard#nothing_here",
                       ["Snapshots/ProductCard.json": card([add, name, price])])
        let verdict = try check(git)
        XCTAssertTrue(verdict.fails)
        XCTAssertEqual(verdict.warnings, [], "the trailers are well formed")
        let unmatched = verdict.report.remarks.filter { $0.contains("matches no change") }
        XCTAssertEqual(unmatched.count, 3, "\(verdict.report.remarks)")
        XCTAssertTrue(unmatched[0].hasSuffix("Axdiff-Accept: order.regressed productcard: matches no change; "
                                                    + "did you mean 'ProductCard'? (screen names are case-sensitive)"), unmatched[0])
        XCTAssertTrue(unmatched[0].hasPrefix("commit "), unmatched[0])
        XCTAssertTrue(unmatched[1].hasSuffix("Axdiff-Accept: label.lost ProductCard: matches no change; there is no label.lost change"),
                      unmatched[1])
        XCTAssertTrue(unmatched[2].contains("order.regressed ProductCard#nothing_here: matches no change; the order.regressed changes there are about '"),
                      unmatched[2])
    }
}
