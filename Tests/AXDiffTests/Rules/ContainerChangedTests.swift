import AXDiff
import AXSnapshot
import XCTest

/// `container.changed` (Rules/ContainerChanged.swift): a landmark, list,
/// table, dialog or named group appeared, went, or changed role or name —
/// said once per container, whatever it holds.
final class ContainerChangedTests: XCTestCase {
    let keywords = """
    - main:
      - heading "serde" [level=1]
      - link "json"
      - link "serialization"
      - link "no_std"
      - link "derive"
      - button "Copy"
    """

    func testANamedListAppearingIsOneNote() throws {
        let new = """
        - main:
          - heading "serde" [level=1]
          - list "Keywords":
            - listitem:
              - link "json"
            - listitem:
              - link "serialization"
            - listitem:
              - link "no_std"
            - listitem:
              - link "derive"
          - button "Copy"
        """
        let d = try Aria.diff(keywords, new)
        XCTAssertEqual(d.kinds(), [.containerChanged], "\(d.changes.map(\.message))")
        let c = d.first(.containerChanged)
        XCTAssertEqual(c?.severity, .note)
        XCTAssertEqual(c?.wcag, ["1.3.1"])
        XCTAssertEqual(c?.message, "list \"Keywords\" appeared around 4 stops")
        XCTAssertEqual(c?.elements.map(\.label), ["json"], "placed at its first stop")
        XCTAssertNil(c?.before)
        XCTAssertEqual(c?.after, "list \"Keywords\"")
        // And back: the list went, once.
        let back = try Aria.diff(new, keywords)
        XCTAssertEqual(back.kinds(), [.containerChanged], "\(back.changes.map(\.message))")
        XCTAssertEqual(back.first(.containerChanged)?.message,
                       "list \"Keywords\" around 4 stops went; they are no longer announced as part of it")
    }

    func testARenamedListAndARoleChangeAreOneChangeEach() throws {
        let old = """
        - list "Statistics":
          - listitem: 12 downloads
          - listitem: 3 versions
        - navigation:
          - link "Home"
          - link "Docs"
        """
        let new = """
        - list "Stats":
          - listitem: 12 downloads
          - listitem: 3 versions
        - group "Site":
          - link "Home"
          - link "Docs"
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.containerChanged).map(\.message), [
            "list \"Statistics\" was renamed: it is now announced as list \"Stats\"",
            "navigation changed role and name: it is now announced as group \"Site\"",
        ])
        XCTAssertEqual(d.changes.count, 2, "\(d.changes.map(\.message))")
    }

    func testASubmenuPlacedInADialogNamedAfterItsTrigger() throws {
        let old = """
        - button "Trigger" [expanded]
        - menu:
          - menuitem "Cut"
          - menuitem "Copy"
          - menuitem "Paste"
        """
        let new = """
        - button "Trigger" [expanded]
        - dialog "Trigger":
          - menu:
            - menuitem "Cut"
            - menuitem "Copy"
            - menuitem "Paste"
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.kinds(), [.containerChanged], "the menu is the same menu: \(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.containerChanged)?.message, "dialog \"Trigger\" appeared around 3 stops")
        XCTAssertEqual(d.first(.containerChanged)?.elements.map(\.label), ["Cut"])
    }

    func testUnnamedGroupsAndUnchangedContainersSayNothing() throws {
        let old = """
        - navigation "Main":
          - link "Home"
          - link "Docs"
        - list:
          - listitem: One
          - listitem: Two
        """
        // The list's items swapped, a new unnamed group around the links: no container change.
        let new = """
        - navigation "Main":
          - group:
            - link "Home"
            - link "Docs"
        - list:
          - listitem: Two
          - listitem: One
        """
        let d = try Aria.diff(old, new)
        XCTAssertEqual(d.all(.containerChanged).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(try Aria.diff(old, old).changes.count, 0)
    }

    func testTwoListsOfOneNameArePairedByTheirItems() throws {
        let old = """
        - list "Crates":
          - listitem: serde
          - listitem: tokio
        - list "Crates":
          - listitem: rand
          - listitem: log
        """
        // The first list went; the second stayed.
        let new = """
        - text: serde
        - text: tokio
        - list "Crates":
          - listitem: rand
          - listitem: log
        """
        let d = try Aria.diff(old, new)
        let changes = d.all(.containerChanged)
        XCTAssertEqual(changes.map(\.message), ["list \"Crates\" around 2 stops went; they are no longer announced as part of it"])
        XCTAssertEqual(changes.first?.elements.map(\.label), ["serde"], "the list that went is the one that held serde")
    }

    /// An Android dump: a RecyclerView is a list TalkBack announces; the same rows in a FrameLayout are not.
    func testAnAndroidListThatWentIsOneNote() throws {
        func row(_ text: String, _ y: Int) -> String {
            "<node index=\"0\" text=\"\(text)\" resource-id=\"\" class=\"android.widget.TextView\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,\(y)][1080,\(y + 150)]\" />"
        }
        func dump(_ cls: String) -> String {
            "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
                + "<node index=\"0\" text=\"\" resource-id=\"com.example:id/inbox\" class=\"\(cls)\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"true\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,0][1080,1920]\">"
                + row("Invoice paid", 0) + row("Order shipped", 150) + row("Welcome", 300) + "</node></hierarchy>"
        }
        let list = try SnapshotReader.read(Array(dump("androidx.recyclerview.widget.RecyclerView").utf8), file: "Screens/Inbox.xml")
        let plain = try SnapshotReader.read(Array(dump("android.widget.FrameLayout").utf8), file: "Screens/Inbox.xml")
        XCTAssertEqual(list.outline().containers.map(\.role), [.list])
        XCTAssertEqual(list.outline().containers.first?.platformRole, "androidx.recyclerview.widget.RecyclerView")
        let d = ScreenDiffer.diff(old: list, new: plain, path: "Screens/Inbox.xml")
        XCTAssertEqual(d.kinds(), [.containerChanged], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.containerChanged)?.message, "list around 3 stops went; they are no longer announced as part of it")
    }
}
