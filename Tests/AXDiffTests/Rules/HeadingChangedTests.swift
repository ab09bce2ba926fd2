import AXDiff
import AXSnapshot
import XCTest

/// `heading.changed` (Rules/HeadingChanged.swift): what heading navigation
/// reads — a heading added, removed, renamed or re-levelled; a warning where
/// a level is skipped or the last level-1 heading goes.
final class HeadingChangedTests: XCTestCase {
    func testTheBannersOnlyH1RemovedIsAWarning() throws {
        let old = """
        - banner:
          - link "crates.io":
            - heading "crates.io" [level=1]
          - searchbox "Search"
        - main:
          - heading "serde" [level=2]
        """
        let new = """
        - banner:
          - link "crates.io"
          - searchbox "Search"
        - main:
          - heading "serde" [level=2]
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.headingChanged).count, 1, "\(d.changes.map(\.message))")
        let c = d.first(.headingChanged)
        XCTAssertEqual(c?.severity, .warning)
        XCTAssertEqual(c?.wcag, ["1.3.1", "2.4.6"])
        XCTAssertEqual(c?.message, "heading level 1 \"crates.io\" went; the screen has no level-1 heading now")
        XCTAssertEqual(c?.elements.map(\.label), ["crates.io"], "the link that held it")
        XCTAssertEqual(d.changes.count, 1, "the link itself is unchanged: \(d.changes.map(\.message))")
    }

    func testAHeadingRenamedWhenACopyButtonLeavesIt() throws {
        let old = """
        - heading "serde copy" [level=1]:
          - text: serde
          - button "copy"
        """
        let new = """
        - heading "serde" [level=1]
        - button "copy"
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.headingChanged).map(\.message), ["heading level 1 \"serde copy\" is now \"serde\""])
        XCTAssertEqual(d.first(.headingChanged)?.severity, .note)
        XCTAssertEqual(d.first(.headingChanged)?.elements.map(\.label), ["serde"])
    }

    func testAReLevelledHeadingThatSkipsALevelIsAWarning() throws {
        let old = "- heading \"Crates\" [level=1]\n- heading \"Popular\" [level=2]\n- heading \"New\" [level=2]"
        let new = "- heading \"Crates\" [level=1]\n- heading \"Popular\" [level=3]\n- heading \"New\" [level=2]"
        let d = try Aria.diff(old, new)
        let changes = d.all(.headingChanged)
        XCTAssertEqual(changes.map(\.message), ["heading level 2 \"Popular\" changed from level 2 to level 3; level 2 is skipped after a level-1 heading"])
        XCTAssertEqual(changes.map(\.severity), [.warning])
        // A heading added in order is a note.
        let added = try Aria.diff(old, old + "\n- heading \"Recent\" [level=3]")
        XCTAssertEqual(added.all(.headingChanged).map(\.message), ["heading level 3 \"Recent\" appeared"])
        XCTAssertEqual(added.all(.headingChanged).map(\.severity), [.note])
    }

    func testAHeadingStopRenamedInPlaceIsLabelChangedAlone() {
        let d = S.diff([Node(id: "t", role: .heading, level: 2, label: "Orders")], [Node(id: "t", role: .heading, level: 2, label: "Your orders")])
        XCTAssertEqual(d.kinds(), [.labelChanged], "\(d.changes.map(\.message))")
        // Re-levelled in place, it is this rule's.
        let relevelled = S.diff([Node(id: "t", role: .heading, level: 2, label: "Orders")], [Node(id: "t", role: .heading, level: 4, label: "Orders")])
        XCTAssertEqual(relevelled.all(.headingChanged).count, 1, "\(relevelled.changes.map(\.message))")
    }
}
