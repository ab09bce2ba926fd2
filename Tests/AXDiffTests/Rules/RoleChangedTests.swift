import AXDiff
import AXSnapshot
import XCTest

/// `role.changed` (Rules/RoleChanged.swift): the one rule with two
/// severities — an interactive role lost is an error, any other change a warning.
final class RoleChangedTests: XCTestCase {
    func testLosingTheButtonRoleIsAnError() {
        let d = S.diff([S.button("Pay", id: "pay")], [Node(id: "pay", role: .text, label: "Pay")])
        XCTAssertEqual(d.kinds(), [.roleChanged])
        let c = d.first(.roleChanged)
        XCTAssertEqual(c?.severity, .error)
        XCTAssertEqual(c?.wcag, ["4.1.2"])
        XCTAssertEqual(c?.improvement, false)
        XCTAssertEqual(c?.before, "button")
        XCTAssertEqual(c?.after, "text")
        XCTAssertEqual(c?.message, "\"Pay\" changed from button to text; it is no longer announced as something to operate")
    }

    func testTextBecomingAHeadingIsAWarningAndAnImprovement() {
        let d = S.diff([S.text("Sign in", id: "t")], [Node(id: "t", role: .heading, label: "Sign in")])
        XCTAssertEqual(d.kinds(), [.roleChanged])
        XCTAssertEqual(d.first(.roleChanged)?.severity, .warning)
        XCTAssertEqual(d.first(.roleChanged)?.improvement, true)
        XCTAssertEqual(d.first(.roleChanged)?.message, "\"Sign in\" changed from text to heading")
        XCTAssertEqual(ChangeKind.roleChanged.severities, [.error, .warning])
    }

    /// Per platform: (old node, new node, severity or nil for no change, message's roles).
    func testRoleWordsAndSeveritiesFollowThePlatform() {
        let rows: [(Platform, Node, Node, Severity?, String)] = [
            // An option, a tree item and a menu item are operable: no "no longer something to operate".
            (.web, Node(role: .button, platformRole: "button", label: "Rust"), Node(role: .option, platformRole: "option", label: "Rust"),
             .warning, "button to option"),
            (.web, Node(role: .button, platformRole: "button", label: "Rust"), Node(role: .treeItem, platformRole: "treeitem", label: "Rust"),
             .warning, "button to tree item"),
            (.web, Node(role: .link, platformRole: "link", label: "Rust"), Node(role: .menuItem, platformRole: "menuitem", label: "Rust"),
             .warning, "link to menu item"),
            // A list item is not a control.
            (.web, Node(role: .button, platformRole: "button", label: "Rust"), Node(role: .listItem, platformRole: "listitem", label: "Rust"),
             .error, "button to list item; it is no longer announced as something to operate"),
            // Text that is now a list item is heard the same: nothing to say.
            (.web, Node(role: .text, platformRole: "text", label: "Rust"), Node(role: .listItem, platformRole: "listitem", label: "Rust"),
             nil, ""),
            // A status is read out when it changes, though it says no role word.
            (.web, Node(role: .text, platformRole: "generic", label: "Saved"), Node(role: .status, platformRole: "status", label: "Saved"),
             .warning, "text to status"),
            (.web, Node(role: .picker, platformRole: "combobox", label: "Sort"), Node(role: .button, platformRole: "button", label: "Sort"),
             .warning, "combo box to button"),
            (.ios, Node(role: .button, platformRole: "Button", label: "Rust"), Node(role: .cell, platformRole: "Cell", label: "Rust"),
             .error, "button to cell; it is no longer announced as something to operate"),
            (.ios, Node(role: .toggle, platformRole: "Switch", label: "Wi-Fi", value: "1"), Node(role: .checkbox, platformRole: "CheckBox", label: "Wi-Fi"),
             .warning, "switch button to checkbox"),
            (.android, Node(role: .textField, platformRole: "android.widget.EditText", label: "Name"),
             Node(role: .picker, platformRole: "android.widget.Spinner", label: "Name"), .warning, "edit box to drop-down list"),
        ]
        for (platform, old, new, severity, roles) in rows {
            let d = ScreenDiffer.diff(old: Snapshot(screen: "S", platform: platform, elements: [old]),
                                      new: Snapshot(screen: "S", platform: platform, elements: [new]), path: "S.json")
            let changes = d.all(.roleChanged)
            guard let severity else {
                XCTAssertEqual(changes.count, 0, "\(platform) \(old.role) → \(new.role): \(d.changes.map(\.message))")
                continue
            }
            XCTAssertEqual(changes.count, 1, "\(platform) \(old.role) → \(new.role): \(d.changes.map(\.message))")
            XCTAssertEqual(changes.first?.severity, severity, "\(platform) \(roles)")
            XCTAssertEqual(changes.first?.message, "\"\(new.label ?? "")\" changed from \(roles)")
        }
    }

    /// The web's list items and options, once flattened to `cell`, are no longer `role.changed` errors.
    func testListItemsAndOptionsFromAnAriaSnapshot() throws {
        let old = """
        - button "serde"
        - button "tokio"
        - button "rand"
        """
        let options = """
        - listbox "Crates":
          - option "serde"
          - option "tokio"
          - option "rand"
        """
        let d = try Aria.diff(old, options)
        XCTAssertEqual(d.all(.roleChanged).map(\.severity), [.warning, .warning, .warning], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.roleChanged).map(\.message), ["\"serde\" changed from button to option", "\"tokio\" changed from button to option",
                                                              "\"rand\" changed from button to option"])
        XCTAssertEqual(d.all(.containerChanged).map(\.message), ["list box \"Crates\" appeared around 3 stops"])
        // Unchanged list items say nothing at all.
        let items = "- list:\n  - listitem: serde\n  - listitem: tokio\n  - listitem: rand"
        XCTAssertEqual(try Aria.diff(items, items).changes.count, 0)
    }
}
