import AXTestSupport
import XCTest
@testable import AXSnapshot

final class AriaYAMLReaderTests: XCTestCase {
    // MARK: - Helpers

    func corpusFile(_ name: String) throws -> (bytes: [UInt8], file: String) {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let url = fixtures.appendingPathComponent("corpus/playwright-aria").appendingPathComponent(name)
        return (Array(try Data(contentsOf: url)), "corpus/playwright-aria/" + name)
    }

    /// Reads a corpus file twice through `SnapshotReader` (format detection
    /// included), checks that both reads agree, and returns the spoken stops.
    func spoken(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let (bytes, path) = try corpusFile(name)
        let snapshot = try SnapshotReader.read(bytes, file: path)
        XCTAssertEqual(snapshot.format, .ariaYAML, file: file, line: line)
        XCTAssertEqual(snapshot.platform, .web, file: file, line: line)
        let again = try SnapshotReader.read(bytes, file: path)
        XCTAssertEqual(snapshot, again, "reading is deterministic", file: file, line: line)
        XCTAssertEqual(snapshot.stops, again.stops, file: file, line: line)
        return snapshot.stops.map(\.spoken)
    }

    func read(_ text: String, file: String = "test.aria.yml") throws -> Snapshot {
        try SnapshotReader.read(Array(text.utf8), file: file)
    }

    func readError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SnapshotError? {
        do {
            _ = try AriaYAMLReader.read(text, file: "bad.aria.yml", screen: "bad")
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

    func testFranzaiDashboardTable() throws {
        let s = try spoken("franzai-writer-dashboard-table.yml")
        // 7 nav links, heading, table 1 (3 header cells + 5 rows × [2 text cells,
        // unnamed link, "Start" link]), heading, table 2 (5 header cells + 61 rows
        // × [3 text cells, image, date text, "Open" link, unnamed button]),
        // footer (2 paragraphs → 1 + 3 stops, 4 links), dev-tools button.
        XCTAssertEqual(s.count, 473)
        XCTAssertEqual(Array(s.prefix(3)), ["FranzAI Writer, link", "Home, link", "Dashboard, link"])
        XCTAssertTrue(s.contains("Start a new document, heading level 1"))
        XCTAssertEqual(Array(s[8...14]), ["Workflow", "Description", "Actions", "Targeted Page SEO Optimized V3",
                                          "Create a comprehensive, SEO-optimized page targeting a specific keyword.",
                                          "link", "Start, link"])
        XCTAssertEqual(s.filter { $0 == "Open, link" }.count, 61)
        XCTAssertEqual(s.last, "Open Next.js Dev Tools, button")
    }

    func testFranzaiPoemBasicFlow() throws {
        let s = try spoken("franzai-writer-poem-basic-flow.yml")
        XCTAssertEqual(s.count, 107)
        XCTAssertEqual(Array(s[5...9]), ["Serenity's Sunset Shore, heading level 1", "Last saved 22 Jun 2025 02:31 |",
                                         "Workflow: Poem Generator", "Progress 8 / 8 Stages", "progress bar"])
        XCTAssertTrue(s.contains("Wizard Completed!, heading level 5"))
        XCTAssertTrue(s.contains("Styled HTML, checkbox, checked"))
        XCTAssertTrue(s.contains("Clean HTML, checkbox"))
        XCTAssertTrue(s.contains("Optional notes for AI regeneration..., text field"))
        XCTAssertTrue(s.contains { $0.hasPrefix("Generated image: An artistic rendering") && $0.hasSuffix("3:4 aspect ratio., image") })
        XCTAssertTrue(s.contains("© 2025 Franz AI Writer. All rights reserved."))
    }

    func testFranzaiPressReleaseCodeEscapes() throws {
        let s = try spoken("franzai-writer-press-release-code-escapes.yml")
        XCTAssertEqual(s.count, 101)
        // The `code:` value is a double-quoted string holding JSON with \" and \\\" escapes.
        let code = try XCTUnwrap(s.first { $0.hasPrefix("{ \"tone\"") })
        XCTAssertTrue(code.contains("\"primary_voice_characteristics\": \"Innovative, Approachable"))
        XCTAssertTrue(code.contains("\"\\\"Revolutionizing [Industry] through [Specific Technology]\\\", "))
        XCTAssertTrue(code.hasSuffix("\" } }"))
        XCTAssertTrue(s.contains("e.g., \"This launch represents...\" - CEO John Doe, text field"))
        XCTAssertTrue(s.contains("Medium Risk - Minor concerns, combo box"))
        XCTAssertTrue(s.contains("Enter URLs for deeper research (one per line): - Company investor pages - Recent press releases - Industry reports - Competitor analysis - News articles, text field"))
    }

    func testMCPNextJSErrorOverlay() throws {
        let s = try spoken("mcp-refs-nextjs-error-overlay.yml")
        XCTAssertEqual(s, [
            "Skip to main content, link", "Skip to navigation, link", "image", "Something went wrong",
            "An unexpected error occurred. Please try refreshing the page or contact support if the problem persists.",
            "invalid arrow-function arguments (parentheses around the arrow-function may help)",
            "Try Again, button", "Open Next.js Dev Tools, button", "Open issues overlay, button",
            "Collapse issues badge, button",
        ])
    }

    func testMCPSwagLabsCheckout() throws {
        let s = try spoken("mcp-refs-swaglabs-checkout.yml")
        XCTAssertEqual(s.count, 18)
        XCTAssertEqual(Array(s.prefix(6)), ["All Items, link", "About, link", "Logout, link", "Reset App State",
                                            "Close Menu, button", "Open Menu, button"])
        XCTAssertEqual(s[6], "link", "the cart link has no name: an unlabelled stop")
        XCTAssertTrue(s.contains("Checkout: Your Information"))
        XCTAssertTrue(s.contains("Zip/Postal Code, text field"))
        XCTAssertEqual(Array(s[13...15]), ["Twitter", "Facebook", "LinkedIn"])
    }

    func testMCPTheInternetLogin() throws {
        let s = try spoken("mcp-refs-the-internet-login.yml")
        XCTAssertEqual(s.count, 12)
        XCTAssertEqual(s[0], "\u{F057} You must login to view the secure area!")
        XCTAssertEqual(s[1], "×, link")
        XCTAssertEqual(s[2], "Fork me on GitHub, link")
        XCTAssertTrue(s[4].hasPrefix("This is where you can log into the secure area."), "the heading holds its emphasis children")
        XCTAssertTrue(s[4].hasSuffix(", heading level 4"))
        XCTAssertEqual(Array(s[5...9]), ["Username", "Username, text field", "Password", "Password, text field", "\u{F090} Login, button"])
    }

    func testDocsChildrenEqualListWithoutColonFailsAsPlaywrightDoes() throws {
        // `- list` has children but no colon: not valid YAML as printed, and
        // Playwright rejects it. The error names the first nested item.
        let (bytes, path) = try corpusFile("pw-docs-children-equal.yml")
        XCTAssertThrowsError(try SnapshotReader.read(bytes, file: path)) { error in
            XCTAssertEqual("\(error)", "corpus/playwright-aria/pw-docs-children-equal.yml:2:3: nested item under list on line 1, which has no ':' (write `- list:` to give it children)")
        }
    }

    func testDocsInvalidTextboxValue() throws {
        XCTAssertEqual(try spoken("pw-docs-invalid-textbox-value.yml"), ["Email, not-an-email, text field, invalid data"])
    }

    func testDocsLinkURLProperty() throws {
        // A named link whose only child is `/url:` (indented 4) is one leaf stop.
        XCTAssertEqual(try spoken("pw-docs-link-url-property.yml"), ["Read more about Accessibility, link"])
    }

    func testDocsNamedList() throws {
        XCTAssertEqual(try spoken("pw-docs-named-list.yml"), ["Feature 1", "Feature 2"])
    }

    func testDocsPlaywrightDevBanner() throws {
        XCTAssertEqual(try spoken("pw-docs-playwright-dev-banner.yml"), [
            "Playwright enables reliable end-to-end, heading level 1", "Get started, link",
            "Star microsoft/playwright on GitHub, link", "…k+ stargazers on GitHub, link",
        ])
    }

    func testDocsURLRegex() throws {
        XCTAssertEqual(try spoken("pw-docs-url-regex.yml"), ["link"])
    }

    func testAIRefsActiveLists() throws {
        XCTAssertEqual(try spoken("pw-test-ai-refs-active-lists.yml"), ["3 bds", "2 ba", "1,200 sqft", "3", "2", "1,200"])
    }

    func testAIRefsRadioGenerics() throws {
        XCTAssertEqual(try spoken("pw-test-ai-refs-radio-generics.yml"), [
            "Apple, radio button, checked", "Apple", "Pear, radio button", "Pear", "Orange, radio button", "Orange",
        ])
    }

    func testEscapeSpecialYAMLChars() throws {
        XCTAssertEqual(try spoken("pw-test-escape-special-yaml-chars.yml"), [
            "@hello, link", "@hello", "]hello, link", "]hello", "hello, link", "hello", "hello, link", "hello",
            "#hello, link", "#hello",
        ])
    }

    func testEscapeSpecialYAMLValues() throws {
        let s = try spoken("pw-test-escape-special-yaml-values.yml")
        XCTAssertEqual(s.count, 17)
        XCTAssertEqual(Array(s.prefix(4)), ["true, link", "False", "NO, link", "yes"])
        XCTAssertEqual(Array(s.suffix(3)), ["-, link", "-", "555, text field"])
    }

    func testMicrosoftGithubList() throws {
        XCTAssertEqual(try spoken("pw-test-microsoft-github-list.yml"), [
            "Microsoft, heading level 1", "Open source projects and samples from Microsoft", "Verified", "Sponsor, link",
        ])
    }

    func testPunctuationTextNodes() throws {
        let s = try spoken("pw-test-punctuation-text-nodes.yml")
        XCTAssertEqual(s.count, 18)
        XCTAssertEqual(Array(s.prefix(7)), ["one:", "link1, link", "\"two", "link2, link", "'three", "link3, link", "`four"])
        XCTAssertEqual(Array(s[8...12]), [",", "two, link", "(", "three, link", ") {"])
        XCTAssertEqual(s.last, "[Select all]")
    }

    func testTemplateEscapedQuotesAndBracketsInName() throws {
        XCTAssertEqual(try spoken("pw-test-template-escaped-quotes-and-brackets-in-name.yml"), ["heading \"name\" [level=1], heading level 1"])
        let snapshot = try SnapshotReader.read(try corpusFile("pw-test-template-escaped-quotes-and-brackets-in-name.yml").bytes, file: "x.yml")
        XCTAssertEqual(snapshot.stops.first?.level, 1)
    }

    func testTemplateRegexEscapedSlash() throws {
        // A /regex/ name is spoken as its literal text (the escaped slash is a slash), never compiled.
        XCTAssertEqual(try spoken("pw-test-template-regex-escaped-slash.yml"), ["Click / me, button"])
    }

    func testTemplateSingleQuoteDoubling() throws {
        XCTAssertEqual(try spoken("pw-test-template-single-quote-doubling.yml"), ["Click ' me, button"])
    }

    func testTemplateSingleQuotedKeyColon() throws {
        XCTAssertEqual(try spoken("pw-test-template-single-quoted-key-colon.yml"), ["Click: me, button"])
    }

    func testUIModeListitems() throws {
        // A list item holding several stops is a container, not one stop.
        XCTAssertEqual(try spoken("pw-test-ui-mode-listitems.yml"), [
            "a.test.ts", "Run, button", "Show source, button", "Watch, button",
            "snapshot 30ms", "Run, button", "Show source, button", "Watch, button",
        ])
    }

    func testUIModeTestTree1() throws {
        let s = try spoken("pw-ui-mode-test-tree-1.yml")
        XCTAssertEqual(s.count, 10)
        XCTAssertEqual(Array(s.prefix(5)), [
            "[icon-circle-outline] a.test.ts, tree item, expanded", "[icon-circle-outline] passes, tree item, selected",
            "Run, button", "Show source, button", "Watch, button",
        ])
    }

    func testUIModeTestTree2() throws {
        let s = try spoken("pw-ui-mode-test-tree-2.yml")
        XCTAssertEqual(s.count, 10)
        XCTAssertEqual(Array(s[1...3]), ["[icon-circle-outline] passes, tree item", "[icon-circle-outline] fails, tree item, selected", "Run, button"])
    }

    func testEveryCorpusFileReads() throws {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let dir = fixtures.appendingPathComponent("corpus/playwright-aria")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yml") }
        XCTAssertEqual(names.count, 25)
        for name in names where name != "pw-docs-children-equal.yml" {
            let snapshot = try SnapshotReader.read(Array(try Data(contentsOf: dir.appendingPathComponent(name))), file: name)
            XCTAssertEqual(snapshot.format, .ariaYAML, name)
            XCTAssertFalse(snapshot.stops.isEmpty, name)
        }
    }

    // MARK: - The model

    func testRolesStatesAndValues() throws {
        let s = try read("""
        - heading "Settings" [level=2]
        - switch "Wi-Fi" [checked]
        - switch "Bluetooth"
        - checkbox "All" [checked=mixed]
        - button "Menu" [expanded] [pressed]
        - button "More" [expanded=false] [disabled]
        - searchbox "Search"
        - combobox "Size": Large
        - slider "Volume": "40"
        - tab "Home" [selected]
        - menuitem "Copy"
        - img "Logo"
        - widget "Custom"
        """)
        let stops = s.stops
        XCTAssertEqual(stops.map(\.spoken), [
            "Settings, heading level 2", "Wi-Fi, on, switch", "Bluetooth, off, switch",
            "All, checkbox, mixed", "Menu, button, selected, expanded", "More, button, dimmed, collapsed",
            "Search, search field", "Size, Large, combo box", "Volume, 40, slider", "Home, tab, selected",
            "Copy, menu item", "Logo, image", "Custom",
        ])
        XCTAssertEqual(stops[0].level, 2)
        XCTAssertEqual(stops[12].role, .other)
        XCTAssertEqual(stops[12].platformRole, "widget")
        XCTAssertEqual(s.screen, "test")
    }

    func testContainersAndLeafStops() throws {
        let s = try read("""
        - navigation "Main":
          - list:
            - listitem:
              - link "Docs":
                - /url: /docs
            - listitem: Plain item
            - listitem "Named item"
            - listitem:
              - text: Price
              - button "Buy"
        - group:
          - img
        - region "Empty"
        - paragraph
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["Docs, link", "Plain item", "Named item", "Price", "Buy, button", "image"])
        let list = s.elements[0].children[0]
        XCTAssertEqual(list.children[0].element, false, "a list item holding a stop is a container")
        XCTAssertEqual(list.children[1].element, true)
        XCTAssertEqual(list.children[1].role, .listItem)
        XCTAssertEqual(list.children[3].element, false)
        XCTAssertEqual(s.stops[0].line, 4)
    }

    func testUnnamedControlsSpeakTheirText() throws {
        let s = try read("""
        - button:
          - img
          - text: Save
        - link:
          - /url: /x
          - img
        """)
        XCTAssertEqual(s.stops.map(\.spoken), ["Save, button", "link"])
    }

    func testQuotingAndEscapes() throws {
        let s = try read(#"""
        # a comment
        - text: "tab\there \u00e9 \"q\" \\ \ud83d\ude00"
        - button "a \"b\" c"
        - 'link "it''s"':
          - /url: "#"
        - text: 'single '' quote'
        - text: plain value # trailing comment
        - textbox "Notes":
            - /placeholder: Write here
        """#)
        // The tab is whitespace, collapsed as Playwright collapses it.
        XCTAssertEqual(s.stops.map(\.label), ["tab here é \"q\" \\ 😀", "a \"b\" c", "it's", "single ' quote", "plain value", "Notes"])
        XCTAssertEqual(s.stops.last?.hint, "Write here")
    }

    func testMultiLinePlainValueAndCRLF() throws {
        let s = try read("- text: first part\r\n    second part\r\n- button \"OK\"\r\n")
        XCTAssertEqual(s.stops.map(\.spoken), ["first part second part", "OK, button"])
    }

    func testExtraConstantIndentIsAccepted() throws {
        let s = try read("    - list:\n      - listitem: One\n    - button \"Two\"\n")
        XCTAssertEqual(s.stops.map(\.spoken), ["One", "Two, button"])
    }

    func testSniff() {
        XCTAssertTrue(AriaYAMLReader.sniff("- banner:\n  - link \"x\""))
        XCTAssertTrue(AriaYAMLReader.sniff("# comment\n\n- 'button \"Click: me\"'"))
        XCTAssertTrue(AriaYAMLReader.sniff("- text: hello"))
        XCTAssertTrue(AriaYAMLReader.sniff("- list"))
        XCTAssertFalse(AriaYAMLReader.sniff("- Expected  - 2\n+ Received  + 6"))
        XCTAssertFalse(AriaYAMLReader.sniff("Attributes: Application, 0x1"))
        XCTAssertFalse(AriaYAMLReader.sniff("{\"axsnapshot\": 1}"))
        XCTAssertFalse(AriaYAMLReader.sniff("<hierarchy>"))
    }

    // MARK: - Errors

    func testMalformedIndentationNamesTheLine() throws {
        let error = try XCTUnwrap(readError("""
        - list:
            - listitem: One
          - listitem: Two
        """))
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, 3)
        XCTAssertTrue(error.message.contains("malformed indentation: expected 4 spaces like the item on line 2, found 2"), error.message)
        XCTAssertTrue(error.description.hasPrefix("bad.aria.yml:3:3: "), error.description)

        let outdented = try XCTUnwrap(readError("  - button \"A\"\n- button \"B\"\n"))
        XCTAssertEqual(outdented.line, 2)
        XCTAssertTrue(outdented.message.contains("like the first item on line 1"), outdented.message)

        let tab = try XCTUnwrap(readError("- list:\n\t- listitem: One\n"))
        XCTAssertEqual(tab.line, 2)
        XCTAssertTrue(tab.message.contains("tab in indentation"), tab.message)

        let stray = try XCTUnwrap(readError("- list:\n  listitem: One\n"))
        XCTAssertEqual(stray.line, 2)
        XCTAssertTrue(stray.message.contains("expected a list item starting with '- '"), stray.message)

        let underProperty = try XCTUnwrap(readError("- link \"x\":\n  - /url: /a\n    - text: y\n"))
        XCTAssertEqual(underProperty.line, 3)
    }

    func testUnterminatedQuoteNamesTheLine() throws {
        let name = try XCTUnwrap(readError("- heading \"Title\" [level=1]\n- button \"Save\n- text: x\n"))
        XCTAssertEqual(name.line, 2)
        XCTAssertEqual(name.column, 10)
        XCTAssertTrue(name.message.contains("unterminated double-quoted string"), name.message)

        let value = try XCTUnwrap(readError("- text: ok\n- text: 'never closed\n"))
        XCTAssertEqual(value.line, 2)
        XCTAssertTrue(value.message.contains("unterminated single-quoted string"), value.message)

        let attribute = try XCTUnwrap(readError("- heading \"x\" [level=1\n"))
        XCTAssertEqual(attribute.line, 1)
        XCTAssertTrue(attribute.message.contains("unterminated attribute"), attribute.message)

        let regex = try XCTUnwrap(readError("- link /abc\n"))
        XCTAssertTrue(regex.message.contains("unterminated /regex/"), regex.message)

        let escape = try XCTUnwrap(readError("- text: \"bad \\q escape\"\n"))
        XCTAssertTrue(escape.message.contains("unknown escape"), escape.message)
    }

    func testGarbageAfterKeyNamesTheLine() throws {
        let error = try XCTUnwrap(readError("- button \"OK\" extra\n"))
        XCTAssertEqual(error.line, 1)
        XCTAssertEqual(error.column, 15)
        XCTAssertTrue(error.message.contains("unexpected 'e' after button"), error.message)
    }

    func testDeepNestingIsRefused() throws {
        var text = ""
        for level in 0..<1_001 {
            text += String(repeating: " ", count: level * 2) + "- group:\n"
        }
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.line, 1_001)
        XCTAssertTrue(error.message.contains("nesting deeper than 1000 levels"), error.message)

        // 1,000 levels read fine, and the stop inside is found without recursion.
        var ok = ""
        for level in 0..<999 {
            ok += String(repeating: " ", count: level * 2) + "- group:\n"
        }
        ok += String(repeating: " ", count: 999 * 2) + "- button \"Deep\"\n"
        let snapshot = try AriaYAMLReader.read(ok, file: "deep.yml", screen: "deep")
        XCTAssertEqual(snapshot.stops.map(\.spoken), ["Deep, button"])
        XCTAssertEqual(snapshot.stops.first?.path.count, 1_000)
    }

    /// A long test (building the input is most of it), as the next.
    func testFiftyMegabyteNestedInputFailsFast() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        // ~50 MB: each line one level deeper than the last (the indentation
        // alone makes it big). The reader stops at level 1,001.
        var text = ""
        text.reserveCapacity(50_100_000)
        var level = 0
        while text.utf8.count < 50_000_000 {
            text += String(repeating: " ", count: level * 2)
            text += "- generic:\n"
            level += 1
        }
        XCTAssertGreaterThanOrEqual(text.utf8.count, 50_000_000)
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.line, 1_001)
        XCTAssertTrue(error.description.contains("bad.aria.yml:1001:"), error.description)
        XCTAssertTrue(error.message.contains("nesting deeper than 1000 levels"))
    }

    static let wideLine = "- text: " + String(repeating: "word ", count: 2_000) + "\n"

    func testFiftyMegabyteFlatInputReads() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        // Wide rather than deep: ~50 MB of long text items.
        let text = String(repeating: Self.wideLine, count: 50_000_000 / Self.wideLine.utf8.count + 1)
        let snapshot = try AriaYAMLReader.read(text, file: "wide.yml", screen: "wide")
        XCTAssertEqual(snapshot.elements.count, 50_000_000 / Self.wideLine.utf8.count + 1)
    }

    /// `AriaYAMLReader`: wide input reads in time linear in its lines.
    func testWideInputReadsInLinearTime() throws {
        XCTAssertEqual(try AriaYAMLReader.read(String(repeating: Self.wideLine, count: 100), file: "wide.yml", screen: "wide").elements.count, 100)
        XCTAssertNil(Scaling.check("AriaYAMLReader on lines of 2,000 words", .linear, n: 20) { n in
            let text = String(repeating: Self.wideLine, count: n)
            return { _ = try? AriaYAMLReader.read(text, file: "wide.yml", screen: "wide") }
        })
    }
}
