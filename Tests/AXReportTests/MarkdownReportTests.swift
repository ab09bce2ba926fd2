import AXDiff
import AXReport
import XCTest

final class MarkdownReportTests: XCTestCase {
    func testHeadingTablesAndDetails() {
        let markdown = Report.markdown.render(Fixtures.design, Fixtures.withCommit)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "## ❌ axdiff: 1 error, 1 warning, 1 improvement in 1 of 14 snapshots")
        XCTAssertTrue(lines.contains("Commit 0123456789abcdef0123456789abcdef01234567: Move \"Try again\" &lt;up&gt; &amp; away"))
        XCTAssertTrue(lines.contains("### Checkout (Snapshots/Checkout.json)"))
        XCTAssertTrue(lines.contains("| Severity | Kind | Message | WCAG |"))
        XCTAssertTrue(lines.contains(
            "| ❌ error | `order.regressed` | \"Try again\" is now read before \"Payment failed\" | "
                + "[1.3.2](https://www.w3.org/WAI/WCAG22/Understanding/meaningful-sequence.html \"Meaningful Sequence\") "
                + "[2.4.3](https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html \"Focus Order\") |"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("| ✅ improvement | `group.merged` |") })
        XCTAssertTrue(lines.contains("<details>"))
        XCTAssertTrue(lines.contains("  - before: Payment failed › Card number › Try again › Support"))
        XCTAssertTrue(lines.contains("</details>"))
        XCTAssertEqual(lines.suffix(2), ["<sub>axdiff 0.1.0</sub>", ""])
    }

    func testVerdictHeadings() {
        XCTAssertTrue(Report.markdown.render(Fixtures.mixed, Fixtures.gate)
            .hasPrefix("## ❌ axdiff check failed: 1 error, 2 warnings, 1 improvement, 1 accepted in 3 of 14 snapshots\n"))
        XCTAssertTrue(Report.markdown.render(DiffReport(screens: [], snapshotsCompared: 5), Fixtures.gate)
            .hasPrefix("## ✅ axdiff check passed: no accessibility changes in 5 snapshots\n"))
        var warningsOnly = Fixtures.design
        warningsOnly.screens[0].changes.removeAll { $0.severity == .error }
        XCTAssertTrue(Report.markdown.render(warningsOnly, Fixtures.plain).hasPrefix("## ⚠️ axdiff: 1 warning"))
    }

    func testLabelsCannotBreakOutOfTheTable() throws {
        let markdown = Report.markdown.render(Fixtures.mixed, Fixtures.plain)
        XCTAssertFalse(markdown.contains("<script"), "HTML in a label must be escaped")
        XCTAssertTrue(markdown.contains(#"&lt;script&gt;alert("x")&lt;/script&gt; \| \`code\` \*bold\* \_it\_ \[link\](x) &amp; \\"#))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }
        XCTAssertEqual(rows.count, 3 + 8, "a header per screen and a row per change; no label adds a line")
        for row in rows {
            // Unescaped pipes: the 5 cell borders of a 4-column row.
            var pipes = 0, escaped = false
            for character in row {
                if character == "|" && !escaped { pipes += 1 }
                escaped = character == "\\" && !escaped
            }
            XCTAssertEqual(pipes, 5, String(row))
        }
        XCTAssertTrue(markdown.contains("Hello world 👋 こんにちは"))
        XCTAssertTrue(markdown.contains("### Settings 設定 (Snapshots/Settings 設定.json)"))
        XCTAssertTrue(markdown.contains("(accepted)"))
        XCTAssertTrue(markdown.contains("> Merge commit: compared with its first parent."))
    }
}
