import AXDiff
import AXGit
import AXGate
import XCTest

/// `Axdiff-Accept` trailers: parsing, and which changes they accept.
final class GateTrailerTests: XCTestCase {
    private func parsed(_ value: String) -> AcceptTrailer? {
        try? AcceptTrailer.parse(value: value).get()
    }

    func testValueIsAKindAndAnOptionalScreen() {
        XCTAssertEqual(parsed("order.regressed Checkout"), AcceptTrailer(kind: .orderRegressed, screen: "Checkout"))
        XCTAssertEqual(parsed("label.lost"), AcceptTrailer(kind: .labelLost))
        XCTAssertEqual(parsed("  label.lost   Product card  "), AcceptTrailer(kind: .labelLost, screen: "Product card"))
        XCTAssertEqual(parsed("label.lost \"Product card\""), AcceptTrailer(kind: .labelLost, screen: "Product card"))
        XCTAssertEqual(parsed("stop.decorative 'Settings*'"), AcceptTrailer(kind: .stopDecorative, screen: "Settings*"))
        XCTAssertEqual(parsed("group.control-merged 設定"), AcceptTrailer(kind: .groupControlMerged, screen: "設定"))
    }

    func testUnknownOrMissingKindIsAProblem() {
        XCTAssertEqual(AcceptTrailer.parse(value: "order.regresed Checkout"),
                       .failure(.unknownKind("order.regresed", suggestion: .orderRegressed)))
        XCTAssertEqual(AcceptTrailer.parse(value: "everything"), .failure(.unknownKind("everything", suggestion: nil)))
        XCTAssertEqual(AcceptTrailer.parse(value: "   "), .failure(.missingKind))
        // Kinds are case-sensitive, as they are written everywhere else.
        XCTAssertEqual(AcceptTrailer.parse(value: "Order.Regressed"),
                       .failure(.unknownKind("Order.Regressed", suggestion: .orderRegressed)))
    }

    func testMessageMayCarrySeveralTrailersAndWarnsOnBadOnes() {
        let message = """
        Move the retry button above the error

        The design team asked for it; VoiceOver users were consulted.

        Axdiff-Accept: order.regressed Checkout
        Signed-off-by: A Reviewer <a@example.com>
        axdiff-accept: label.lost
        Axdiff-Accept: order.regresed Checkout
        Axdiff-Accept:
        """
        let (accepts, warnings) = AcceptTrailer.parse(message: message)
        XCTAssertEqual(accepts, [AcceptTrailer(kind: .orderRegressed, screen: "Checkout"), AcceptTrailer(kind: .labelLost)])
        XCTAssertEqual(warnings, [
            "Axdiff-Accept: order.regresed Checkout: unknown change kind 'order.regresed' (did you mean order.regressed?); ignored",
            "Axdiff-Accept: expected a change kind, e.g. Axdiff-Accept: order.regressed Checkout; ignored",
        ])
    }

    func testOnlyTheTrailerParagraphCounts() {
        let message = """
        Axdiff-Accept: order.regressed Checkout

        A body that mentions Axdiff-Accept: label.lost in passing.
        """
        XCTAssertEqual(AcceptTrailer.parse(message: message).accepts, [])
        XCTAssertEqual(AcceptTrailer.parse(message: "No trailers here\n").accepts, [])
    }

    func testWarningsNameTheCommitAndStayOnOneLine() throws {
        let id = try XCTUnwrap(ObjectID(hex: "0123456789abcdef0123456789abcdef01234567"))
        let (_, warnings) = AcceptTrailer.parse(message: "Subject\n\nAxdiff-Accept: bogus\u{1B}[31m\n", commit: id)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix("commit 0123456: Axdiff-Accept: "), warnings[0])
        XCTAssertFalse(warnings[0].contains("\u{1B}"), warnings[0])
    }

    func testKindMustEqualAndScreenMatchesByNameGlobOrPath() {
        let change = Change(kind: .orderRegressed, screen: "Checkout", message: "moved")
        let path = "Snapshots/Shop/Checkout.json"
        XCTAssertTrue(AcceptTrailer(kind: .orderRegressed, screen: "Checkout").accepts(change, path: path))
        XCTAssertTrue(AcceptTrailer(kind: .orderRegressed).accepts(change, path: path))
        XCTAssertTrue(AcceptTrailer(kind: .orderRegressed, screen: "Check*").accepts(change, path: path))
        XCTAssertTrue(AcceptTrailer(kind: .orderRegressed, screen: "Snapshots/Shop/**").accepts(change, path: path))
        XCTAssertFalse(AcceptTrailer(kind: .orderChanged, screen: "Checkout").accepts(change, path: path))
        XCTAssertFalse(AcceptTrailer(kind: .labelLost).accepts(change, path: path))
        XCTAssertFalse(AcceptTrailer(kind: .orderRegressed, screen: "checkout").accepts(change, path: path))
        XCTAssertFalse(AcceptTrailer(kind: .orderRegressed, screen: "Cart").accepts(change, path: path))
        XCTAssertFalse(AcceptTrailer(kind: .orderRegressed, screen: "Snapshots/*").accepts(change, path: path))
    }

    func testAcceptingMarksOnlyMatchingChangesAndTheGateFollows() {
        let report = DiffReport(screens: [
            ScreenDiff(screen: "Checkout", path: "Snapshots/Checkout.json", changes: [
                Change(kind: .orderRegressed, screen: "Checkout", message: "moved"),
                Change(kind: .labelLost, screen: "Checkout", message: "lost"),
            ]),
            ScreenDiff(screen: "Cart", path: "Snapshots/Cart.json", changes: [
                Change(kind: .orderRegressed, screen: "Cart", message: "moved"),
            ]),
        ], snapshotsCompared: 2)
        XCTAssertTrue(report.fails(at: .error))
        let one = report.accepting([AcceptTrailer(kind: .orderRegressed, screen: "Checkout")])
        XCTAssertEqual(one.allChanges.filter(\.accepted).map { "\($0.kind.rawValue)@\($0.screen)" }, ["order.regressed@Checkout"])
        XCTAssertTrue(one.fails(at: .error))
        let all = report.accepting([AcceptTrailer(kind: .orderRegressed), AcceptTrailer(kind: .labelLost, screen: "Checkout")])
        XCTAssertTrue(all.allChanges.allSatisfy(\.accepted))
        XCTAssertFalse(all.fails(at: .error))
        XCTAssertEqual(all.allChanges.count, 3, "accepted changes are kept, only marked")
    }
}
