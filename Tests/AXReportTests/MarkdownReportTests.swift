import AXDiff
@testable import AXReport
import XCTest

final class MarkdownReportTests: XCTestCase {
    /// The comment as a CommonMark renderer (markdown-it-py) shows it: each
    /// heading, then each list item under it as `- TEXT [bold: B1 | B2]`, and
    /// each code block as `code: TEXT`; raw HTML that renders as an element
    /// (other than the folding `<details>`/`<summary>`) is reported.
    private func rendered(_ markdown: String) throws -> String {
        try ExternalTools.requirePython()
        let path = try ExternalTools.write(for: self, markdown, named: "comment.md")
        let run = try ExternalTools.python(#"""
            import sys
            from html.parser import HTMLParser
            from markdown_it import MarkdownIt
            html = MarkdownIt("commonmark").render(open(sys.argv[1], encoding="utf-8").read())
            class Walk(HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.out, self.stack, self.text, self.bold, self.strong = [], [], "", [], None
                def handle_starttag(self, tag, attrs):
                    if tag not in ("h2", "h3", "li", "strong", "code", "pre", "p", "ul", "a", "sub", "blockquote", "details", "summary", "br"):
                        self.out.append("ELEMENT " + tag)
                    if tag in ("h2", "h3", "li", "pre"):
                        self.text, self.bold = "", []
                    if tag == "strong":
                        self.strong = ""
                    self.stack.append(tag)
                def handle_endtag(self, tag):
                    if tag == "strong" and self.strong is not None:
                        self.bold.append(self.strong); self.strong = None
                    if tag in ("h2", "h3"):
                        self.out.append(tag + " " + self.text.strip())
                    elif tag == "li":
                        self.out.append("- " + " ".join(self.text.split()) + (" [bold: " + " | ".join(self.bold) + "]" if self.bold else ""))
                    elif tag == "pre":
                        self.out.append("code: " + self.text.rstrip("\n").replace("\n", " / "))
                    if self.stack: self.stack.pop()
                def handle_data(self, data):
                    self.text += data
                    if self.strong is not None: self.strong += data
            w = Walk(); w.feed(html)
            print("\n".join(w.out))
            """#, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    func testGroupsErrorsFirstAndImprovementsLastOneItemPerChange() throws {
        var context = Fixtures.gate
        context.suggestedTrailers = ["Axdiff-Accept: order.regressed Checkout#retry_button"]
        let markdown = Report.markdown.render(Fixtures.mixed, context)
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        XCTAssertEqual(items.count, 8, "one line per change, whatever the labels hold")
        let html = try rendered(markdown)
        let outline = html.split(separator: "\n").filter { $0.hasPrefix("h") || $0.hasPrefix("code:") || $0.hasPrefix("ELEMENT") }
        XCTAssertEqual(outline, [
            "h2 ❌ axdiff check failed: 1 error, 2 warnings, 1 improvement, 1 accepted in 3 of 14 snapshots",
            "h3 ❌ Errors (1)", "h3 ⚠️ Warnings (2)", "h3 ☑️ Accepted (1)", "h3 ℹ️ Notes (3)", "h3 ✅ Improvements (1)",
            "code: Axdiff-Accept: order.regressed Checkout#retry_button",
        ])
        let lines = html.split(separator: "\n").map(String.init)
        let errors = try XCTUnwrap(lines.firstIndex(of: "h3 ❌ Errors (1)"))
        XCTAssertEqual(lines[errors + 1], "- Checkout · order.regressed · \"Try again\" is now read before \"Payment failed\" · WCAG 1.3.2 2.4.3 "
                       + "· before: Payment failed › Try again · after: Try again › Payment failed [bold: Checkout]", "a hand-made change has no windows to mark")
        let improvements = try XCTUnwrap(lines.firstIndex(of: "h3 ✅ Improvements (1)"))
        XCTAssertTrue(lines[improvements + 1].hasPrefix("- Checkout · group.merged · "), lines[improvements + 1])
        XCTAssertTrue(html.contains("- Settings 設定 · label.missing · A new button has no label; VoiceOver says only \"button\" (accepted)"), html)
    }

    func testTheMovedStopIsBoldInBeforeAndAfter() throws {
        let moved = ElementRef(id: "s2", label: "Setting 2", role: .button, index: 24)
        // "Setting 2" repeats in the window: the focus, not the first equal name, is the moved stop.
        let before = OrderWindow(names: ["Setting 2", "Setting 23", "Setting 24", "Setting 2", "Setting 25"], focus: 3, cutBefore: true, cutAfter: true)
        let after = OrderWindow(names: ["Setting 1", "Setting 2", "Setting 3", "Setting 4"], focus: 1, cutBefore: false, cutAfter: true)
        var change = Change(kind: .orderChanged, screen: "Settings", elements: [moved], before: before.line, after: after.line,
                            message: "\"Setting 2\" is now read after \"Setting 1\"")
        change.beforeWindow = before
        change.afterWindow = after
        let report = DiffReport(screens: [ScreenDiff(screen: "Settings", path: "Snapshots/Settings.json", changes: [change])], snapshotsCompared: 1)
        let markdown = Report.markdown.render(report, Fixtures.plain)
        XCTAssertTrue(markdown.contains("before: … › Setting 2 › Setting 23 › Setting 24 › **Setting 2** › Setting 25 › …"), markdown)
        XCTAssertTrue(markdown.contains("after: Setting 1 › **Setting 2** › Setting 3 › Setting 4 › …"), markdown)
        let html = try rendered(markdown)
        XCTAssertTrue(html.contains("[bold: Settings | Setting 2 | Setting 2]"), html)
        let onScreen = OrderWindow(names: ["A", "*B*"], focus: 1, cutBefore: false, cutAfter: false, onScreen: true)
        XCTAssertEqual(Report.markdownOrder(onScreen), "on screen: A › **\\*B\\***")
    }

    func testAScreenWithManyMovesListsTwentyAndSaysHowManyMore() throws {
        let changes = (0..<25).map { i -> Change in
            var change = Change(kind: .orderChanged, screen: "Feed", elements: [ElementRef(id: "row\(i)", label: "Row \(i)", role: .text, index: i)],
                                message: "\"Row \(i)\" moved")
            change.afterWindow = OrderWindow(names: ["Row \(i)"], focus: 0, cutBefore: true, cutAfter: true)
            return change
        }
        let report = DiffReport(screens: [ScreenDiff(screen: "Feed", path: "Snapshots/Feed.json", changes: changes)], snapshotsCompared: 1)
        let markdown = Report.markdown.render(report, Fixtures.plain)
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.contains("`order.changed`") }.count, 20)
        XCTAssertTrue(markdown.contains("- **Feed** (Snapshots/Feed.json): and 5 more stops moved"), markdown)
    }

    func testLabelsRenderAsThemselves() throws {
        let markdown = Report.markdown.render(Fixtures.mixed, Fixtures.plain)
        XCTAssertFalse(markdown.contains("<script"), "HTML in a label must be escaped")
        let html = try rendered(markdown)
        XCTAssertFalse(html.contains("ELEMENT"), html)
        XCTAssertTrue(html.contains(#"<script>alert("x")</script> | `code` *bold* _it_ [link](x) & \"#), html)
        XCTAssertTrue(html.contains("Hello world 👋 こんにちは"))
        XCTAssertFalse(markdown.contains("To accept"), "no trailer to paste when nothing fails a check")
        XCTAssertTrue(markdown.contains("> Merge commit: compared with its first parent."))
    }

    func testTwoScreensOfOneNameAreNamedByPath() throws {
        let html = try rendered(Report.markdown.render(Fixtures.twoPlatforms, Fixtures.gate))
        XCTAssertTrue(html.contains("- Orders (Snapshots/ios/Orders.json) · label.lost · #retry_button"), html)
        XCTAssertTrue(html.contains("- Orders (Snapshots/android/Orders.json) · label.lost · #retry_button"), html)
    }

    func testLongGroupsAreFolded() throws {
        let seed: UInt64 = 3
        let report = Fixtures.many(seed: seed, changes: 300)
        let markdown = Report.markdown.render(report, Fixtures.plain)
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        XCTAssertEqual(items.count, ReportModel(report).screens.flatMap(\.changes).count, "seed \(seed)")
        let folded = markdown.components(separatedBy: "<details>").count - 1
        XCTAssertEqual(folded, 5, "seed \(seed): every group has more than \(Report.markdownShownPerGroup) changes")
        XCTAssertTrue(markdown.contains("<summary>"), "seed \(seed)")
    }

    func testVerdictHeadings() {
        XCTAssertTrue(Report.markdown.render(DiffReport(screens: [], snapshotsCompared: 5), Fixtures.gate)
            .hasPrefix("## ✅ axdiff check passed: no accessibility changes in 5 snapshots\n"))
        var warningsOnly = Fixtures.design
        warningsOnly.screens[0].changes.removeAll { $0.severity == .error }
        XCTAssertTrue(Report.markdown.render(warningsOnly, Fixtures.plain).hasPrefix("## ⚠️ axdiff: 1 warning"))
    }
}
