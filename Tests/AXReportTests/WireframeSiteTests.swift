import AXDiff
@testable import AXReport
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The wireframe in the review site: above a commit's two lists, its moved stops linked to them; the latest on the screen page.
final class WireframeSiteTests: XCTestCase {
    func testCommitPageShowsTheWireframeAboveTheLists() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let commit = SiteCommit(sha: String(repeating: "ab", count: 20), subject: "Price first", author: "A",
                                date: Date(timeIntervalSince1970: 1_767_225_600), report: DiffReport(screens: [diff], snapshotsCompared: 1))
        let page = CommitPage.render(commit, site: SiteInfo(title: "Shop"))
        let figure = try XCTUnwrap(page.range(of: "<figure class=\"wireframe\">"))
        let lists = try XCTUnwrap(page.range(of: "<div class=\"columns\">"))
        XCTAssertLessThan(figure.lowerBound, lists.lowerBound)
        XCTAssertEqual(page.components(separatedBy: "<svg ").count - 1, 1)
        XCTAssertTrue(page.contains("aria-labelledby=\"s1-wf-title s1-wf-desc\""))
        // The spoken orders are the lists right below: the description points there rather than repeat them.
        XCTAssertTrue(page.contains("<desc id=\"s1-wf-desc\">The stops in spoken order, before and after, are the two lists below.</desc>"))
        // The moved stop, linked to both of its places in the lists, which exist.
        let move = try XCTUnwrap(diff.moves.first)
        XCTAssertTrue(page.contains("“Jasmine tea”, <a href=\"#s1-old-\(move.from + 1)\">stop \(move.from + 1) before</a>, <a href=\"#s1-new-\(move.to + 1)\">stop \(move.to + 1) after</a>"), page)
        XCTAssertTrue(page.contains("<li id=\"s1-old-\(move.from + 1)\" class=\"moved\">"))
        XCTAssertTrue(page.contains("<li id=\"s1-new-\(move.to + 1)\" class=\"moved\">"))
        try assertValidHTML(page)
    }

    func testScreenPageShowsTheLatestWireframe() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let sha = String(repeating: "cd", count: 20)
        let trend = ScreenTrend(path: diff.path, screen: diff.screen,
                                points: [TrendPoint(commit: SiteCommit(sha: sha, subject: "S", author: "A", date: Date(timeIntervalSince1970: 0),
                                                                       report: DiffReport(screens: [diff], snapshotsCompared: 1)), screen: diff)])
        let page = ScreenPage.render(trend, subjects: [:], site: SiteInfo(title: "Shop"), latest: diff)
        XCTAssertTrue(page.contains("<h2>Latest wireframe</h2>\n<figure class=\"wireframe\">\n<svg "))
        // One panel: the screen as the commit left it, read price first.
        XCTAssertTrue(page.contains("After cdcdcdc: 1 $4.50; 2 Add Jasmine tea to favorites, button; 3 Jasmine tea, heading;"), page)
        XCTAssertFalse(page.contains("Before: 5 stops"))
        let without = ScreenPage.render(trend, subjects: [:], site: SiteInfo(title: "Shop"))
        XCTAssertTrue(without.contains("The wireframe of this screen is on the page of <a href=\"../commits/\(sha).html\">"))
        try assertValidHTML(page)
    }

    func testScreenPageShowsTheVersionsBeforeTheLatestNewestFirst() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let shas = (0..<7).map { String(repeating: String(format: "%02x", $0 + 16), count: 20) }
        let points = shas.enumerated().map { k, sha in TrendPoint(sha: sha, timestamp: k * 60, stops: 5, errors: 0, warnings: 0) }
        let trend = ScreenTrend(path: diff.path, screen: diff.screen, points: points)
        let history = shas.reversed().map { (sha: $0, screen: diff) }
        let page = ScreenPage.render(trend, subjects: [shas[5]: "Price <first>"], site: SiteInfo(title: "Shop"), latest: diff, history: history)
        // The latest above; below it the four versions before, newest first, each a link to its commit page.
        let linked = page.components(separatedBy: "<h3 id=\"history-").dropFirst().map { String($0.prefix(80)) }
        XCTAssertEqual(linked.count, ScreenPage.historyLimit - 1)
        XCTAssertEqual(linked.map { $0.components(separatedBy: "commits/").dropFirst().first.map { String($0.prefix(40)) } },
                       Array(shas.reversed().dropFirst().prefix(4)))
        XCTAssertTrue(page.contains(">Commit 1515151</a> Price &lt;first&gt; <span"), page)
        XCTAssertTrue(page.contains("the table below lists all 7."))
        // Each one panel, the moved stop marked, its own text alternative its spoken order, with ids of its own.
        XCTAssertEqual(page.components(separatedBy: "<svg ").count - 1, 1 + 4 + 1, "latest, four earlier, the trend plot")
        for k in 1...4 {
            XCTAssertEqual(page.components(separatedBy: "id=\"history-\(k)-wf-desc\">After \(HTMLFormat.shortSHA(shas[6 - k])): 1 $4.50; 2 Add Jasmine tea to favorites, button; 3 Jasmine tea, heading (moved);").count - 1, 1, page)
        }
        XCTAssertEqual(page.components(separatedBy: "1 moved stop emphasised; its page shows the version before").count - 1, 4)
        XCTAssertFalse(page.contains("Before: 5 stops"))
        try assertValidHTML(page)
    }

    /// xmllint's HTML parser: no unclosed or misnested element.
    private func assertValidHTML(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard ExternalTools.which("xmllint") else { return }
        let path = try ExternalTools.write(for: self, page, named: "page.html")
        let run = try ExternalTools.run(["xmllint", "--html", "--noout", path])
        // libxml2's HTML parser does not know HTML5's and SVG's element names; anything else is an error.
        let errors = run.stderr.split(separator: "\n").filter { $0.contains("error") && !$0.contains("invalid in Entity") && !$0.contains("Tag ") }
        XCTAssertEqual(errors, [], run.stderr, file: file, line: line)
    }
}

