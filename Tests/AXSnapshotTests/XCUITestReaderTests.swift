import AXTestSupport
import XCTest
@testable import AXSnapshot

final class XCUITestReaderTests: XCTestCase {
    // MARK: - Helpers

    private func fixture(_ path: String) throws -> [UInt8] {
        let base = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return Array(try Data(contentsOf: base.appendingPathComponent("corpus/" + path)))
    }

    private func readCorpus(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Snapshot {
        let bytes = try fixture("xcuitest-debugdescription/" + name)
        let snapshot = try SnapshotReader.read(bytes, file: name)
        XCTAssertEqual(snapshot.format, .xcuitest, file: file, line: line)
        return snapshot
    }

    private func spoken(_ name: String) throws -> [String] {
        try readCorpus(name).stops.map(\.spoken)
    }

    private func read(_ text: String, file: String = "Screen.txt") throws -> Snapshot {
        try XCUITestReader.read(text, file: file, screen: "Screen")
    }

    /// The error thrown for `text`, or a failure.
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SnapshotError? {
        do {
            let s = try read(text)
            XCTFail("expected an error, read \(s.stops.map(\.spoken))", file: file, line: line)
        } catch let e as SnapshotError {
            return e
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
        }
        return nil
    }

    private let corpusFiles = [
        "appium-13516-xamarin-window-attributes-FRAGMENT.txt",
        "appium-15077-login-placeholdervalue-flattened-FRAGMENT.txt",
        "appium-16299-react-native-window-root-FRAGMENT.txt",
        "ax-swiftui-hello-world.txt",
        "firefox-ios-29114-ios18-library-toolbar-FRAGMENT.txt",
        "sessiometer-macos-menubar-panel.txt",
        "testpilot-test-app-tabbar.txt",
        "wda-pr40-xcode9-other-root-query-chain.txt",
        "wda-pr416-uikitcatalog-window-root-FRAGMENT.txt",
        "wordsgram-books-collection-truncated.txt",
        "xcuitest-study-po-escaped-string.txt",
        "xquitestdemo-cjk-tabbar-two-windows.txt",
    ]

    // MARK: - The corpus, one test per file

    func testTestPilotTabBar() throws {
        let snapshot = try readCorpus("testpilot-test-app-tabbar.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "Menu, button",
            "App presented by sponsor",
            "See more",
            "News, tab",
            "Explore, tab, selected",
            "Leaderboard, tab",
            "Watch, tab",
            "Profile, tab",
        ])
        XCTAssertEqual(snapshot.screen, "testpilot-test-app-tabbar")
        XCTAssertEqual(snapshot.platform, .ios)
        // The Application line is the one root; Path to element / Query chain are not read.
        XCTAssertEqual(snapshot.elements.count, 1)
        XCTAssertEqual(snapshot.elements[0].label, "Test App")
        XCTAssertEqual(snapshot.elements[0].role, .container)
        XCTAssertEqual(snapshot.elements[0].line, 3)
        let stops = snapshot.stops
        XCTAssertEqual(stops.map { $0.line ?? 0 }, [18, 21, 24, 27, 29, 31, 33, 35])
        XCTAssertEqual(stops[0].frame, Frame(x: 20, y: 59, width: 55, height: 40))
        // The tab's image keeps its identifier: the asset name is visible to the label rules.
        XCTAssertEqual(stops[3].imageNames, ["News"])
        XCTAssertEqual(stops[1].role, .text)
    }

    func testPoEscapedString() throws {
        let snapshot = try readCorpus("xcuitest-study-po-escaped-string.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "Welcome to XCUITest Course ",
            "Enter Your City ",
            "text field",
            "Enroll, button",
            "image",
        ])
        // Every node comes from the literal on line 3.
        XCTAssertEqual(Set(snapshot.stops.compactMap(\.line)), [3])
        XCTAssertEqual(snapshot.stops.map { $0.id ?? "" }, ["welcomeMessage", "enterCity", "city", "enrollButton", "TAUlogo"])
        XCTAssertEqual(snapshot.elements.first?.label, "XCUITest_study")
    }

    func testSwiftUIHelloWorldWithoutAttributesLine() throws {
        XCTAssertEqual(try spoken("ax-swiftui-hello-world.txt"), ["Hello, world!", "Tap me!, button"])
    }

    func testWordsgramWrappersAndTruncatedList() throws {
        XCTAssertEqual(try spoken("wordsgram-books-collection-truncated.txt"), [
            "Add, button",
            "Filter, button",
            "Books",
            "Search book title, search field",
            "Brave New World, Author: Aldous huxley, Published on: 1932, button",
        ])
    }

    func testCJKTabBarTwoWindows() throws {
        let snapshot = try readCorpus("xquitestdemo-cjk-tabbar-two-windows.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["我的", "点我, button", "首页, tab", "我的, tab, selected"])
        XCTAssertEqual(snapshot.stops[1].id, "touchMe")
        // Both windows are read, under the application.
        XCTAssertEqual(snapshot.elements[0].children.count, 2)
    }

    func testMacOSMenuBarPanel() throws {
        let snapshot = try readCorpus("sessiometer-macos-menubar-panel.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "Sessiometer. 2 acc...",
            "Status, button, selected",
            "Stats, button",
            "work, active, auth healthy, session 60% resets in n/a, weekly 10% resets in n/a",
            "personal, auth healthy, session 20% resets in n/a, weekly 10% resets in n/a, button",
            "updated 20662d10h ...",
            "Sessiometer: live — 2 accounts, button",
        ])
        XCTAssertEqual(snapshot.platform, .other)
        let app = snapshot.elements[0]
        XCTAssertEqual(app.label, "Sessiometer") // title: stands in for the missing label
        XCTAssertEqual(app.children[0].states, [.focused, .disabled])
    }

    func testFirefoxFragmentStartingDeep() throws {
        let snapshot = try readCorpus("firefox-ios-29114-ios18-library-toolbar-FRAGMENT.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["bookmarkTrayFillLarge, button", "historyLarge, button, selected"])
        XCTAssertEqual(snapshot.stops.map(\.imageNames), [["bookmarkTrayFillLarge"], ["historyLarge"]])
        XCTAssertEqual(snapshot.elements.count, 1)
        XCTAssertEqual(snapshot.elements[0].id, "Toolbar")
    }

    func testReactNativeWindowRoot() throws {
        let snapshot = try readCorpus("appium-16299-react-native-window-root-FRAGMENT.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "TRIPS menu_button upcoming Trips, tab, 1 of 4 The Source, tab, 2 of 4 Connect, tab, 3 of 4 Profile, tab, 4 of 4  Trips My Profile Connect The Source Homepage Terms of Use Privacy Policy signout_button I. EXCLUSIVE RESORTS Vertical scroll bar, 1 page Horizontal scroll bar, 1 page",
        ])
        XCTAssertEqual(snapshot.elements[0].role, .container)
        XCTAssertEqual(snapshot.elements[0].element, false)
    }

    func testXamarinAttributesLineAndExtraIndent() throws {
        let snapshot = try readCorpus("appium-13516-xamarin-window-attributes-FRAGMENT.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["Profiles", "image"])
        XCTAssertEqual(snapshot.stops[1].id, "Id_Home_6")
        XCTAssertEqual(snapshot.stops[1].line, 18)
        XCTAssertEqual(snapshot.elements.count, 1)
    }

    func testXcode9OtherRootWithQueryChain() throws {
        let snapshot = try readCorpus("wda-pr40-xcode9-other-root-query-chain.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [])
        XCTAssertEqual(snapshot.elements.count, 1)
        XCTAssertEqual(snapshot.elements[0].role, .container)
        XCTAssertEqual(snapshot.elements[0].line, 3)
        XCTAssertTrue(snapshot.elements[0].children.isEmpty)
    }

    func testFlattenedLoginWithPlaceholders() throws {
        let snapshot = try readCorpus("appium-15077-login-placeholdervalue-flattened-FRAGMENT.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "Email or username, text field",
            "Your password, secure text field",
            "Login, button, dimmed",
        ])
        // Flat list; the button's own text (inside its frame) became its subview.
        XCTAssertEqual(snapshot.elements.count, 5)
        XCTAssertEqual(snapshot.elements[3].children.map(\.label), ["Login"])
    }

    func testUIKitCatalogWindowRoot() throws {
        let snapshot = try readCorpus("wda-pr416-uikitcatalog-window-root-FRAGMENT.txt")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["UIKitCatalog, button", "Text Fields"])
        XCTAssertEqual(snapshot.elements[0].frame, Frame(x: 0, y: 0, width: 414, height: 896))
    }

    func testEveryCorpusFileIsSniffedAndRead() throws {
        for name in corpusFiles {
            let bytes = try fixture("xcuitest-debugdescription/" + name)
            XCTAssertTrue(XCUITestReader.sniff(bytes[SnapshotReader.textStart(bytes)...]), name)
            XCTAssertNoThrow(try SnapshotReader.read(bytes, file: name), name)
        }
    }

    /// Every prefix of every corpus file (a truncated paste) reads or throws a
    /// `SnapshotError`; nothing crashes.
    func testTruncatedCorpusNeverCrashes() throws {
        for name in corpusFiles {
            let text = try XCTUnwrap(String(bytes: try fixture("xcuitest-debugdescription/" + name), encoding: .utf8))
            let characters = Array(text)
            // Cut at every line end, inside every line, and at a stride through the file.
            var cuts = Set(stride(from: 0, through: characters.count, by: 11))
            for (k, c) in characters.enumerated() where c == "\n" { cuts.formUnion([k, k + 1, k + 2, k + 5]) }
            for cut in cuts.sorted() where cut <= characters.count {
                let prefix = String(characters[..<cut])
                do { _ = try read(prefix, file: name) } catch is SnapshotError {} catch { XCTFail("\(name): \(error)") }
            }
        }
    }

    // MARK: - Not a tree

    func testQueryDescriptionIsAnError() throws {
        let name = "xcuitest-study-query-buttons-description.txt"
        let bytes = try fixture("other/" + name)
        XCTAssertThrowsError(try SnapshotReader.read(bytes, file: name)) { error in
            let e = error as? SnapshotError
            XCTAssertEqual(e?.line, 6)
            XCTAssertEqual(e?.column, 1)
            XCTAssertTrue(e?.message.contains("XCUIElementQuery description") == true, e?.message ?? "")
            XCTAssertTrue(e?.message.contains("not an element tree") == true, e?.message ?? "")
        }
    }

    func testSniffRejectsOtherFormats() throws {
        XCTAssertFalse(XCUITestReader.sniff(#"{"axsnapshot": 1, "elements": []}"#))
        XCTAssertFalse(XCUITestReader.sniff(#"<?xml version="1.0"?><hierarchy><node class="Button, 0x1"/></hierarchy>"#))
        XCTAssertFalse(XCUITestReader.sniff("- heading \"Sign in\" [level=1]\n- button \"Submit\""))
        XCTAssertFalse(XCUITestReader.sniff("Just some notes.\nNothing here."))
        for name in ["pw-toMatchAriaSnapshot-diff-table-rows.txt", "pw-toMatchAriaSnapshot-diff-todos.txt"] {
            let bytes = try fixture("other/" + name)
            XCTAssertFalse(XCUITestReader.sniff(bytes[SnapshotReader.textStart(bytes)...]), name)
        }
        XCTAssertTrue(XCUITestReader.sniff("Button, 0x1, {{0.0, 0.0}, {1.0, 1.0}}"))
        XCTAssertTrue(XCUITestReader.sniff("Window (Main), {{0.0, 0.0}, {1.0, 1.0}}"))
        XCTAssertTrue(XCUITestReader.sniff("StaticText, {{0.0, 0.0}, {1.0, 1.0}}, label: 'x'"))
    }

    // MARK: - Attributes

    func testAttributesOfOneLine() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Button, 0x2, {{20.0, 59.0}, {55.0, 40.0}}, identifier: 'x', label: 'Menu', value: 3, Selected, Disabled
        """)
        let stop = try XCTUnwrap(s.stops.first)
        XCTAssertEqual(stop.spoken, "Menu, 3, button, selected, dimmed")
        XCTAssertEqual(stop.id, "x")
        XCTAssertEqual(stop.frame, Frame(x: 20, y: 59, width: 55, height: 40))
        XCTAssertEqual(stop.line, 3)
        XCTAssertEqual(s.screen, "Screen")
    }

    func testQuotedValuesWithQuotesAndCommas() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'It\\'s a \\\\ path'
            Button, 0x3, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Don't Allow', identifier: 'deny'
            StaticText, 0x4, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Paris, label: France'
            StaticText, 0x5, {{0.0, 0.0}, {1.0, 1.0}}, label: 'a', value: 'quoted, value'
            Slider, 0x6, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Volume', value: 50%, Keyboard Focused
        """)
        XCTAssertEqual(s.stops.map(\.spoken), [
            "It's a \\ path, button",
            "Don't Allow, button",
            "Paris, label: France",
            "a, quoted, value",
            "Volume, 50%, adjustable, focused",
        ])
        XCTAssertEqual(s.stops[1].id, "deny")
    }

    func testUnquotedValueWithCommaRunsToTheNextAttribute() throws {
        let s = try read("StaticText, 0x1, {{0.0, 0.0}, {1.0, 1.0}}, value: 1, 2 and 3, identifier: 'n'")
        XCTAssertEqual(s.elements[0].label, "1, 2 and 3")
        XCTAssertEqual(s.elements[0].id, "n")
    }

    func testUnknownAttributesAndStatesAreIgnored() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App', elementType: 2
            Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'OK', hasFocus: 'yes', Hittable, Wobbly
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["OK, button"])
    }

    func testRolesAndStops() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Heading, 0x3, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Settings'
              Switch, 0x4, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Wi-Fi', value: 1
              Link, 0x5, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Terms'
              CheckBox, 0x6, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Agree', value: 1
              RadioButton, 0x7, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Small', value: 0
              PickerWheel, 0x8, {{0.0, 0.0}, {1.0, 1.0}}, value: 'June'
              ActivityIndicator, 0x9, {{0.0, 0.0}, {1.0, 1.0}}, label: 'In progress'
              MenuItem, 0xa, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Copy'
              Stepper, 0xb, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Count'
              Tab, 0xc, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Home'
              Icon, 0xd, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Mail'
              Other, 0xe, {{0.0, 0.0}, {1.0, 1.0}}
              Other, 0xf, {{0.0, 0.0}, {1.0, 1.0}}, identifier: 'spacer'
              Gizmo, 0x10, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Whatsit'
              Cell, 0x11, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Row one'
                StaticText, 0x12, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Row'
                StaticText, 0x13, {{0.0, 0.0}, {1.0, 1.0}}, label: 'one'
        """)
        XCTAssertEqual(s.stops.map(\.spoken), [
            "Settings, heading",
            "Wi-Fi, on, switch button",
            "Terms, link",
            "Agree, checkbox, checked",
            "Small, radio button",
            "June, picker",
            "In progress, progress indicator",
            "Copy, menu item",
            "Count, adjustable",
            "Home, tab",
            "Mail, image",
            "Whatsit",
            "Row one",
        ])
        let gizmo = try XCTUnwrap(s.stops.first { $0.label == "Whatsit" })
        XCTAssertEqual(gizmo.role, .other)
        XCTAssertEqual(gizmo.platformRole, "Gizmo")
        XCTAssertEqual(s.stops.last?.role, .cell)
        XCTAssertEqual(s.platform, .ios)
    }

    func testButtonInTabBarIsATabElsewhereAButton() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            TabBar, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Tab Bar'
              Button, 0x3, {{0.0, 0.0}, {1.0, 1.0}}, label: 'News', Selected
                Button, 0x4, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Inner'
            Toolbar, 0x5, {{0.0, 0.0}, {1.0, 1.0}}
              Button, 0x6, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Share'
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["News, tab, selected", "Share, button"])
        XCTAssertEqual(s.stops[0].innerIDs, [])
    }

    func testOtherWithLabelIsOneTextStopUnlessItWrapsASameNamedControl() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Other, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Price, 4 euros'
              StaticText, 0x3, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Price'
              StaticText, 0x4, {{0.0, 0.0}, {1.0, 1.0}}, label: '4 euros'
            Other, 0x5, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Add'
              Other, 0x6, {{0.0, 0.0}, {1.0, 1.0}}
                Button, 0x7, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Add'
            Other, 0x8, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Card'
              Button, 0x9, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Buy'
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["Price, 4 euros", "Add, button", "Card"])
        XCTAssertEqual(s.elements[0].children[0].element, true)
        XCTAssertEqual(s.elements[0].children[0].children.count, 2) // kept, not stops
        XCTAssertEqual(s.elements[0].children[1].role, .container)
    }

    func testPlaceholderOfEmptyFields() throws {
        let s = try read("""
        TextField, 0x1, {{0.0, 0.0}, {1.0, 1.0}}, placeholderValue: 'Email'
        TextField, 0x2, {{0.0, 10.0}, {1.0, 1.0}}, label: 'Name', placeholderValue: 'Jane Appleseed'
        TextField, 0x3, {{0.0, 20.0}, {1.0, 1.0}}, label: 'City', value: 'Paris', placeholderValue: 'Your city'
        SearchField, 0x4, {{0.0, 30.0}, {1.0, 1.0}}, label: 'Search', value: 'Search', placeholderValue: 'Search'
        StaticText, 0x5, {{0.0, 40.0}, {1.0, 1.0}}, label: 'Note', placeholderValue: 'ignored'
        """)
        XCTAssertEqual(s.stops.map(\.spoken), [
            "Email, text field",
            "Name, Jane Appleseed, text field",
            "City, Paris, text field",
            "Search, search field",
            "Note",
        ])
    }

    func testXcode9FormsAndPathMarkers() throws {
        let s = try read("""
        Attributes: Application, 0x6000, pid: 51436, {{0.0, 0.0}, {375.0, 667.0}}, label: 'UICatalog'
        Element subtree:
         →Application, 0x6000, pid: 51436, {{0.0, 0.0}, {375.0, 667.0}}, label: 'UICatalog'
            Window, 0x6001, Main Window, {{0.0, 0.0}, {375.0, 667.0}}
              Button, 0x6002, {{0.0, 0.0}, {10.0, 10.0}}, label: 'Back'
        Path to element:
         →Application, 0x6000, pid: 51436, {{0.0, 0.0}, {375.0, 667.0}}, label: 'UICatalog'
          ↳Window, 0x6001, Main Window, {{0.0, 0.0}, {375.0, 667.0}}
        Query chain:
         →Find: Application "com.example" 0x6040002ab7c0
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["Back, button"])
        XCTAssertEqual(s.elements[0].frame, Frame(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(s.elements[0].children.count, 1)
    }

    func testIndentationIsRelative() throws {
        // Uneven steps and a line between two levels: the parent is the nearest
        // line above that is indented less.
        let s = try read("""
                 →Application, 0x1, pid: 1, label: 'App'
                       Other, 0x2, {{0.0, 0.0}, {1.0, 1.0}}
                            StaticText, 0x3, {{0.0, 0.0}, {1.0, 1.0}}, label: 'A'
                         StaticText, 0x4, {{0.0, 0.0}, {1.0, 1.0}}, label: 'B'
                       StaticText, 0x5, {{0.0, 0.0}, {1.0, 1.0}}, label: 'C'
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["A", "B", "C"])
        let app = s.elements[0]
        XCTAssertEqual(app.children.count, 2)
        XCTAssertEqual(app.children[0].children.map(\.label), ["A", "B"])
    }

    func testCRLFAndLogLines() throws {
        let text = "    t =     0.52s Requesting snapshot of accessibility hierarchy for app with pid 1\r\n"
            + "Attributes: Application, 0x1, pid: 1, label: 'App'\r\n"
            + "Element subtree:\r\n"
            + " →Application, 0x1, pid: 1, label: 'App'\r\n"
            + "    Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Go'\r\n"
        let s = try read(text)
        XCTAssertEqual(s.stops.map(\.spoken), ["Go, button"])
        XCTAssertEqual(s.stops[0].line, 5)
    }

    func testPoLiteralUnescapesUnicodeAndQuotes() throws {
        let text = #"""
        (lldb) po app.debugDescription
        "Element subtree:\n →Application, 0x1, pid: 1, label: \'App\'\n    Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: \'Caf\u{E9} \"Bleu\"\'\n"
        """#
        let s = try read(text)
        XCTAssertEqual(s.stops.map(\.spoken), ["Café \"Bleu\", button"])
        XCTAssertEqual(s.stops[0].line, 2)
    }

    func testLLDBPrintLiteral() throws {
        let text = #"""
        (String) $R0 = "Element subtree:\n →Application, 0x1, pid: 1, label: \'App\'\n    Switch, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: \'Wi-Fi\', value: 0\n"
        """#
        let s = try read(text)
        XCTAssertEqual(s.stops.map(\.spoken), ["Wi-Fi, off, switch button"])
    }

    // MARK: - Errors

    func testUnparseableFrame() throws {
        let e = error("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Button, 0x2, {{0.0, 0.0}, {55.0}}, label: 'Menu'
        """)
        XCTAssertEqual(e?.file, "Screen.txt")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.column, 18)
        XCTAssertEqual(e?.message, "expected a frame {{x, y}, {w, h}}, found '{{0.0, 0.0}, {55.0}}'")
        XCTAssertEqual(e?.description, "Screen.txt:3:18: expected a frame {{x, y}, {w, h}}, found '{{0.0, 0.0}, {55.0}}'")
    }

    func testNonNumericFrameAndNegativeSize() throws {
        let e1 = error("Button, 0x2, {{a, 0.0}, {1.0, 1.0}}, label: 'Menu'")
        XCTAssertEqual(e1?.line, 1)
        XCTAssertTrue(e1?.message.hasPrefix("expected a frame {{x, y}, {w, h}}") == true)
        let e2 = error("Button, 0x2, {{0.0, 0.0}, {-1.0, 1.0}}, label: 'Menu'")
        XCTAssertEqual(e2?.message, "expected a non-negative width and height in the frame '{{0.0, 0.0}, {-1.0, 1.0}}'")
    }

    func testLineThatIsNotAnElement() throws {
        let e = error("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Menu'
            oops, this is prose
        """)
        XCTAssertEqual(e?.line, 4)
        XCTAssertEqual(e?.column, 5)
        XCTAssertEqual(e?.message, "expected an element line such as `Button, 0x…, {{x, y}, {w, h}}, label: '…'`, found 'oops, this is prose'")
    }

    func testUnterminatedQuoteAndBadSeparator() throws {
        let e1 = error("Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Menu")
        XCTAssertEqual(e1?.line, 1)
        XCTAssertEqual(e1?.column, 47)
        XCTAssertEqual(e1?.message, "expected a closing ' for label: ''Menu'")
        let e2 = error("Element subtree:\nButton; 0x2")
        XCTAssertEqual(e2?.message, "expected ', ' between attributes of \"Button\", found '; 0x2'")
        XCTAssertEqual(e2?.line, 2)
        XCTAssertEqual(e2?.column, 7)
        let e3 = error("Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, 42")
        XCTAssertTrue(e3?.message.hasPrefix("expected an attribute such as identifier:") == true, e3?.message ?? "")
    }

    func testEmptyTreeAndNoTree() throws {
        let e1 = error("Attributes: Application, 0x1, pid: 1, label: 'App'\nElement subtree:\nPath to element:\n")
        XCTAssertEqual(e1?.line, 2)
        XCTAssertTrue(e1?.message.hasPrefix("empty element tree, expected \"Element subtree:\" followed by element lines") == true, e1?.message ?? "")
        let e2 = error("hello\nworld\n")
        XCTAssertTrue(e2?.message.hasPrefix("no element tree found") == true, e2?.message ?? "")
    }

    func testPoLiteralWithBadEscape() throws {
        let text = "    t =   109.84s Requesting snapshot of accessibility hierarchy for app with pid 8736\n"
            + #""Element subtree:\n →Application, 0x1, pid: 1, label: \q\'App\'\n""#
        let e = error(text)
        XCTAssertEqual(e?.line, 2)
        XCTAssertEqual(e?.column, 55)
        XCTAssertEqual(e?.message, "invalid escape \\q in the string literal, expected \\n, \\t, \\', \\\", \\\\ or \\u{…}")
        let bad = error(#""Element subtree:\n →Application, 0x1, label: \u{D800}\n""#)
        XCTAssertEqual(bad?.line, 1)
        XCTAssertTrue(bad?.message.hasPrefix("invalid escape \\u") == true)
    }

    func testPoLiteralUnterminated() throws {
        let e = error("\n\"Element subtree:\\n →Application, 0x1, pid: 1, label: \\'App\\'\\n")
        XCTAssertEqual(e?.line, 2)
        XCTAssertEqual(e?.message, "unterminated string literal: expected a closing \" (this looks like lldb `po` output)")
    }

    func testErrorThroughSnapshotReaderNamesTheFile() throws {
        let bytes = Array("Element subtree:\n →Window (Main), 0x1, {{0.0, 0.0}, {x, 1.0}}\n".utf8)
        XCTAssertThrowsError(try SnapshotReader.read(bytes, file: "Snapshots/Home.txt")) { error in
            XCTAssertEqual((error as? SnapshotError)?.description,
                           "Snapshots/Home.txt:2:23: expected a frame {{x, y}, {w, h}}, found '{{0.0, 0.0}, {x, 1.0}}'")
        }
    }

    // MARK: - Depth

    /// A staircase of `depth` levels, one more blank per level, ending in a button.
    static func staircase(_ depth: Int) -> String {
        let blanks = [UInt8](repeating: 0x20, count: depth)
        let other = Array("Other, 0x1, {{0.0, 0.0}, {1.0, 1.0}}\n".utf8)
        var bytes = Array("Element subtree:\n".utf8)
        bytes.reserveCapacity(depth * (depth + 2 * other.count) / 2 + 100)
        for level in 0..<depth {
            bytes.append(contentsOf: blanks[0..<level])
            bytes.append(contentsOf: other)
        }
        bytes.append(contentsOf: blanks)
        bytes.append(contentsOf: Array("Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Bottom'\n".utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    func testTenThousandLevelsDeep() throws {
        // One more blank per level: 10,000 levels are ~50 MB of text.
        let depth = 10_000
        let stops = try read(Self.staircase(depth)).stops
        XCTAssertEqual(stops.map(\.spoken), ["Bottom, button"])
        XCTAssertEqual(stops[0].path.count, depth + 1)
        XCTAssertEqual(stops[0].line, depth + 2)
    }

    /// `XCUITestReader.buildTree` and `scanLines`: linear in the bytes whatever
    /// the depth (no line's indentation copied, a stack for the parents). A
    /// staircase of 8× the levels is 64× the bytes, so "quadratic" in the levels.
    func testDepthCostsOnlyItsBytes() {
        XCTAssertNil(Scaling.check("XCUITestReader on a staircase of n levels (linear in its bytes)", .quadratic, n: 250) { n in
            let text = Self.staircase(n)
            return { _ = try? XCUITestReader.read(text, file: "Screen.txt", screen: "Screen").stops }
        })
    }

    // MARK: - What VoiceOver says

    func testStaticTextLabelWithRawNewlinesReads() throws {
        let s = try read("""
        Element subtree:
         →Application, 0x600000, pid: 1, label: 'Notes'
            Window (Main), 0x600001, {{0.0, 0.0}, {390.0, 844.0}}
              StaticText, 0x600002, {{16.0, 100.0}, {358.0, 60.0}}, label: 'First line
        Second line
          indented third'
              Button, 0x600003, {{16.0, 200.0}, {80.0, 44.0}}, label: 'Done'
        """)
        XCTAssertEqual(s.stops.map(\.label), ["First line\nSecond line\nindented third", "Done"])
        XCTAssertEqual(s.stops.map(\.line), [4, 7])
        // A quote that never closes is still the first line's error.
        let e = error("""
        Element subtree:
         →Application, 0x600000, pid: 1, label: 'Notes'
            StaticText, 0x600002, {{16.0, 100.0}, {358.0, 60.0}}, label: 'never closed
            Button, 0x600003, {{16.0, 200.0}, {80.0, 44.0}}, label: 'Done
        """)
        XCTAssertEqual(e?.line, 3)
        XCTAssertTrue(e?.message.contains("expected a closing '") == true, e?.message ?? "")
    }

    func testFocusOnANestedUnlabelledButtonIsFocusOnItsStop() throws {
        // tvOS: the focused element is an unlabelled button inside a labelled cell.
        let text = """
        Element subtree:
         →Application, 0x600000, pid: 1, label: 'TV'
            Window (Main), 0x600001, {{0.0, 0.0}, {1920.0, 1080.0}}
              Cell, 0x600002, {{100.0, 100.0}, {300.0, 200.0}}, label: 'Movie A'
                Button, 0x600003, {{100.0, 100.0}, {300.0, 200.0}}FOCUS_A
              Cell, 0x600004, {{500.0, 100.0}, {300.0, 200.0}}, label: 'Movie B'
                Button, 0x600005, {{500.0, 100.0}, {300.0, 200.0}}FOCUS_B
        """
        let before = try read(text.replacingOccurrences(of: "FOCUS_A", with: ", Focused").replacingOccurrences(of: "FOCUS_B", with: ""))
        let after = try read(text.replacingOccurrences(of: "FOCUS_A", with: "").replacingOccurrences(of: "FOCUS_B", with: ", Focused"))
        XCTAssertEqual(before.stops.map(\.spoken), ["Movie A, focused", "Movie B"])
        XCTAssertEqual(after.stops.map(\.spoken), ["Movie A", "Movie B, focused"])
    }
}
