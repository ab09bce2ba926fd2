import XCTest
@testable import AXSnapshot

final class UIAutomatorReaderTests: XCTestCase {
    // MARK: - Helpers

    func corpusFile(_ name: String) throws -> (bytes: [UInt8], file: String) {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let url = fixtures.appendingPathComponent("corpus/android-uiautomator").appendingPathComponent(name)
        return (Array(try Data(contentsOf: url)), "corpus/android-uiautomator/" + name)
    }

    /// Reads a corpus file twice through `SnapshotReader`, checks that both
    /// reads agree, and returns the snapshot.
    func snapshot(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Snapshot {
        let (bytes, path) = try corpusFile(name)
        let snapshot = try SnapshotReader.read(bytes, file: path)
        XCTAssertEqual(snapshot.format, .uiautomator, file: file, line: line)
        XCTAssertEqual(snapshot.platform, .android, file: file, line: line)
        let again = try SnapshotReader.read(bytes, file: path)
        XCTAssertEqual(snapshot, again, "reading is deterministic", file: file, line: line)
        XCTAssertEqual(snapshot.stops, again.stops, file: file, line: line)
        return snapshot
    }

    /// A `<node>` with the classic attribute set.
    func node(_ cls: String, text: String = "", desc: String = "", id: String = "", clickable: Bool = false,
              focusable: Bool? = nil, checkable: Bool = false, checked: Bool = false, enabled: Bool = true,
              selected: Bool = false, password: Bool = false, bounds: String = "[0,0][100,50]",
              extra: String = "", children: String? = nil) -> String {
        let open = "<node index=\"0\" text=\"\(text)\" resource-id=\"\(id)\" class=\"\(cls)\" package=\"com.example\" content-desc=\"\(desc)\" checkable=\"\(checkable)\" checked=\"\(checked)\" clickable=\"\(clickable)\" enabled=\"\(enabled)\" focusable=\"\(focusable ?? clickable)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"\(password)\" selected=\"\(selected)\" bounds=\"\(bounds)\"\(extra)"
        guard let children else { return open + " />" }
        return open + ">" + children + "</node>"
    }

    func dump(_ nodes: String...) -> String {
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" + nodes.joined() + "</hierarchy>"
    }

    func read(_ xml: String) throws -> Snapshot {
        try SnapshotReader.read(Array(xml.utf8), file: "Screens/Login.xml")
    }

    func readError(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> SnapshotError? {
        do {
            _ = try UIAutomatorReader.read(xml, file: "bad.xml", screen: "bad")
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as SnapshotError {
            return error
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: - Corpus (one test per file; stop counts checked by eye)

    func testAenaWelcome() throws {
        let s = try snapshot("aena-welcome.xml")
        let spoken = s.stops.map(\.spoken)
        // Language button, page indicator text, 4 tab dots (unlabelled, disabled),
        // 5 welcome texts inside the scroll view, Next button.
        XCTAssertEqual(spoken.count, 12)
        XCTAssertEqual(spoken[0], "Language selected: English. Change, button")
        XCTAssertEqual(spoken[1], "Page 1 of 4")
        XCTAssertEqual(Array(spoken[2...5]), ["selected, disabled", "button, disabled", "button, disabled", "button, disabled"])
        XCTAssertEqual(spoken[6], "Welcome to Aena!")
        XCTAssertEqual(spoken.last, "Next page, button")
        let next = try XCTUnwrap(s.stops.last)
        XCTAssertEqual(next.id, "es.aena.mobile:id/btn_next_welcoming")
        // Bounds [0,2161][1080,2242] px on a 1080 px wide screen: density 2.625, in dp.
        assertFrame(next.frame, Frame(x: 0, y: 2161, width: 1080, height: 81), density: 2.625)
        XCTAssertEqual(next.line, 1)
    }

    func testBluestacksLandscapeNAF() throws {
        let s = try snapshot("bluestacks-landscape-rotation1-naf.xml")
        let spoken = s.stops.map(\.spoken)
        // Toolbar: back, publisher (label from its text child), two NAF buttons
        // without labels; header texts; URL row; follow + NAF bell; 3 tabs; 3
        // article cards (each: card + Like, Bookmark, Share lifted out); 5 nav items.
        XCTAssertEqual(spoken.count, 31)
        XCTAssertEqual(Array(spoken.prefix(4)), ["Go Back, button", "The Daily Collegian, button", "button", "button"])
        XCTAssertEqual(s.stops[2].id, "net.spotlightlabs.spotlight:id/ivOptions")
        XCTAssertEqual(Array(spoken[11...17]), [
            "All Articles, selected", "Sections, button", "Search, button",
            "1 min read, Graduate students at Penn State vote in favor of union, button",
            "Like, button", "Bookmark, button", "Share, button",
        ])
        XCTAssertEqual(s.stops[14].id, "net.spotlightlabs.spotlight:id/cvPublisherArticleCard")
        XCTAssertFalse(s.stops[14].label.contains("Like"), "actionable children are stops of their own, not part of the card")
        XCTAssertEqual(spoken.suffix(2), ["Stats, button", "Profile, button"])
    }

    func testEfreeDialogWindowOnly() throws {
        let s = try snapshot("efree-dialog-window-only.xml")
        XCTAssertEqual(s.stops.map(\.spoken), [
            "MSJ: Error processing your request. If you think it is an error write us with the code BFASTERR411. bfastbfree@gmail.com",
            "OK, button",
        ])
        // A dialog window alone: the screen's width is at least its right edge (1053 px).
        assertFrame(s.elements.first?.frame, Frame(x: 27, y: 647, width: 1026, height: 554), density: 2.625)
    }

    func testOpenWeatherHome() throws {
        let s = try snapshot("openweather-home.xml")
        let spoken = s.stops.map(\.spoken)
        // Search and settings buttons, 11 weather texts, 7 hours × 2 texts,
        // 7 day rows (clickable, described).
        XCTAssertEqual(spoken.count, 34)
        XCTAssertEqual(Array(spoken.prefix(4)), ["Search, button", "Go to settings, button", "Clear sky", "49°F"])
        XCTAssertTrue(spoken.contains("Wind: 16.1mph ENE"), "trailing no-break space is trimmed")
        XCTAssertEqual(Array(spoken[13...15]), ["8pm", "49 °F", "9pm"])
        XCTAssertEqual(spoken.last, "Navigate to a specific day: 07 Apr, button")
    }

    func testWhatsAppBusiness() throws {
        let s = try snapshot("whatsapp-business.xml")
        let spoken = s.stops.map(\.spoken)
        XCTAssertEqual(spoken.count, 6)
        XCTAssertEqual(spoken[0], "Verifying your number")
        XCTAssertEqual(spoken[1], "More options, button")
        XCTAssertTrue(spoken[2].hasPrefix("Can't send an SMS with your code because you've tried to register +994\u{A0}40\u{A0}327\u{A0}71\u{A0}56 recently."), "no-break spaces inside a label are kept")
        XCTAssertEqual(spoken[3], "Wrong number?, button", "a clickable child of a focusable text is read after it")
        XCTAssertEqual(spoken[4], "––– –––, edit box, focused")
        XCTAssertEqual(spoken[5], "DIDN'T RECEIVE CODE?, button")
    }

    func testEveryCorpusFileReads() throws {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let dir = fixtures.appendingPathComponent("corpus/android-uiautomator")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".xml") }
        XCTAssertEqual(names.count, 5)
        for name in names {
            let snapshot = try SnapshotReader.read(Array(try Data(contentsOf: dir.appendingPathComponent(name))), file: name)
            XCTAssertEqual(snapshot.format, .uiautomator, name)
            XCTAssertFalse(snapshot.stops.isEmpty, name)
        }
    }

    // MARK: - The model

    func testRolesLabelsAndStates() throws {
        let s = try read(dump(node("android.widget.FrameLayout", children:
            node("android.widget.TextView", text: "Sign in", id: "com.example:id/title")
            + node("android.widget.EditText", text: "ada@example.com", id: "com.example:id/email", clickable: true, extra: " hint=\"Email\"")
            + node("android.widget.EditText", text: "••••", clickable: true, password: true, extra: " hint=\"Password\"")
            + node("android.widget.EditText", text: "", desc: "Code", clickable: true)
            + node("android.widget.CheckBox", text: "Remember me", clickable: true, checkable: true, checked: true)
            + node("androidx.appcompat.widget.SwitchCompat", text: "Stay signed in", clickable: true, checkable: true)
            + node("android.widget.RadioButton", text: "Personal", clickable: true, checkable: true, selected: true)
            + node("android.widget.SeekBar", text: "40.0", desc: "Volume", focusable: true)
            + node("android.widget.Spinner", desc: "Country", clickable: true)
            + node("android.widget.ProgressBar", desc: "Loading")
            + node("android.widget.ImageView", desc: "Logo")
            + node("android.widget.ImageButton", desc: "Close", clickable: true, enabled: false)
            + node("android.widget.Button", text: "Continue", desc: "", clickable: true)
            + node("com.example.FancyWidget", text: "Fancy")
        )))
        XCTAssertEqual(s.screen, "Login")
        XCTAssertEqual(s.stops.map(\.spoken), [
            "Sign in", "Email, ada@example.com, edit box", "Password, ••••, edit box", "Code, edit box",
            "Remember me, checkbox, checked", "Stay signed in, off, switch", "Personal, radio button, selected",
            "Volume, 40.0, slider", "Country, drop-down list", "Loading, progress bar", "Logo, image",
            "Close, button, disabled", "Continue, button", "Fancy",
        ])
        XCTAssertEqual(s.stops[0].id, "com.example:id/title")
        XCTAssertEqual(s.stops[13].role, .other)
        XCTAssertEqual(s.stops[13].platformRole, "com.example.FancyWidget")
    }

    func testTalkBackGrouping() throws {
        let s = try read(dump(node("android.widget.LinearLayout", children:
            // A clickable row without a label speaks its texts; its button is separate.
            node("android.widget.LinearLayout", id: "row", clickable: true, children:
                node("android.widget.ImageView")
                + node("android.widget.TextView", text: "Jasmine tea")
                + node("android.widget.TextView", text: "$4")
                + node("android.widget.ImageButton", desc: "Add to cart", clickable: true))
            // A clickable layout with nothing to say inside is skipped, as TalkBack does…
            + node("android.view.ViewGroup", clickable: true, children: node("android.widget.ImageView"))
            // …but a clickable leaf is a stop even without a label (Mystery Icon).
            + node("android.widget.ImageView", id: "icMore", clickable: true)
            // Decorative and not-important nodes are no stops.
            + node("android.widget.ImageView", extra: " NAF=\"true\"")
            + node("android.view.View", extra: " importantForAccessibility=\"no\"")
            // A scroll view is not read as one stop: its texts are.
            + node("android.widget.ScrollView", focusable: true, children:
                node("android.widget.TextView", text: "First") + node("android.widget.TextView", text: "Second"))
            // Hidden nodes are skipped.
            + node("android.widget.TextView", text: "Offscreen", extra: " visible-to-user=\"false\"")
            // Not important for accessibility: not exposed, but its children are.
            + node("android.widget.TextView", text: "Not exposed", extra: " importantForAccessibility=\"no\"")
            + node("android.widget.FrameLayout", extra: " importantForAccessibility=\"no\"", children:
                node("android.widget.TextView", text: "Exposed child"))
            + node("android.widget.FrameLayout", extra: " importantForAccessibility=\"noHideDescendants\"", children:
                node("android.widget.TextView", text: "Hidden child"))
        )))
        XCTAssertEqual(s.stops.map(\.spoken), ["Jasmine tea, $4, button", "Add to cart, button", "button", "First", "Second", "Exposed child"])
        XCTAssertEqual(s.stops[0].id, "row")
        XCTAssertEqual(s.stops[2].id, "icMore")
        XCTAssertEqual(s.stops[2].label, "")
        let root = s.elements[0]
        XCTAssertEqual(root.children[0].role, .container, "the row and its lifted button share a container")
        XCTAssertEqual(root.children[0].element, false)
        XCTAssertEqual(root.children[0].children.map(\.element), [true, true])
    }

    func testNewlinesInLabelsAreSpokenOnOneLine() throws {
        let s = try read(dump(node("android.widget.TextView", text: "Line one&#10;line two ")))
        XCTAssertEqual(s.stops.map(\.spoken), ["Line one line two"])
    }

    func testSniff() {
        XCTAssertTrue(UIAutomatorReader.sniff("<?xml version='1.0' ?><hierarchy>"))
        XCTAssertTrue(UIAutomatorReader.sniff("<hierarchy rotation=\"0\">"))
        XCTAssertFalse(UIAutomatorReader.sniff("- button \"x\""))
        XCTAssertFalse(UIAutomatorReader.sniff("{\"axsnapshot\": 1}"))
    }

    func testEmptyHierarchyReads() throws {
        let s = try read("<?xml version='1.0' ?><hierarchy rotation=\"0\"></hierarchy>")
        XCTAssertTrue(s.elements.isEmpty)
    }

    // MARK: - Errors

    func testNotWellFormedNamesLineAndColumn() throws {
        let xml = "<?xml version='1.0' ?>\n<hierarchy>\n  <node class=\"android.widget.TextView\" text=\"a\">\n</hierarchy>\n"
        let error = try XCTUnwrap(readError(xml))
        XCTAssertEqual(error.line, 4)
        XCTAssertNotNil(error.column)
        XCTAssertTrue(error.message.hasPrefix("XML is not well-formed"), error.message)
        XCTAssertTrue(error.message.contains("<node>"), error.message)
        XCTAssertTrue(error.description.hasPrefix("bad.xml:4:"), error.description)

        let attribute = try XCTUnwrap(readError("<hierarchy>\n<node text=unquoted />\n</hierarchy>"))
        XCTAssertEqual(attribute.line, 2)
        XCTAssertTrue(attribute.message.contains("without quotes"), attribute.message)

        let truncated = try XCTUnwrap(readError("<hierarchy>\n<node text=\"a\">\n<node text=\"b\""))
        XCTAssertEqual(truncated.line, 3)

        let notADump = try XCTUnwrap(readError("<?xml version='1.0' ?><html></html>"))
        XCTAssertTrue(notADump.message.contains("not a uiautomator dump"), notADump.message)
    }

    func testBadBoundsNamesLineAndAttribute() throws {
        let xml = "<?xml version='1.0' ?>\n<hierarchy>\n<node class=\"android.widget.Button\" text=\"OK\" bounds=\"[0,0][100]\" />\n</hierarchy>\n"
        let error = try XCTUnwrap(readError(xml))
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.message.contains("bad bounds=\"[0,0][100]\""), error.message)
        XCTAssertTrue(error.message.contains("android.widget.Button"), error.message)
        XCTAssertTrue(error.description.hasPrefix("bad.xml:3:"), error.description)

        for bad in ["0,0,10,10", "[a,0][1,1]", "[0,0][1,1]x", "[0,0][1,99999999999]", "[,0][1,1]",
                    "", "[0,0]", "[0,0][1,1", "[0,0]][1,1]", "[0,0][1,1]]", "[-,0][1,1]", "[0,0][1,1234567890]", "[0,0][1,--1]"] {
            XCTAssertNil(UIAutomatorNode.parseBounds(bad), bad)
        }
        XCTAssertEqual(UIAutomatorNode.parseBounds("[-5,10][20,5]"), Frame(x: -5, y: 10, width: 25, height: 0, unit: .devicePixels))
        XCTAssertEqual(UIAutomatorNode.parseBounds("[0,-123456789][123456789,0]"),
                       Frame(x: 0, y: -123456789, width: 123456789, height: 123456789, unit: .devicePixels))
    }

    func testDoctypeWithEntitiesIsRefusedBeforeParsing() throws {
        let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        ]>
        <hierarchy><node class="android.widget.TextView" text="&lol9;" /></hierarchy>
        """
        let error = try XCTUnwrap(readError(laughs))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 1)
        XCTAssertTrue(error.message.contains("DOCTYPE declarations are not accepted"), error.message)

        let entityOnly = try XCTUnwrap(readError("<hierarchy>\n  <!ENTITY x \"y\">\n</hierarchy>"))
        XCTAssertEqual(entityOnly.line, 2)
        XCTAssertEqual(entityOnly.column, 3)
        XCTAssertTrue(entityOnly.message.contains("ENTITY"), entityOnly.message)
    }

    func testDeepNestingIsRefused() throws {
        var xml = "<hierarchy>\n"
        for _ in 0..<1_001 { xml += "<node class=\"android.widget.FrameLayout\">\n" }
        for _ in 0..<1_001 { xml += "</node>" }
        xml += "</hierarchy>"
        let error = try XCTUnwrap(readError(xml))
        XCTAssertEqual(error.line, 1_002)
        XCTAssertTrue(error.message.contains("nesting deeper than 1000 levels"), error.message)

        var ok = "<hierarchy>"
        for _ in 0..<999 { ok += "<node class=\"android.widget.FrameLayout\">" }
        ok += "<node class=\"android.widget.Button\" text=\"Deep\" clickable=\"true\" />"
        for _ in 0..<999 { ok += "</node>" }
        ok += "</hierarchy>"
        let snapshot = try UIAutomatorReader.read(ok, file: "deep.xml", screen: "deep")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["Deep, button"])
    }

    func testFiftyMegabyteNestedInputFailsFast() throws {
        // ~50 MB of ever deeper <node> elements: refused at depth 1,001,
        // without building the rest.
        let open = Array("<node class=\"android.view.View\">\n".utf8)
        var bytes = Array("<?xml version='1.0' ?>\n<hierarchy>\n".utf8)
        bytes.reserveCapacity(50_100_000)
        while bytes.count < 50_000_000 { bytes.append(contentsOf: open) }
        let text = String(decoding: bytes, as: UTF8.self)
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.line, 1_003)
        XCTAssertTrue(error.description.contains("bad.xml:1003:"), error.description)
        XCTAssertTrue(error.message.contains("nesting deeper than 1000 levels"))
    }

    func testDumpOverTenMegabytesReads() throws {
        // libxml2 buffers at most 10,000,000 bytes for one construct without
        // its huge option; a larger dump of ordinary nodes must still read
        // (the limit is maxSnapshotBytes, 16 MiB), every node counted.
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        var buttons = 0
        while xml.utf8.count < 10_032_119 {
            xml += node("android.widget.Button", text: "Item \(buttons)", id: "com.example:id/item\(buttons)",
                        clickable: true, bounds: "[0,\(buttons % 2000)][100,\(buttons % 2000 + 50)]")
            buttons += 1
        }
        xml += "</hierarchy>"
        XCTAssertGreaterThan(xml.utf8.count, 10_032_119)
        let snapshot = try SnapshotReader.read(Array(xml.utf8), file: "Screens/Huge.xml")
        XCTAssertEqual(snapshot.stops.count, buttons)
        XCTAssertEqual(snapshot.stops.first?.spoken, "Item 0, button")
        XCTAssertEqual(snapshot.stops.last?.spoken, "Item \(buttons - 1), button")
    }

    func testOneTagOverTenMegabytesReads() throws {
        // One attribute value over libxml2's 10,000,000-byte limit without
        // its huge option, in a dump under 16 MiB: read, as the other formats
        // read such a label, every byte of it kept.
        let text = String(repeating: "a", count: 10_100_000) + "z"
        let xml = dump(node("android.widget.TextView", text: text), node("android.widget.Button", text: "After", clickable: true))
        let snapshot = try SnapshotReader.read(Array(xml.utf8), file: "Screens/Long.xml")
        XCTAssertEqual(snapshot.stops.count, 2)
        XCTAssertEqual(snapshot.stops.first?.label.utf8.count, 10_100_001)
        XCTAssertEqual(snapshot.stops.first?.label.last, "z")
        XCTAssertEqual(snapshot.stops.last?.spoken, "After, button")
    }

    // MARK: - What TalkBack says

    func testClickableScrollableSpinnerIsADropDownList() throws {
        // uiautomator marks a Spinner scrollable; it is still the control TalkBack reads.
        let spinner = node("android.widget.Spinner", id: "com.example:id/planet", clickable: true,
                           extra: "", children: node("android.widget.TextView", text: "Mercury", id: "android:id/text1"))
            .replacingFirst("scrollable=\"false\"", with: "scrollable=\"true\"")
        let list = node("android.widget.LinearLayout", clickable: false, children: node("android.widget.TextView", text: "Row"))
            .replacingFirst("scrollable=\"false\"", with: "scrollable=\"true\"")
        let s = try read(dump(node("android.widget.FrameLayout", children: spinner + list)))
        XCTAssertEqual(s.stops.map(\.spoken), ["Mercury, drop-down list", "Row"])
        XCTAssertEqual(s.stops[0].role, .picker)
        XCTAssertEqual(s.stops[0].id, "com.example:id/planet")
    }

    func testTabWidgetChildrenAreTabs() throws {
        let tab1 = node("android.widget.LinearLayout", clickable: true, selected: true,
                        children: node("android.widget.TextView", text: "Home", id: "android:id/title"))
        let tab2 = node("android.widget.RelativeLayout", clickable: true,
                        children: node("android.widget.TextView", text: "Settings", id: "android:id/title"))
        let widget = node("android.widget.TabWidget", id: "android:id/tabs", children: tab1 + tab2)
        let outside = node("android.widget.LinearLayout", clickable: true, children: node("android.widget.TextView", text: "Help"))
        let s = try read(dump(node("android.widget.FrameLayout", children: widget + outside)))
        XCTAssertEqual(s.stops.map(\.spoken), ["Home, tab, selected", "Settings, tab", "Help, button"])
        XCTAssertEqual(s.stops.map(\.screenReader), ["TalkBack", "TalkBack", "TalkBack"])
    }

    /// `frame` is `pixels` in dp at `density`.
    func assertFrame(_ frame: Frame?, _ pixels: Frame, density: Double, file: StaticString = #filePath, line: UInt = #line) {
        guard let frame else { return XCTFail("no frame", file: file, line: line) }
        for (a, b) in [(frame.x, pixels.x), (frame.y, pixels.y), (frame.width, pixels.width), (frame.height, pixels.height)] {
            XCTAssertEqual(a, b / density, accuracy: 1e-9, "\(frame) vs \(pixels) px", file: file, line: line)
        }
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
