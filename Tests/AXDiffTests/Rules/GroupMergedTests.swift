import AXDiff
import AXSnapshot
import XCTest

/// `group.merged` (Rules/GroupMerged.swift): several stops are read as one;
/// text and images folded together is the Label Soup fix.
final class GroupMergedTests: XCTestCase {
    func testTheSoupsTextReadAsOneIsAnImprovement() {
        let d = S.diff([S.text("Order 1042"), S.text("Delivered"), S.text("$24.80")], [S.text("Order 1042, Delivered, $24.80")])
        XCTAssertEqual(d.kinds(), [.groupMerged], "\(d.changes.map(\.message))")
        let c = d.first(.groupMerged)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, ["1.3.1"])
        XCTAssertEqual(c?.improvement, true)
        XCTAssertEqual(c?.elements.map(\.label), ["Order 1042, Delivered, $24.80", "Order 1042", "Delivered", "$24.80"])
        XCTAssertEqual(c?.before, "Order 1042 › Delivered › $24.80")
        XCTAssertEqual(c?.after, "Order 1042, Delivered, $24.80")
        XCTAssertEqual(c?.message, "3 stops are now read as one: \"Order 1042, Delivered, $24.80\"")
    }

    func testAHeadingFoldedInIsNoImprovement() {
        let d = S.diff([Node(role: .heading, label: "Orders"), S.text("3 open")], [S.text("Orders 3 open")])
        // Heading navigation no longer finds it: said by heading.changed too.
        XCTAssertEqual(d.kinds(), [.groupMerged, .headingChanged], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.groupMerged)?.improvement, false)
        XCTAssertEqual(d.first(.headingChanged)?.message, "heading \"Orders\" went")
    }

    func testTextFoldedIntoTheButtonItDescribesIsABetterControl() {
        // "Drop a file or" and its "click to upload" button became one button that says both.
        let old = [S.text("Drop a file or"), S.button("click to upload")]
        let d = S.diff(old, [S.button("Drop a file or click to upload")])
        XCTAssertEqual(d.all(.groupControlMerged).count, 0, "\(d.changes.map(\.message))")
        let merged = d.all(.groupMerged)
        XCTAssertEqual(merged.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(merged.first?.improvement, true)
        XCTAssertEqual(merged.first?.severity, .note)
        XCTAssertEqual(merged.first?.message, "2 stops are now read as one: \"Drop a file or click to upload, button\", one control that says what it does")
        // Folded into text, the button is still a control folded away.
        for new in [S.text("Drop a file or click to upload")] {
            let d = S.diff(old, [new])
            XCTAssertEqual(d.all(.groupControlMerged).count, 1, "\(d.changes.map(\.message))")
            XCTAssertEqual(d.all(.groupMerged).count, 0, "\(d.changes.map(\.message))")
        }
    }
}
