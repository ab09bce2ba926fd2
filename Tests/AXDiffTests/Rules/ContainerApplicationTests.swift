import AXDiff
import AXSnapshot
import XCTest

/// `container.application` (Rules/ContainerApplication.swift): content newly
/// inside `role=application` — one error per application container, not one
/// per stop it wraps.
final class ContainerApplicationTests: XCTestCase {
    func calendar(_ month: String) -> String {
        """
        - heading "\(month) 2025" [level=2]
        - button "previous"
        - button "next"
        - grid "\(month) 2025":
          - rowgroup:
            - row "1 2 3":
              - gridcell "1":
                - button "1"
              - gridcell "2":
                - button "2"
              - gridcell "3":
                - button "3"
        """
    }

    func wrapped(_ body: String, name: String) -> String {
        "- application \"\(name)\":\n" + body.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }

    func testAWidgetWrappedInAnApplicationIsOneError() throws {
        let d = try Aria.diff(calendar("January"), wrapped(calendar("January"), name: "January 2025"))
        XCTAssertEqual(d.all(.containerApplication).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.changes.count, 1, "not also container.changed or removed stops: \(d.changes.map(\.message))")
        let c = d.first(.containerApplication)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["1.3.1", "2.1.1"])
        XCTAssertEqual(c?.elements.map(\.label), ["January 2025"], "placed at its first stop, the heading")
        XCTAssertEqual(c?.after, "application \"January 2025\"")
        XCTAssertEqual(c?.message, "6 stops are now inside application \"January 2025\" (role=application), where a screen reader leaves browse mode and reads none of it with its reading keys")
    }

    func testEachApplicationContainerIsOneChange() throws {
        let old = calendar("January") + "\n" + calendar("February")
        let new = wrapped(calendar("January"), name: "January 2025") + "\n" + wrapped(calendar("February"), name: "February 2025")
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.containerApplication).map(\.after), ["application \"January 2025\"", "application \"February 2025\""])
        XCTAssertEqual(d.changes.count, 2, "\(d.changes.map(\.message))")
    }

    func testContentAlreadyInsideAnApplicationIsNotNew() throws {
        let old = wrapped(calendar("January"), name: "January 2025")
        let new = wrapped(calendar("February"), name: "February 2025")
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.containerApplication).count, 0, "\(d.changes.map(\.message))")
        // An application nested inside one already there adds nothing either.
        let nested = "- application \"Dashboard\":\n" + wrapped(calendar("January"), name: "January 2025").split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        XCTAssertEqual(try Aria.diff(calendar("January"), nested).all(.containerApplication).map(\.after), ["application \"Dashboard\""])
    }

    func testAWidgetWhoseContentIsNoLongerPrintedInsideAnApplicationIsStillOneError() throws {
        let old = """
        - heading "Revenue" [level=2]
        - img "Revenue by month"
        - button "Export"
        """
        let new = """
        - heading "Revenue" [level=2]
        - application "Revenue by month"
        - button "Export"
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.containerApplication).map(\.message),
                       ["application \"Revenue by month\" (role=application) appeared, where a screen reader leaves browse mode and reads nothing with its reading keys"])
        XCTAssertEqual(d.all(.containerChanged).count, 0)
    }
}
