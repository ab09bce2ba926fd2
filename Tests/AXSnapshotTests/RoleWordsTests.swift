import XCTest
@testable import AXSnapshot

/// Roles as each platform says them (DESIGN §2, §12): every ARIA role maps to
/// a model role and a word (or to silence, said on purpose), and each
/// reader keeps the platform's own role beside the model's.
final class RoleWordsTests: XCTestCase {
    /// WAI-ARIA 1.2's roles, every one Playwright's `ariaSnapshot()` can print.
    static let ariaRoles = """
    alert alertdialog application article banner blockquote button caption cell checkbox code columnheader \
    combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form \
    generic grid gridcell group heading img insertion link list listbox listitem log main marquee math meter menu \
    menubar menuitem menuitemcheckbox menuitemradio navigation none note option paragraph presentation progressbar \
    radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status \
    strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree \
    treegrid treeitem
    """.split(separator: " ").map(String.init)

    /// Roles a screen reader passes over in silence: no role word after the text.
    static let silent: Set<String> = [
        "caption", "cell", "code", "emphasis", "generic", "gridcell", "listitem", "none", "paragraph",
        "presentation", "row", "rowgroup", "status", "strong", "subscript", "superscript", "time",
    ]

    func testEveryARIARoleMapsToARoleAndAWord() {
        XCTAssertEqual(Self.ariaRoles.count, 82)
        for word in Self.ariaRoles {
            let aria = AriaRole.named(word)
            XCTAssertEqual(aria.platformRole, word, word)
            XCTAssertNotEqual(aria.role, .other, "\(word) maps to a role of the model")
            XCTAssertTrue(Platform.webRoleWords.keys.contains(word), "\(word) has a word or is silent on purpose")
            let spoken = Platform.web.roleWord(aria.role, platformRole: word)
            if Self.silent.contains(word) {
                XCTAssertNil(spoken, word)
            } else {
                XCTAssertNotNil(spoken, word)
                XCTAssertFalse(spoken?.isEmpty ?? true, word)
            }
        }
        XCTAssertTrue(Set(AriaRole.knownWords).isSuperset(of: Self.ariaRoles))
    }

    /// (ARIA role, model role, web word, operable).
    func testWebRolesWordsAndOperability() {
        let table: [(String, Role, String?, Bool)] = [
            ("button", .button, "button", true), ("option", .option, "option", true),
            ("treeitem", .treeItem, "tree item", true), ("menuitem", .menuItem, "menu item", true),
            ("menuitemcheckbox", .menuItem, "menu item checkbox", true), ("combobox", .picker, "combo box", true),
            ("listitem", .listItem, nil, false), ("row", .row, nil, false), ("cell", .cell, nil, false),
            ("gridcell", .gridCell, nil, false), ("columnheader", .columnHeader, "column header", false),
            ("list", .list, "list", false), ("listbox", .list, "list box", false), ("table", .table, "table", false),
            ("grid", .grid, "grid", false), ("dialog", .dialog, "dialog", false), ("alertdialog", .dialog, "alert dialog", false),
            ("alert", .alert, "alert", false), ("application", .application, "application", false),
            ("banner", .banner, "banner", false), ("navigation", .navigation, "navigation", false),
            ("main", .main, "main", false), ("complementary", .complementary, "complementary", false),
            ("contentinfo", .contentinfo, "content information", false), ("region", .region, "region", false),
            ("search", .search, "search", false), ("form", .form, "form", false), ("group", .group, "group", false),
            ("menu", .menu, "menu", false), ("document", .document, "document", false), ("status", .status, nil, false),
        ]
        for (word, role, spoken, operable) in table {
            XCTAssertEqual(AriaRole.named(word).role, role, word)
            XCTAssertEqual(Platform.web.roleWord(role, platformRole: word), spoken, word)
            XCTAssertEqual(role.isInteractive, operable, word)
        }
        for role in [Role.banner, .navigation, .main, .complementary, .contentinfo, .region, .search, .form] {
            XCTAssertTrue(role.isLandmark, role.rawValue)
            XCTAssertTrue(role.isAnnouncedContainer, role.rawValue)
        }
        XCTAssertFalse(Role.group.isAnnouncedContainer, "a group is announced only with a name")
    }

    func testAnAriaSnapshotKeepsItsRolesAndSpeaksThem() throws {
        let s = try SnapshotReader.read(Array("""
        - navigation "Main":
          - list "Keywords":
            - listitem: serde
            - listitem:
              - link "json"
        - listbox "Crates":
          - option "rand" [selected]
          - option "log"
        - tree:
          - treeitem "src"
        """.utf8), file: "home.aria.yml")
        XCTAssertEqual(s.stops.map(\.spoken), ["serde", "json, link", "rand, option, selected", "log, option", "src, tree item"])
        XCTAssertEqual(s.stops.map(\.role), [.listItem, .link, .option, .option, .treeItem])
        XCTAssertEqual(s.stops.map(\.platformRole), ["listitem", "link", "option", "option", "treeitem"])
        let nav = s.elements[0]
        XCTAssertEqual(nav.role, .navigation)
        XCTAssertEqual(nav.label, "Main")
        XCTAssertEqual(nav.children[0].role, .list)
        XCTAssertEqual(nav.children[0].label, "Keywords")
        XCTAssertEqual(s.outline().containers.map { "\($0.role.rawValue) \($0.name) \($0.stops)" },
                       ["navigation Main 0..<2", "list Keywords 0..<2", "list Crates 2..<4", "list  4..<5"])
    }

    /// (XCUITest type, model role, VoiceOver's word).
    func testXCUITestTypesKeepTheirTypeAndVoiceOversWords() throws {
        let table: [(String, Role, String?)] = [
            ("Button", .button, "button"), ("Cell", .cell, nil), ("StaticText", .text, nil),
            ("Table", .table, nil), ("CollectionView", .list, nil), ("Alert", .alert, "alert"),
            ("Sheet", .dialog, nil), ("Group", .group, nil), ("Switch", .toggle, "switch button"),
            ("Other", .container, nil), ("Application", .container, nil),
        ]
        for (type, role, word) in table {
            XCTAssertEqual(XCUITestElementType.table.type(type).role, role, type)
            XCTAssertEqual(Platform.ios.roleWord(role, platformRole: type), word, type)
        }
        let s = try XCUITestReader.read("""
        Application, 0x1, pid: 1, label: 'Shop'
          Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
            Alert, 0x3, {{0.0, 0.0}, {390.0, 200.0}}, label: 'Delete?'
              Button, 0x4, {{0.0, 0.0}, {100.0, 44.0}}, label: 'Cancel'
              Button, 0x5, {{100.0, 0.0}, {100.0, 44.0}}, label: 'Delete'
        """, file: "Shop.txt", screen: "Shop")
        XCTAssertEqual(s.stops.map(\.platformRole), ["Button", "Button"])
        XCTAssertEqual(s.outline().containers.map { "\($0.role.rawValue) \($0.name) \($0.stops)" }, ["alert Delete? 0..<2"])
    }

    /// (Android class, model role when not a stop, TalkBack's word).
    func testAndroidListsAndGridsKeepTheirClass() {
        XCTAssertEqual(UIAutomatorReader.containerRole("androidx.recyclerview.widget.RecyclerView", .container), .list)
        XCTAssertEqual(UIAutomatorReader.containerRole("android.widget.ListView", .container), .list)
        XCTAssertEqual(UIAutomatorReader.containerRole("android.widget.GridView", .container), .grid)
        XCTAssertEqual(UIAutomatorReader.containerRole("android.widget.FrameLayout", .container), .container)
        XCTAssertEqual(Platform.android.roleWord(.textField, platformRole: "android.widget.EditText"), "edit box")
        XCTAssertEqual(Platform.android.roleWord(.toggle, platformRole: "android.widget.Switch"), "switch")
        XCTAssertEqual(Platform.android.roleWord(.list, platformRole: "android.widget.ListView"), "list")
    }

    func testTheJSONFormatCarriesThePlatformRole() throws {
        let json = """
        {"axsnapshot": 1, "screen": "S", "platform": "web", "elements": [
          {"role": "list", "label": "Keywords", "children": [
            {"role": "listItem", "platformRole": "listitem", "label": "serde"},
            {"role": "gauge", "label": "Speed"}
          ]}
        ]}
        """
        let s = try SnapshotReader.read(Array(json.utf8), file: "S.json")
        XCTAssertEqual(s.elements[0].role, .list)
        XCTAssertEqual(s.stops.map(\.role), [.listItem, .other])
        XCTAssertEqual(s.stops.map(\.platformRole), ["listitem", "gauge"])
    }
}
