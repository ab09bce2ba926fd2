import XCTest
@testable import AXSnapshot

/// What a screen reader says for each ARIA construct Playwright writes: one
/// test per construct, the spoken list stated in full.
final class AriaSpokenTests: XCTestCase {
    func spoken(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let snapshot = try SnapshotReader.read(Array(text.utf8), file: "t.aria.yml")
        XCTAssertEqual(snapshot.format, .ariaYAML, file: file, line: line)
        return snapshot.stops.map(\.spoken)
    }

    func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try SnapshotReader.read(Array(text.utf8), file: "t.aria.yml")
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testAriaHiddenSubtreeIsSilent() throws {
        XCTAssertEqual(try spoken("""
        - generic [ref=e1]:
          - generic [aria-hidden] [ref=e2]:
            - heading "Hidden heading" [level=1] [ref=e3]
            - button "Hidden button" [ref=e4]
          - heading "Shown heading" [level=1] [ref=e5]
          - img "Logo" [aria-hidden]
          - text: Hello
        """), ["Shown heading, heading level 1", "Hello"])
    }

    func testRootActiveGenericIsNotFocus() throws {
        // The page itself holding focus says nothing; a focused control does.
        XCTAssertEqual(try spoken("- generic [active] [ref=e1]: Hello, world!\n"), ["Hello, world!"])
        XCTAssertEqual(try spoken("""
        - generic [active] [ref=e1]:
          - textbox "Name" [active] [ref=e2]
          - button "Save" [ref=e3]
        """), ["Name, text field, focused", "Save, button"])
    }

    func testHeadingHoldingALinkKeepsTheLink() throws {
        let snapshot = try SnapshotReader.read(Array("""
        - heading "News" [level=2]:
          - link "Story":
            - /url: /story
        - heading "Top stories today" [level=3]:
          - text: Top
          - link "stories"
          - text: today
        - heading "Plain" [level=4]
        """.utf8), file: "t.aria.yml")
        XCTAssertEqual(snapshot.stops.map(\.spoken), [
            "Story, link, heading level 2",
            "Top, heading level 3", "stories, link, heading level 3", "today, heading level 3",
            "Plain, heading level 4",
        ])
        XCTAssertEqual(snapshot.stops[0].role, .link, "the link stays a control")
        XCTAssertEqual(snapshot.stops.map(\.level), [2, 3, 3, 3, 4])
    }

    func testClosedComboBoxIsHeardAsItsSelectedOption() throws {
        XCTAssertEqual(try spoken("""
        - combobox "Country":
          - option "France"
          - option "Spain" [selected]
          - option "Italy"
        - combobox:
          - option "Small" [selected]
          - option "Large"
        - combobox "Size": Medium
        - combobox "Empty":
          - option "One"
        """), ["Country, Spain, combo box", "Small, combo box", "Size, Medium, combo box", "Empty, combo box"])
    }

    func testListBoxOptionsAreStops() throws {
        XCTAssertEqual(try spoken("""
        - listbox "Fruits":
          - option "Apple" [selected]
          - option "Pear"
          - option "Plum" [disabled]
        """), ["Apple, option, selected", "Pear, option", "Plum, option, dimmed"])
    }

    func testRegexNamesAreSpokenAsTheirLiteralText() throws {
        XCTAssertEqual(try spoken(#"""
        - heading /Time \d+:\d+/ [level=2]
        - button /Delete \d+ items?/
        - text: /Updated \d+ (minutes|hours) ago/
        - paragraph: '/Total: \$\d+\.\d{2}/'
        - link /.*/
        - text: "/quoted is a pattern too/"
        - text: /
        """#), [
            "Time …:…, heading level 2", "Delete … item…, button", "Updated … … ago", "Total: $….…",
            "…, link", "quoted is a pattern too", "/",
        ])
    }

    func testRegexNamesCompareByPatternText() throws {
        let a = try SnapshotReader.read(Array(#"- heading /Issues \d+/ [level=1]"#.utf8), file: "a.aria.yml")
        let b = try SnapshotReader.read(Array(#"- heading /Issues \d+/ [level=1]"#.utf8), file: "b.aria.yml")
        let c = try SnapshotReader.read(Array(#"- heading "Issues 12" [level=1]"#.utf8), file: "c.aria.yml")
        XCTAssertEqual(a.stops.map(\.label), b.stops.map(\.label))
        XCTAssertNotEqual(a.stops.map(\.label), c.stops.map(\.label), "a pattern is not matched against a text")
    }

    func testBlockScalars() throws {
        XCTAssertEqual(try spoken("""
        - paragraph: |
            Line 1
            Line 2
        - text: >-
            folded
            text

            next paragraph
        - button "After"
        - text: |+
            kept
        - |
            heading    "Key in a block" [
               level  =   3   ]
        """), ["Line 1 Line 2", "folded text next paragraph", "After, button", "kept", "Key in a block, heading level 3"])
        XCTAssertEqual(error("- text: |x\n  y\n"), "t.aria.yml:1:10: unexpected 'x' in a block scalar header; expected |, >, and - or + ")
    }

    func testChildrenPropertyFirstIsRecognisedAsARIA() throws {
        XCTAssertTrue(AriaYAMLReader.sniff("- /children: deep-equal\n- list"))
        XCTAssertEqual(try spoken("- /children: deep-equal\n- list:\n  - listitem: One\n"), ["One"])
    }

    func testNestedItemsWherePlaywrightRejectsThem() throws {
        XCTAssertEqual(error("- button \"OK\"\n  - text: more\n"),
                       "t.aria.yml:2:3: nested item under button on line 1, which has no ':' (write `- button:` to give it children)")
        XCTAssertEqual(error("- listitem: One\n  - text: Two\n"),
                       "t.aria.yml:2:3: nested item under listitem on line 1, which already has a text value after its ':'")
        XCTAssertEqual(error("- heading: a:\n"),
                       "t.aria.yml:1:13: nested mappings are not allowed in a plain value (':' here starts one); quote the text")
        XCTAssertEqual(error("- text: first\n    second: part\n"),
                       "t.aria.yml:2:11: nested mappings are not allowed in a plain value (':' here starts one); quote the text")
        // Quoted, the same text is fine; so is a URL's colon.
        XCTAssertEqual(try spoken("- heading: \"a:\"\n- text: see https://example.com\n"), ["a:, heading", "see https://example.com"])
    }

    func testAttributesAreCheckedAsPlaywrightChecksThem() throws {
        XCTAssertEqual(error("- checkbox [checked=5]\n"), "t.aria.yml:1:13: value of [checked] must be true, false or mixed, found \"5\"")
        XCTAssertEqual(error("- heading \"x\" [level=a]\n"), "t.aria.yml:1:16: value of [level] must be a number, found \"a\"")
        XCTAssertEqual(error("- heading \"x\" [level]\n"), "t.aria.yml:1:16: value of [level] must be a number, found \"true\"")
        XCTAssertEqual(error("- button [bogus]\n"),
                       "t.aria.yml:1:11: unsupported attribute [bogus]; Playwright accepts checked, disabled, expanded, active, invalid, level, pressed and selected")
        XCTAssertEqual(error("- row [selected=invalid]\n"), "t.aria.yml:1:8: value of [selected] must be true or false, found \"invalid\"")
        XCTAssertEqual(error("- textbox [invalid=maybe]\n"), "t.aria.yml:1:12: value of [invalid] must be true, false, grammar or spelling, found \"maybe\"")
        // What Playwright's writer adds is read: refs and the cursor are ignored, a box is the frame.
        let s = try SnapshotReader.read(Array("- button \"Go\" [ref=e2] [cursor=pointer] [box=10,20,30,40]\n".utf8), file: "t.aria.yml")
        XCTAssertEqual(s.stops.map(\.spoken), ["Go, button"])
        XCTAssertEqual(s.stops.first?.frame, Frame(x: 10, y: 20, width: 30, height: 40, unit: .cssPixels))
    }

    func testRoleWordsAndStates() throws {
        XCTAssertEqual(try spoken("""
        - heading "Title" [level=1]
        - heading "Untitled level"
        - tree:
          - treeitem "src" [expanded]:
            - group:
              - treeitem "main.swift" [selected]
        - checkbox "Select all" [checked=mixed]
        - button "Bold" [pressed=mixed]
        - button "Italic" [pressed]
        - textbox "Email" [invalid]: not-an-email
        - textbox "Typo" [invalid=spelling]
        - textbox "Fine" [invalid=false]
        - spinbutton "Quantity": "2"
        - switch "Wi-Fi" [checked]
        - progressbar "Upload"
        """), [
            "Title, heading level 1", "Untitled level, heading", "src, tree item, expanded",
            "main.swift, tree item, selected", "Select all, checkbox, mixed", "Bold, button, mixed", "Italic, button, selected",
            "Email, not-an-email, text field, invalid data", "Typo, text field, invalid data", "Fine, text field",
            "Quantity, 2, spin button", "Wi-Fi, on, switch", "Upload, progress bar",
        ])
    }

    func testEveryReaderNamesItsPlatformsScreenReader() throws {
        XCTAssertEqual(Platform.web.screenReaderInSentence, "a screen reader")
        XCTAssertEqual(Platform.android.screenReaderInSentence, "TalkBack")
        XCTAssertEqual(Platform.ios.screenReaderInSentence, "VoiceOver")
        XCTAssertEqual(Platform.other.screenReaderInSentence, "VoiceOver")
        let web = try SnapshotReader.read(Array("- button \"Go\"\n".utf8), file: "t.aria.yml")
        XCTAssertEqual(web.stops.first?.screenReader, "a screen reader")
    }

    func testNamesAndTextsAreHeardWithTheirWhitespaceCollapsed() throws {
        // Two templates Playwright matches against the same page read the same.
        let loose = try spoken("- text: \"one   two \"\n- link \"  link     1 \"\n- button \"he\\u00adllo\\u200bworld\"\n")
        XCTAssertEqual(loose, ["one two", "link 1, link", "helloworld, button"])
    }
}
