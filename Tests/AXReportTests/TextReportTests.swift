import AXDiff
import AXReport
import AXSnapshot
import XCTest

final class TextReportTests: XCTestCase {
    func testDesignExampleRendersExactly() {
        let expected = """
            axdiff: 1 error, 1 warning, 1 improvement in 1 of 14 snapshots

            Checkout (Snapshots/Checkout.json)
              ✗ order.regressed  "Try again" is now read before "Payment failed"  [1.3.2 2.4.3]
                  before: Payment failed › Card number › Try again › Support
                  after:  Try again › Payment failed › Card number › Support
              ! label.role-word  "Close button" repeats its role word; VoiceOver already says "button"  [4.1.2]
                  before: Close
                  after:  Close button
              ✓ group.merged  "Total" and "$24.80" are now read as one stop  [1.3.1]
              · label.changed  "Card number" is now called "Card"
                  before: Card number
                  after:  Card
            Axdiff-Errors: 1
            Axdiff-Warnings: 1

            """
        XCTAssertEqual(Report.text.render(Fixtures.design, Fixtures.plain), expected)
    }

    func testNoChangesIsOneLinePlusTrailers() {
        let none = DiffReport(screens: [], snapshotsCompared: 14)
        XCTAssertEqual(Report.text.render(none, Fixtures.plain), """
            axdiff: no accessibility changes in 14 snapshots
            Axdiff-Errors: 0
            Axdiff-Warnings: 0

            """)
        let one = DiffReport(screens: [], snapshotsCompared: 1)
        XCTAssertTrue(Report.text.render(one, Fixtures.plain).hasPrefix("axdiff: no accessibility changes in 1 snapshot\n"))
        let zero = DiffReport(screens: [], snapshotsCompared: 0)
        XCTAssertEqual(Report.text.render(zero, Fixtures.plain), """
            axdiff: no snapshot changed
            Axdiff-Errors: 0
            Axdiff-Warnings: 0

            """)
    }

    func testMixedReportRendersExactly() {
        let expected = """
            axdiff: 1 error, 2 warnings, 1 improvement, 1 accepted in 3 of 14 snapshots
            Merge commit: compared with its first parent.

            Checkout (Snapshots/Checkout.json)
              ✗ order.regressed  "Try again" is now read before "Payment failed"  [1.3.2 2.4.3]
                  before: Payment failed › Try again
                  after:  Try again › Payment failed
              ! stops.increased  The screen now takes 7 swipes instead of 5  [1.3.1]
                  before: 5
                  after:  7
              ✓ group.merged  "Order 1042" and "Delivered" are now one stop  [1.3.1]
              · label.changed  "Pay" is now called "<script>alert("x")</script> | `code` *bold* _it_ [link](x) & \\   end"
                  before: Pay
                  after:  <script>alert("x")</script> | `code` *bold* _it_ [link](x) & \\   end

            Settings 設定 (Snapshots/Settings 設定.json)
              ✗ label.missing  A new button has no label; VoiceOver says only "button"  [4.1.2 1.1.1] (accepted)
                  after:  button
              ! name.duplicate  2 buttons are called "Reorder"  [2.5.3 2.4.6]
              · stop.added  "Hello world 👋 こんにちは" is a new stop Axdiff-Errors: 0
                  after:  Hello world 👋 こんにちは

            Welcome (Snapshots/Welcome.json)
              · screen.added  A new screen with 3 stops
            Axdiff-Errors: 1
            Axdiff-Warnings: 2

            """
        XCTAssertEqual(Report.text.render(Fixtures.mixed, Fixtures.plain), expected)
    }

    func testNoLabelCanForgeALineOrTrailer() {
        let text = Report.text.render(Fixtures.mixed, Fixtures.plain)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.hasPrefix("Axdiff-") }, ["Axdiff-Errors: 1", "Axdiff-Warnings: 2"])
        XCTAssertEqual(Array(lines.suffix(3)), ["Axdiff-Errors: 1", "Axdiff-Warnings: 2", ""])
        for scalar in text.unicodeScalars where scalar != "\n" {
            XCTAssertNotEqual(scalar.properties.generalCategory, .control, "control character U+\(String(scalar.value, radix: 16))")
        }
    }

    func testGateVerdictFollowsTheHeader() {
        let failing = Report.text.render(Fixtures.mixed, Fixtures.gate).split(separator: "\n")
        XCTAssertEqual(failing[1], "check failed: a change at error or above is not accepted")
        XCTAssertEqual(failing[2], "Merge commit: compared with its first parent.")

        var accepted = Fixtures.design
        accepted.screens[0].changes = accepted.screens[0].changes.map { change in
            var change = change
            change.accepted = change.severity == .error
            return change
        }
        let passing = Report.text.render(accepted, Fixtures.gate).split(separator: "\n")
        XCTAssertEqual(passing[0], "axdiff: 1 warning, 1 improvement, 1 accepted in 1 of 14 snapshots")
        XCTAssertEqual(passing[1], "check passed: no change at error or above is left unaccepted")
        XCTAssertEqual(passing.last, "Axdiff-Warnings: 1")
        XCTAssertTrue(passing.contains("  ✗ order.regressed  \"Try again\" is now read before \"Payment failed\"  [1.3.2 2.4.3] (accepted)"))
    }

    func testChangesSilencedByConfigurationAreNotShown() {
        var report = Fixtures.design
        for i in report.screens[0].changes.indices { report.screens[0].changes[i].severity = .off }
        XCTAssertEqual(Report.text.render(report, Fixtures.plain), """
            axdiff: no accessibility changes in 14 snapshots
            Axdiff-Errors: 0
            Axdiff-Warnings: 0

            """)
    }

    func testOrderDoesNotDependOnInputOrder() {
        var shuffled = Fixtures.mixed
        shuffled.screens.reverse()
        for i in shuffled.screens.indices { shuffled.screens[i].changes.reverse() }
        XCTAssertEqual(Report.text.render(shuffled, Fixtures.plain), Report.text.render(Fixtures.mixed, Fixtures.plain))
    }

    func testChangesOfOneKindFollowTheReadingOrder() {
        let changes = [3, 0, 2].map { index in
            Change(kind: .stopAdded, screen: "S", elements: [ElementRef(id: nil, label: "Stop \(index)", role: .text, index: index)],
                   message: "Stop \(index) is new")
        }
        let text = Report.text.render(DiffReport(screens: [ScreenDiff(screen: "S", path: "S.json", changes: changes)],
                                                 snapshotsCompared: 1), Fixtures.plain)
        XCTAssertTrue(text.contains("""
              · stop.added  Stop 0 is new
              · stop.added  Stop 2 is new
              · stop.added  Stop 3 is new
            """), text)
        XCTAssertTrue(text.hasPrefix("axdiff: 3 notes in 1 of 1 snapshot\n"), text)
    }
}
