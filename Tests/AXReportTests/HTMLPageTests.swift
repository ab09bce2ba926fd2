import AXDiff
@testable import AXReport
import AXSnapshot
import Foundation
import XCTest

/// The site's renderers: escaping, structure, cross-column links.
final class HTMLPageTests: XCTestCase {
    func testEscapingTextAndAttributes() {
        XCTAssertEqual(HTMLEscape.text(HTMLFixtures.hostileLabel), "&lt;img src=x onerror=alert(1)&gt;")
        XCTAssertEqual(HTMLEscape.text(#"a & "b" 'c'"#), "a &amp; &quot;b&quot; &#39;c&#39;")
        XCTAssertEqual(HTMLEscape.text("bell\u{7}nul\u{0}del\u{7F}"), "bell\u{FFFD}nul\u{FFFD}del\u{FFFD}")
        XCTAssertEqual(HTMLEscape.text("line\nbreak\ttab 設定 👋"), "line\nbreak\ttab 設定 👋")
        XCTAssertEqual(HTMLEscape.attribute("a\nb\" onmouseover=\"x"), "a b&quot; onmouseover=&quot;x")
        let nonCharacters = [0xFDD0, 0xFFFE, 0x1FFFF].compactMap(Unicode.Scalar.init).map { "x" + String($0) }.joined()
        XCTAssertEqual(HTMLEscape.text(nonCharacters), "x\u{FFFD}x\u{FFFD}x\u{FFFD}")
        XCTAssertEqual(HTMLEscape.text("plain › text"), "plain › text")
    }

    func testHostileLabelsAndSubjectsAreText() throws {
        let page = CommitPage.render(HTMLFixtures.commit([try HTMLFixtures.checkout()]), site: HTMLFixtures.site)
        XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt;, button"), "the label is spoken text")
        XCTAssertTrue(page.contains("<h1>Commit 0123456: &lt;script&gt;alert(2)&lt;/script&gt;</h1>"))
        XCTAssertTrue(page.contains("<title>Commit 0123456: &lt;script&gt;alert(2)&lt;/script&gt; — shop &lt;app&gt;</title>"))
        XCTAssertTrue(page.contains("<dd>Ada &quot;&lt;b&gt;&quot; Lovelace</dd>"))
        XCTAssertFalse(page.contains("<img"))
        XCTAssertFalse(page.contains("<script"))
        XCTAssertFalse(page.contains("<b>"))
        HTMLChecks.assertFrame(page)

        // A subject with a line break stays one heading line; a title cannot be closed early.
        let sneaky = CommitPage.render(HTMLFixtures.commit([], subject: "a</title><script>x</script>\nb"), site: HTMLFixtures.site)
        XCTAssertTrue(sneaky.contains("<title>Commit 0123456: a&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; b — shop &lt;app&gt;</title>"))
        XCTAssertEqual(HTMLChecks.count("</title>", in: sneaky), 1)
        HTMLChecks.assertFrame(sneaky)
    }

    func testReadingOrdersAreTwoOrderedListsLinkedAcrossColumns() throws {
        let page = CommitPage.render(HTMLFixtures.commit([try HTMLFixtures.checkout(), try HTMLFixtures.orders()]),
                                     site: HTMLFixtures.site)
        HTMLChecks.assertFrame(page)
        XCTAssertEqual(HTMLChecks.count("<ol class=\"order\">", in: page), 4, "before and after, per screen")
        XCTAssertEqual(HTMLChecks.count("<li id=\"s1-old-", in: page), 7)
        XCTAssertEqual(HTMLChecks.count("<li id=\"s1-new-", in: page), 6)
        // Moved: old 3 ↔ new 1, marked in words on both sides.
        XCTAssertTrue(page.contains(##"<li id="s1-old-3" class="moved">Try again, button <span class="tag tag-moved">moved</span> <span aria-hidden="true">→</span> now <a href="#s1-new-1">stop 1</a></li>"##))
        XCTAssertTrue(page.contains(##"<li id="s1-new-1" class="moved">Try again, button <span class="tag tag-moved">moved</span> <span aria-hidden="true">←</span> was <a href="#s1-old-3">stop 3</a></li>"##))
        // Merged: old 5 and 6 → new 5.
        XCTAssertTrue(page.contains(##"<li id="s1-new-5">Total, $24.80 <span class="tag tag-merged">merged</span> <span aria-hidden="true">←</span> was <a href="#s1-old-5">stop 5</a>, <a href="#s1-old-6">stop 6</a></li>"##))
        XCTAssertTrue(page.contains(##"<li id="s1-old-6">$24.80 <span class="tag tag-merged">merged</span> <span aria-hidden="true">→</span> now <a href="#s1-new-5">stop 5</a></li>"##))
        // Added and removed have no counterpart.
        XCTAssertTrue(page.contains(#"<li id="s1-new-6">&lt;img src=x onerror=alert(1)&gt;, button <span class="tag tag-added">added</span></li>"#))
        XCTAssertTrue(page.contains(#"<li id="s1-old-7">Close, button <span class="tag tag-removed">removed</span></li>"#))
        // Unchanged stops are neither marked nor linked.
        XCTAssertTrue(page.contains(#"<li id="s1-old-4">Support, button</li>"#))
        // Split: the second screen's old 2 → new 2 and 3.
        XCTAssertTrue(page.contains(##"<li id="s2-old-2">Order 1042, Delivered <span class="tag tag-split">split</span> <span aria-hidden="true">→</span> now <a href="#s2-new-2">stop 2</a>, <a href="#s2-new-3">stop 3</a></li>"##))
        XCTAssertTrue(page.contains(##"<li id="s2-new-3">Delivered <span class="tag tag-split">split</span> <span aria-hidden="true">←</span> was <a href="#s2-old-2">stop 2</a></li>"##))
        // The in-page navigation between screens.
        XCTAssertTrue(page.contains(#"<nav aria-label="Screens in this commit">"#))
        XCTAssertTrue(page.contains(#"<a href="../screens/\#(SiteSlug.screen(path: "Snapshots/Orders.json")).html">History of Orders</a>"#))
    }

    func testChangesTableHasHeadersCaptionAndWCAGLinks() throws {
        let page = CommitPage.render(HTMLFixtures.commit([try HTMLFixtures.checkout()]), site: HTMLFixtures.site)
        XCTAssertTrue(page.contains(#"<caption id="s1-changes">Changes on Checkout</caption>"#))
        XCTAssertTrue(page.contains(#"<thead><tr><th scope="col">Change</th><th scope="col">Message and WCAG criteria</th></tr></thead>"#))
        XCTAssertTrue(page.contains(#"<a href="https://www.w3.org/WAI/WCAG22/Understanding/meaningful-sequence.html">1.3.2 Meaningful Sequence</a> (A)"#))
        XCTAssertTrue(page.contains(#"<a href="https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html">2.4.3 Focus Order</a> (A)"#))
        // Severity in words (the symbol is hidden from screen readers), errors first.
        let error = try XCTUnwrap(page.range(of: #"<span aria-hidden="true">✗ </span>Error</span>"#))
        let improvement = try XCTUnwrap(page.range(of: #"<span aria-hidden="true">✓ </span>Improvement</span>"#))
        XCTAssertLessThan(error.lowerBound, improvement.lowerBound)
        XCTAssertTrue(page.contains("Before: Payment failed › Card number"))
    }

    func testRealDiffsLinkEveryMarkedStop() throws {
        let old = """
        {"axsnapshot": 1, "screen": "Orders", "elements": [
          {"role": "heading", "label": "Your orders"},
          {"role": "text", "label": "Order 1042"}, {"role": "text", "label": "Delivered"},
          {"role": "button", "label": "Reorder"}, {"role": "button", "label": "Help"},
          {"role": "text", "label": "Order 1043, Shipped"}, {"role": "image"}
        ]}
        """
        let new = """
        {"axsnapshot": 1, "screen": "Orders", "elements": [
          {"role": "button", "label": "Help"},
          {"role": "heading", "label": "Your orders"},
          {"role": "text", "label": "Order 1042, Delivered"},
          {"role": "button", "label": "Reorder"},
          {"role": "text", "label": "Order 1043"}, {"role": "text", "label": "Shipped"},
          {"role": "link", "label": "More"}
        ]}
        """
        let diff = ScreenDiffer.diff(old: try SnapshotReader.read(Array(old.utf8), file: "a.json"),
                                     new: try SnapshotReader.read(Array(new.utf8), file: "b.json"), path: "Snapshots/Orders.json")
        let page = CommitPage.render(HTMLFixtures.commit([diff], subject: "Regroup orders"), site: HTMLFixtures.site)
        HTMLChecks.assertFrame(page)
        for mark in ["moved", "merged", "split", "added", "removed"] {
            XCTAssertTrue(page.contains("tag-\(mark)"), "\(mark) is marked")
        }
        // Each link is answered by a link back from its target.
        let pairs = HTMLChecks.captures(#"<li id="(s1-(?:old|new)-\d+)"[ >][^\n]*"#, in: page)
        XCTAssertEqual(pairs.count, diff.stopsBefore.count + diff.stopsAfter.count)
        for line in page.split(separator: "\n") where line.hasPrefix("<li id=\"s1-") {
            guard let id = HTMLChecks.captures(#"<li id="([^"]+)""#, in: String(line)).first else { continue }
            for target in HTMLChecks.captures(##"href="#([^"]+)""##, in: String(line)) {
                let back = page.split(separator: "\n").first { $0.hasPrefix("<li id=\"\(target)\">") || $0.hasPrefix("<li id=\"\(target)\" ") }
                XCTAssertTrue(back?.contains("href=\"#\(id)\"") == true, "\(target) links back to \(id)")
            }
        }
    }

    func testTwoBranchesAreTwoLinesAndOneDayShowsTimes() {
        let points = (0..<5).map { i in
            TrendPoint(sha: String(repeating: "\(i)", count: 40), timestamp: 1_767_225_600 + i * 600, stops: 3 + i, errors: 0, warnings: 0)
        }
        // 0 ← 1 ← 3 on main, 0 ← 2 ← 4 on a branch: two runs forking at point 0.
        XCTAssertEqual(TrendPlot.chains(points, continues: [nil, 0, 0, 1, 2]), [[0, 1, 3], [0, 2, 4]])
        XCTAssertEqual(TrendPlot.chains(points, continues: [nil, 0, 1, 2, 3]), [[0, 1, 2, 3, 4]])
        XCTAssertEqual(TrendPlot.chains(points, continues: [nil, nil, nil, nil, nil]), [[0], [1], [2], [3], [4]])
        let trend = ScreenTrend(path: "Snapshots/A.json", screen: "A", points: points)
        let forked = TrendPlot.svg(trend, continues: [nil, 0, 0, 1, 2])
        XCTAssertEqual(HTMLChecks.count("<polyline", in: forked), 2)
        XCTAssertEqual(HTMLChecks.count("stroke-dasharray", in: forked), 1, "the branch's line is dashed")
        XCTAssertEqual(HTMLChecks.count("<polyline", in: TrendPlot.svg(trend)), 1, "without lineage, one line in time order")
        // All five commits fall on one day: the axis says the times, not one date twice.
        XCTAssertTrue(forked.contains(">2026-01-01 00:00 UTC</text>"), forked)
        XCTAssertTrue(forked.contains(">2026-01-01 00:40 UTC</text>"), forked)
        XCTAssertEqual(TrendPlot.axisLabels(Array(points.prefix(1)))?.1, nil, "one moment, one label")
    }

    func testScreenPageHasATextAlternativeAndADataTable() {
        let trend = ScreenTrend(path: "Snapshots/Check <out>.json", screen: "Check <out>", points: [
            TrendPoint(sha: String(repeating: "a", count: 40), timestamp: 1_767_225_600, stops: 5, errors: 0, warnings: 1),
            TrendPoint(sha: String(repeating: "b", count: 40), timestamp: 1_767_229_200, stops: nil, errors: 1, warnings: 0),
            TrendPoint(sha: String(repeating: "c", count: 40), timestamp: 1_767_312_000, stops: 9, errors: 2, warnings: 3),
        ])
        let page = ScreenPage.render(trend, subjects: [String(repeating: "c", count: 40): HTMLFixtures.hostileSubject], site: HTMLFixtures.site)
        HTMLChecks.assertFrame(page)
        XCTAssertTrue(page.contains("<h1>Screen: Check &lt;out&gt;</h1>"))
        XCTAssertTrue(page.contains(#"<svg viewBox="0 0 800 432""#))
        XCTAssertTrue(page.contains(#"aria-labelledby="trend-title" aria-describedby="trend-desc""#))
        XCTAssertTrue(page.contains(#"<title id="trend-title">Stops, errors and warnings of Check &lt;out&gt; per commit</title>"#))
        XCTAssertTrue(page.contains("<desc id=\"trend-desc\">3 commits changed Check &lt;out&gt; between 2026-01-01 and 2026-01-02. "
            + "Stops went from 5 to 9 (fewest 5, most 9). 1 version could not be read. 3 errors and 4 warnings in all. "
            + "The table after the plot lists every value.</desc>"))
        // Every point is a link to its commit page, named by its title.
        let svg = page.components(separatedBy: "<svg")[1].components(separatedBy: "</svg>")[0]
        XCTAssertEqual(HTMLChecks.count(#"<a href="../commits/"#, in: svg), 3)
        XCTAssertTrue(page.contains(#"<a href="../commits/cccccccccccccccccccccccccccccccccccccccc.html"><title>Commit ccccccc, 2026-01-02 00:00 UTC: 9 stops, 2 errors, 3 warnings</title>"#))
        // The fallback table: captioned, column and row headers, every value.
        XCTAssertTrue(page.contains(#"<caption id="values">Check &lt;out&gt;: stops, errors and warnings per commit, oldest first</caption>"#))
        XCTAssertEqual(HTMLChecks.count("<th scope=\"row\" class=\"user\">", in: page), 3)
        XCTAssertEqual(HTMLChecks.count("<tr class=\"fails\"><th scope=\"row\" class=\"user\">", in: page), 2, "the commits with errors are marked")
        XCTAssertTrue(page.contains(#"<td class="num">unreadable</td>"#))
        XCTAssertTrue(page.contains("</code></a> &lt;script&gt;alert(2)&lt;/script&gt;<br><span class=\"by\"><time"))
        // The stop line breaks at the unreadable version instead of dropping to zero.
        XCTAssertEqual(HTMLChecks.count("<polyline", in: page), 2)
    }

    func testTrendPlotWithOneOrNoPoint() {
        let one = ScreenTrend(path: "a.json", screen: "A", points: [TrendPoint(sha: "d", timestamp: 0, stops: 0, errors: 0, warnings: 0)])
        let svg = TrendPlot.svg(one)
        XCTAssertTrue(svg.contains("1 commit changed A on 1970-01-01. It has 0 stops."))
        XCTAssertTrue(svg.contains(#"<circle cx="420" cy="236""#), "a single point sits in the middle, at zero")
        let none = TrendPlot.svg(ScreenTrend(path: "b.json", screen: "B", points: []))
        XCTAssertTrue(none.contains("No commit has changed this screen."))
        XCTAssertFalse(none.contains("<a "))
    }

    func testIndexListsCommitsNewestFirstWithVerdicts() throws {
        let commits = (1...3).map { n in
            SiteCommitSummary(sha: String(repeating: "\(n)", count: 40), subject: n == 3 ? HTMLFixtures.hostileSubject : "Commit \(n)",
                              author: "A", timestamp: 1_767_225_600 + n * 60, errors: n == 2 ? 1 : 0, warnings: 0,
                              improvements: 0, headline: "")
        }
        let screens = [ScreenTrend(path: "Snapshots/Checkout.json", screen: "Checkout",
                                   points: [TrendPoint(sha: commits[0].sha, timestamp: 0, stops: 4, errors: 0, warnings: 0)])]
        let branches = [
            BranchVerdict(name: "feature/<b>x</b>", tip: commits[2].sha, mergeBase: commits[0].sha, status: .fails, errors: 1),
            BranchVerdict(name: "main", tip: commits[1].sha, mergeBase: nil, status: .base),
            BranchVerdict(name: "orphan", tip: "f", mergeBase: nil, status: .passes),
        ]
        let page = SiteIndexPage.render(commits: commits, screens: screens, branches: branches, site: HTMLFixtures.site)
        HTMLChecks.assertFrame(page)
        XCTAssertTrue(page.contains("<h1>Accessibility review of shop &lt;app&gt;</h1>"))
        let third = try? XCTUnwrap(page.range(of: "commits/3333333333333333333333333333333333333333.html"))
        let first = try? XCTUnwrap(page.range(of: "<a href=\"commits/1111111111111111111111111111111111111111.html\"><code>1111111"))
        XCTAssertLessThan(third?.lowerBound ?? page.endIndex, first?.lowerBound ?? page.startIndex, "newest first")
        XCTAssertTrue(page.contains("<td class=\"user\">&lt;script&gt;alert(2)&lt;/script&gt;<br>"))
        XCTAssertTrue(page.contains(#"<tr class="fails"><th scope="row" class="user">feature/<wbr>&lt;b&gt;x&lt;/<wbr>b&gt;</th><td><span class="verdict-fails"><span aria-hidden="true">✗ </span>fails</span></td><td>1 error, 0 warnings</td>"#))
        XCTAssertTrue(page.contains(#"<th scope="row" class="user">main</th><td>base branch</td><td></td>"#))
        XCTAssertTrue(page.contains("none (no common history)"))
        XCTAssertTrue(page.contains(#"<caption id="commits-caption">Commits, newest first; commits with errors are marked</caption>"#))
        // Failing branches come first, and what needs attention is said before any table.
        let failing = try XCTUnwrap(page.range(of: "<tr class=\"fails\"><th scope=\"row\" class=\"user\">feature"))
        let base = try XCTUnwrap(page.range(of: "<th scope=\"row\" class=\"user\">main</th>"))
        XCTAssertLessThan(failing.lowerBound, base.lowerBound)
        let attention = try XCTUnwrap(page.range(of: "<h2 id=\"attention\">Needs attention</h2>"))
        XCTAssertLessThan(attention.lowerBound, try XCTUnwrap(page.range(of: "<h2 id=\"branches\">")).lowerBound)
        XCTAssertTrue(page.contains("<p>1 branch fails the check:</p>"), page)
        XCTAssertTrue(page.contains(#"<a href="screens/\#(SiteSlug.screen(path: "Snapshots/Checkout.json")).html">Checkout</a>"#))
        XCTAssertTrue(page.contains(#"<time datetime="2026-01-01T00:03:00Z"><span class="nw">2026-01-01</span> <span class="nw">00:03 UTC</span></time>"#))
    }

    func testSlugsAreSafeAndDistinct() {
        let a = SiteSlug.screen(path: "a/b.json"), b = SiteSlug.screen(path: "a-b.json")
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(a.hasPrefix("a-b-json-"))
        let odd = SiteSlug.screen(path: "Snapshots/設定 <x>/../Ünï.json")
        XCTAssertTrue(odd.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, odd)
        XCTAssertTrue(SiteSlug.screen(path: "設定.json").hasPrefix("json-"))
        XCTAssertTrue(SiteSlug.screen(path: "///").hasPrefix("screen-"))
        XCTAssertLessThanOrEqual(SiteSlug.screen(path: String(repeating: "x/", count: 200)).count, 60 + 9)
    }

    func testPagesAreDeterministic() throws {
        let commit = HTMLFixtures.commit([try HTMLFixtures.checkout(), try HTMLFixtures.orders()])
        XCTAssertEqual(Array(CommitPage.render(commit, site: HTMLFixtures.site).utf8),
                       Array(CommitPage.render(commit, site: HTMLFixtures.site).utf8))
        // Screens are shown by path whatever order the report holds them in.
        var reversed = commit
        reversed.report.screens.reverse()
        XCTAssertEqual(CommitPage.render(reversed, site: HTMLFixtures.site), CommitPage.render(commit, site: HTMLFixtures.site))
    }
}
